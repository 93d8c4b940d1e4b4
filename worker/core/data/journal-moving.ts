// A journal moving to another journal database refuses writes on its old one for a few seconds (docs/decisions/0280):
// the source's triggers raise 'journal_moving'. Requests answer 503 (core/middleware/errors.ts); work outside requests
// (queue consumers, Durable Objects) waits and tries again on the journal's database as it is then.
import { forgetShard } from "./shards";

/** Is this error (or one of its causes: D1 and drizzle wrap it) a write refused by a journal's move? */
export function isJournalMoving(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++)
    if (/journal_moving/.test(String((e as Error)?.message ?? e))) return true;
  return false;
}

/**
 * Runs `write` (which must look the journal's database up itself) and, while it is refused because the journal is
 * moving, forgets the remembered database and runs it again, for up to `budgetMs`. Other errors go on at once.
 */
export async function retryWhileMoving<T>(journalId: number | undefined, write: () => Promise<T>, budgetMs = 15_000): Promise<T> {
  const until = Date.now() + budgetMs;
  for (;;) {
    try {
      return await write();
    } catch (err) {
      if (!isJournalMoving(err) || Date.now() >= until) throw err;
      forgetShard(journalId);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
