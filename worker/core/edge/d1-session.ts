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

/** A request's sessions, one per database it reads (docs/decisions/0240: the platform database and the journal's). */
const sessions = new WeakMap<Request, Map<string, D1DatabaseSession>>();

export function cookieValue(req: Request, name: string): string | undefined {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return v.join("=");
  }
  return undefined;
}

const BOOKMARK = /^[A-Za-z0-9-]{1,200}$/;
const DATABASE = /^[A-Z][A-Z0-9_]{0,39}$/;

/**
 * The bookmarks the client sent back, by database. A bookmark belongs to one database, so the answer carries one per
 * database the request used: "DB~<bookmark>.JOURNALS_2~<bookmark>"; a bare bookmark (before shards) is the platform
 * database's. Anything else is ignored.
 */
export function bookmarksOf(req: Request): Map<string, string> {
  const raw = req.headers.get(BOOKMARK_HEADER) ?? cookieValue(req, BOOKMARK_COOKIE);
  const out = new Map<string, string>();
  if (!raw || raw.length > 1000) return out;
  if (BOOKMARK.test(raw)) return out.set("DB", raw);
  for (const part of raw.split(".")) {
    const [db, bookmark, ...rest] = part.split("~");
    if (rest.length === 0 && DATABASE.test(db ?? "") && BOOKMARK.test(bookmark ?? "")) out.set(db, bookmark);
  }
  return out;
}

/** The client's bookmark for one database, if it sent one. */
export const bookmarkOf = (req: Request, database = "DB"): string | undefined => bookmarksOf(req).get(database);

/** Public reads: GET/HEAD without credentials. */
export const isPublicRead = (req: Request): boolean => (req.method === "GET" || req.method === "HEAD") && !req.headers.has("authorization");

/**
 * The session of this request over one database (one per request and database; `sameAs` shares the sessions of the
 * request it was made from). `database` is the binding's name, which the client's bookmarks are filed under.
 */
export function sessionFor(req: Request, binding: D1Database, sameAs?: Request, database = "DB"): D1DatabaseSession {
  let byDatabase = sessions.get(req) ?? (sameAs && sessions.get(sameAs));
  if (!byDatabase) byDatabase = new Map();
  sessions.set(req, byDatabase);
  let session = byDatabase.get(database);
  if (!session) {
    session = binding.withSession(bookmarkOf(req, database) ?? (isPublicRead(req) ? "first-unconstrained" : "first-primary"));
    byDatabase.set(database, session);
  }
  return session;
}

/** drizzle over a session: it only uses prepare() and batch(), which sessions have. */
export const drizzleOver = (session: D1DatabaseSession): Db => drizzle(session as unknown as D1Database, { schema });

/** After the answer: admin answers and writes carry the sessions' bookmarks back (header, and a cookie after writes). */
export function returnBookmark(c: Context<AppEnv>, req: Request = c.req.raw): void {
  if (isPublicRead(req)) return;
  const parts: string[] = [];
  for (const [database, session] of sessions.get(req) ?? []) {
    const bookmark = session.getBookmark();
    if (bookmark) parts.push(`${database}~${bookmark}`);
  }
  if (parts.length === 0) return;
  const bookmarks = parts.join(".");
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set(BOOKMARK_HEADER, bookmarks);
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) {
    setCookie(c, BOOKMARK_COOKIE, bookmarks, { path: "/", maxAge: BOOKMARK_COOKIE_SECONDS, httpOnly: true, secure: true, sameSite: "Lax" });
  }
}
