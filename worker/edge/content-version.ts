// The one hook every admin write goes through: bump the journal's content version (docs/decisions/0110).
// A new version means new edge-cache keys, so no reader is served an answer from before the write: at once in
// this isolate and for the admin who saved (cookie below), within STALE_BOUND_MS everywhere else.
import type { Context, MiddlewareHandler } from "hono";
import { eq, sql } from "drizzle-orm";
import { setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { journals } from "../data/schema";
import { nowIso } from "../data/db";
import { forgetJournals } from "./journal-memo";
import { STALE_BOUND_MS } from "./freshness";

/** "<journalId>.<version>": the newest version this browser has caused; its public reads never use an older one. */
export const VERSION_COOKIE = "content-version";

const bumped = new WeakSet<Request>();

/** Bumps the content version of the request's journal (once per request) and returns the new version. */
export async function bumpContentVersion(c: Context<AppEnv>): Promise<number> {
  const journal = c.get("journal");
  const [row] = await c
    .get("db")
    .update(journals)
    .set({ contentVersion: sql`${journals.contentVersion} + 1`, contentChangedAt: nowIso() })
    .where(eq(journals.id, journal.id))
    .returning({ version: journals.contentVersion });
  bumped.add(c.req.raw);
  forgetJournals();
  const version = row?.version ?? journal.contentVersion + 1;
  setCookie(c, VERSION_COOKIE, `${journal.id}.${version}`, {
    path: "/",
    maxAge: Math.ceil((STALE_BOUND_MS * 2) / 1000),
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
  return version;
}

/** After any successful write by an authenticated admin (c.get("admin") set by requireAdmin): bump, once. */
export const bumpAfterAdminWrite: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const method = c.req.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return;
  if (!c.get("admin") || c.res.status >= 400 || bumped.has(c.req.raw)) return;
  c.res = new Response(c.res.body, c.res);
  await bumpContentVersion(c);
};

/** The version a request's cookie asks for, for this journal (0 when none). */
export function versionFromCookie(cookie: string | undefined, journalId: number): number {
  const m = /^(\d{1,12})\.(\d{1,15})$/.exec(cookie ?? "");
  return m && Number(m[1]) === journalId ? Number(m[2]) : 0;
}
