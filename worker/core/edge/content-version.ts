// After an admin write: the journal's content version was bumped in the write's own D1 batch
// (worker/core/audit/admin-events.repo.ts afterAdminWrite, docs/decisions/0110). A new version means new edge-cache keys,
// so no reader is served an answer from before the write: at once in this isolate (the journal memo is
// forgotten) and for the admin who saved (cookie below), within STALE_BOUND_MS everywhere else.
import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { forgetJournals } from "./journal-memo";
import { STALE_BOUND_MS } from "./freshness";
import { PLATFORM_DATABASE } from "../data/shards";
import { bumpContentVersion } from "../audit/admin-events.repo";

/** "<journalId>.<version>": the newest version this browser has caused; its public reads never use an older one. */
export const VERSION_COOKIE = "content-version";

/**
 * After a committed admin write: the handler's batch held afterAdminWrite's statements (which mark the request,
 * c.get("adminWrite")) and the answer is a success. Logout, document generation and refused writes leave the
 * version alone. A journal whose rows live in a journal database (docs/decisions/0240) has its authoritative row in
 * the platform database, which a batch over its shard cannot reach: its version moves here, once the write committed.
 */
export const noteAdminWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.get("adminWrite") || c.res.status >= 400) return;
  const journal = c.get("journal");
  if (journal.shard !== PLATFORM_DATABASE) await bumpAfterCommit(c.var.platformDb, journal.id);
  forgetJournals();
  c.res = new Response(c.res.body, c.res);
  // At least the version this write made (another admin's write may have made it higher still).
  setCookie(c, VERSION_COOKIE, `${journal.id}.${journal.contentVersion + 1}`, {
    path: "/",
    maxAge: Math.ceil((STALE_BOUND_MS * 2) / 1000),
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
};

/**
 * The platform's half of a committed write: the write stands whatever happens here, so a failed bump is tried once
 * more and then only reported — the answer stays a success (the change is saved), and the journal's cached answers
 * age out by the edge's TTL instead of at once (docs/decisions/0240).
 */
async function bumpAfterCommit(platformDb: Parameters<typeof bumpContentVersion>[0], journalId: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await bumpContentVersion(platformDb, journalId);
    } catch (err) {
      if (attempt >= 2) return console.warn("content version not moved after a committed write", journalId, String(err));
    }
  }
}

/** The version a request's cookie asks for, for this journal (0 when none). */
export function versionFromCookie(cookie: string | undefined, journalId: number): number {
  const m = /^(\d{1,12})\.(\d{1,15})$/.exec(cookie ?? "");
  return m && Number(m[1]) === journalId ? Number(m[2]) : 0;
}
