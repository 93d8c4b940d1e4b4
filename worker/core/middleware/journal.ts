// Host -> journal: every request is scoped to the journal its Host header names (or the default one, when the
// platform lets unknown hosts have it). The lookup is remembered per isolate (worker/core/edge/journal-memo.ts): a warm
// isolate makes no database call. A suspended journal answers only its notice; a host of no journal the neutral
// "no journal here" (worker/platform/notices.ts, docs/decisions/0161-hosts.md).
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { hostMatchFor } from "../edge/journal-memo";
import { VERSION_COOKIE, versionFromCookie } from "../edge/content-version";
import { noJournalAnswer, suspendedAnswer } from "../../platform/notices";
import { hostNameOf } from "#contract/host";

export const JOURNAL_SUSPENDED = "suspended";

/**
 * What a suspended journal still answers: certificate verification (/verify, its page data), so certificates already
 * issued can still be checked while the rest of the site is offline (issue 38 item 5; the console says so).
 */
const servedWhileSuspended = (path: string, route: string | undefined) =>
  path === "/verify" || path.startsWith("/verify/") || (path === "/_data" && route === "verify");

/** Needs c.var.platformDb (set by requestContext, worker/core/middleware/request-context.ts, over a D1 session); sets
 * c.var.db to the journal's own database (its shard, docs/decisions/0240). */
export const resolveJournal: MiddlewareHandler<AppEnv> = async (c, next) => {
  const wanted = getCookie(c, VERSION_COOKIE);
  // In Workers the request URL carries the Host the client sent; never X-Forwarded-Host.
  const match = await hostMatchFor(c.var.platformDb, hostNameOf(new URL(c.req.url).host), (id) => versionFromCookie(wanted, id));
  if (!match) return noJournalAnswer(c);
  if (match.journal.status === JOURNAL_SUSPENDED && !servedWhileSuspended(c.req.path, c.req.query("route")))
    return suspendedAnswer(c, match.journal.websitename);
  c.set("journal", match.journal);
  c.set("db", c.var.databaseFor(match.journal.shard));
  c.set("headerBranch", match.altHeader ? "alt" : "default");
  await next();
};
