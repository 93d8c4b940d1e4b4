// Host -> journal: every request is scoped to the journal its Host header names (or the default one).
// The lookup is remembered per isolate (worker/edge/journal-memo.ts): a warm isolate makes no database call.
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { journalForHost } from "../edge/journal-memo";
import { VERSION_COOKIE, versionFromCookie } from "../edge/content-version";
import { HttpError } from "../errors";
import { hostNameOf } from "#contract/host";

/** Needs c.get("db") (set by requestContext, worker/middleware/request-context.ts, over a D1 session). */
export const resolveJournal: MiddlewareHandler<AppEnv> = async (c, next) => {
  const wanted = getCookie(c, VERSION_COOKIE);
  // In Workers the request URL carries the Host the client sent; never X-Forwarded-Host.
  const journal = await journalForHost(c.get("db"), hostNameOf(new URL(c.req.url).host), (id) => versionFromCookie(wanted, id));
  if (!journal) throw new HttpError(503, "no_journal_configured");
  c.set("journal", journal);
  await next();
};
