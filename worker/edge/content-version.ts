// After an admin write: the journal's content version was bumped in the write's own D1 batch
// (worker/data/admin-events.repo.ts afterAdminWrite, docs/decisions/0110). A new version means new edge-cache keys,
// so no reader is served an answer from before the write: at once in this isolate (the journal memo is
// forgotten) and for the admin who saved (cookie below), within STALE_BOUND_MS everywhere else.
import type { MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { forgetJournals } from "./journal-memo";
import { STALE_BOUND_MS } from "./freshness";

/** "<journalId>.<version>": the newest version this browser has caused; its public reads never use an older one. */
export const VERSION_COOKIE = "content-version";

/** Admin calls that only read, though sent with POST (document generation). */
const READ_ONLY_POSTS = ["/api/pdf/"];

/** After a successful write by an authenticated admin (c.get("admin") set by requireAdmin): no D1 call here. */
export const noteAdminWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  if (!c.get("admin") || c.res.status >= 400 || READ_ONLY_POSTS.some((p) => c.req.path.startsWith(p))) return;
  if (c.get("wroteNothing")) return;
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
