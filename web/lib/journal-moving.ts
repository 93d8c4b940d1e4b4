// While a journal moves to another database its writes pause for a few seconds (docs/decisions/0280): the Worker
// answers 503 { error: "journal_moving" } with Retry-After. The admin and console clients send the same request
// again by themselves, for up to ~30 s, so nothing typed is lost and nobody sees an error for a pause.

/** How long a request is retried through a move before its 503 is shown. */
export const MOVE_RETRY_BUDGET_MS = 30_000;

/** Sends `send()` again while it answers 503 journal_moving (waiting Retry-After, 2 s by default), within the budget. */
export async function sendThroughMove(
  send: () => Promise<Response>,
  signal?: AbortSignal,
  budgetMs = MOVE_RETRY_BUDGET_MS,
): Promise<Response> {
  const until = Date.now() + budgetMs;
  for (;;) {
    const res = await send();
    if (res.status !== 503 || signal?.aborted || Date.now() >= until) return res;
    const code = await res
      .clone()
      .json()
      .then((b: { error?: unknown }) => b?.error)
      .catch(() => undefined);
    if (code !== "journal_moving") return res;
    const wait = Math.min(Math.max(Number(res.headers.get("Retry-After")) || 2, 1) * 1000, until - Date.now());
    await res.body?.cancel().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (signal?.aborted) return res;
  }
}
