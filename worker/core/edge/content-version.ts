// After an admin write: the journal's content version was bumped in the write's own D1 batch
// (worker/core/audit/admin-events.repo.ts afterAdminWrite, docs/decisions/0110). A new version means new edge-cache keys,
// so no reader is served an answer from before the write: at once in this isolate (the journal memo is
// forgotten) and for the admin who saved (cookie below), within STALE_BOUND_MS everywhere else.
import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { forgetJournals } from "./journal-memo";
import { STALE_BOUND_MS } from "./freshness";

/** "<journalId>.<version>": the newest version this browser has caused; its public reads never use an older one. */
export const VERSION_COOKIE = "content-version";

/**
 * After a committed admin write: the handler's batch held afterAdminWrite's statements (which mark the request,
 * c.get("adminWrite")) and the answer is a success. Logout, document generation and refused writes leave the
 * version alone. No D1 call here.
 */
export const noteAdminWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.get("adminWrite") || c.res.status >= 400) return;
  forgetJournals();
  const journal = c.get("journal");
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

/** The version a request's cookie asks for, for this journal (0 when none). */
export function versionFromCookie(cookie: string | undefined, journalId: number): number {
  const m = /^(\d{1,12})\.(\d{1,15})$/.exec(cookie ?? "");
  return m && Number(m[1]) === journalId ? Number(m[2]) : 0;
}
