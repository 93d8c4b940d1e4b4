// D1 read replication (docs/decisions/0111-d1-sessions.md): every request reads through a D1 session.
//   - public reads: "first-unconstrained" (the nearest replica may answer);
//   - admin calls and writes: "first-primary", or the bookmark the client carries (header X-D1-Bookmark or the
//     d1-bookmark cookie), so the admin reads their own writes on any replica. Their answers return the bookmark.
import type { Context } from "hono";
import { drizzle } from "drizzle-orm/d1";
import { setCookie } from "hono/cookie";
import * as schema from "../data/schema";
import type { AppEnv, Db } from "../env";

export const BOOKMARK_HEADER = "X-D1-Bookmark";
export const BOOKMARK_COOKIE = "d1-bookmark";
/** How long the browser keeps the admin's bookmark: longer than any replica lag we expect. */
const BOOKMARK_COOKIE_SECONDS = 300;

const sessions = new WeakMap<Request, D1DatabaseSession>();

export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

/** A bookmark the client sent back, if it looks like one. */
export function bookmarkOf(req: Request): string | undefined {
  const raw = req.headers.get(BOOKMARK_HEADER) ?? cookieValue(req, BOOKMARK_COOKIE);
  return raw && /^[A-Za-z0-9-]{1,200}$/.test(raw) ? raw : undefined;
}

/** Public reads: GET/HEAD without credentials. */
export const isPublicRead = (req: Request): boolean => (req.method === "GET" || req.method === "HEAD") && !req.headers.has("authorization");

/** The session of this request (one per request; `sameAs` shares the session of the request it was made from). */
export function sessionFor(req: Request, binding: D1Database, sameAs?: Request): D1DatabaseSession {
  let session = sessions.get(req) ?? (sameAs && sessions.get(sameAs));
  if (!session) session = binding.withSession(bookmarkOf(req) ?? (isPublicRead(req) ? "first-unconstrained" : "first-primary"));
  sessions.set(req, session);
  return session;
}

/** drizzle over a session: it only uses prepare() and batch(), which sessions have. */
export const drizzleOver = (session: D1DatabaseSession): Db => drizzle(session as unknown as D1Database, { schema });

/** After the answer: admin answers and writes carry the session's bookmark back (header, and a cookie after writes). */
export function returnBookmark(c: Context<AppEnv>, session: D1DatabaseSession): void {
  if (isPublicRead(c.req.raw)) return;
  const bookmark = session.getBookmark();
  if (!bookmark) return;
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set(BOOKMARK_HEADER, bookmark);
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) {
    setCookie(c, BOOKMARK_COOKIE, bookmark, { path: "/", maxAge: BOOKMARK_COOKIE_SECONDS, httpOnly: true, secure: true, sameSite: "Lax" });
  }
}
