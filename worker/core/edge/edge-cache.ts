// The edge cache in front of the app (docs/decisions/0110-edge-cache.md). Every public GET answer the app marks
// shareable (status 200, no Set-Cookie, Cache-Control without private/no-store) is kept in the Workers Cache API
// under  journal + its content version + URL , and served with an ETag/Last-Modified and 304s. It knows nothing of
// how a page or an answer is made: HTML, JSON, PDFs and R2 files alike.
import type { JournalRow } from "../data/schema";
import { hostNameOf } from "#contract/host";
import { cookieValue, drizzleOver, sessionFor } from "./d1-session";
import { journalForHost } from "./journal-memo";
import { VERSION_COOKIE, versionFromCookie } from "./content-version";
import { clientHasCurrentCopy, etagOf, notModified } from "./conditional";
import { BROWSER_CACHE_CONTROL, EDGE_TTL_SECONDS } from "./freshness";
import { fitsHotCopy, HOT_COPY_MAX_BYTES, hotCopy, keepHotCopy, type HotCopy } from "./hot-copies";
import { type BoundedBody, readUpTo } from "./bounded-body";
import { cacheQueryOf } from "./cache-query";

export const CACHE_STATUS_HEADER = "X-Edge-Cache";

interface FetchApp {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response>;
}

/** Paths whose answers are private or per person, never looked up or stored whatever their headers say. */
const PRIVATE_PREFIXES = ["/api/platform", "/api/admin", "/auth", "/admin", "/api/submissions", "/api/pdf/certificate"];

const isPrivatePath = (path: string) => PRIVATE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/** A request the edge cache may answer: an anonymous, whole-body GET/HEAD of a public path. */
export function mayUseCache(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.has("authorization") || req.headers.has("range")) return false;
  return !isPrivatePath(new URL(req.url).pathname.toLowerCase());
}

/** An answer the edge may keep and share with every reader of the journal. */
export function isShareable(res: Response): boolean {
  if (res.status !== 200 || res.headers.has("set-cookie")) return false;
  const cc = (res.headers.get("cache-control") ?? "").toLowerCase();
  if (/\b(private|no-store)\b/.test(cc)) return false;
  const vary = (res.headers.get("vary") ?? "").toLowerCase();
  return !/\*|authorization|cookie/.test(vary);
}

/** journal + content version + URL (host, path, the query parameters the route reads). Two journals, or two
 * versions, never share a key; two URLs that differ only by a parameter no route reads ("?cb=1") do. */
export function cacheKeyOf(url: URL, journal: Pick<JournalRow, "id" | "contentVersion">): string {
  return `https://${url.host}/__edge/j${journal.id}/v${journal.contentVersion}${url.pathname}${cacheQueryOf(url)}`;
}

/** The key as the Cache API takes it (a GET of that URL). */
const cacheKeyRequest = (key: string) => new Request(key);

/** Where the stored copy remembers what browsers are told (never sent out). */
const BROWSER_HEADER = "X-Edge-Browser-Cache-Control";

/** Browsers keep what the app allowed them (R2 files: an hour); anything else revalidates every time. */
function browserCacheControl(fromApp: string | null): string {
  return fromApp && /\bmax-age=[1-9]/.test(fromApp) ? fromApp : BROWSER_CACHE_CONTROL;
}

/** The headers of the copy the edge keeps: validators, and a long edge TTL (freshness comes from the key). An ETag
 * is made from the bytes when the whole body is in hand; a streamed body keeps the app's ETag (R2 files have one)
 * or has none, and is revalidated by Last-Modified. */
async function storedHeadersOf(res: Response, journal: JournalRow, whole: ArrayBuffer | null): Promise<Headers> {
  const headers = new Headers(res.headers);
  if (!headers.has("etag") && whole) headers.set("ETag", await etagOf(whole));
  if (!headers.has("last-modified")) headers.set("Last-Modified", new Date(journal.contentChangedAt).toUTCString());
  headers.set(BROWSER_HEADER, browserCacheControl(res.headers.get("cache-control")));
  headers.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
  headers.delete(CACHE_STATUS_HEADER);
  return headers;
}

/** An answer's body (the app's, or a stored copy's) as the edge handles it: whole when it is small (a hot copy),
 * else a stream never held whole. A declared length over the bound is not read at all; an undeclared one (a
 * rendered page) is read up to the bound. */
async function bodyOf(res: Response): Promise<BoundedBody> {
  if (!fitsHotCopy(Number(res.headers.get("content-length")))) return { stream: res.body ?? new ReadableStream() };
  return readUpTo(res.body, HOT_COPY_MAX_BYTES);
}

/** A stored copy's headers as readers get them: what browsers may keep (not the edge's TTL), and the cache status. */
function readerHeaders(stored: Response, status: "HIT" | "MISS"): [string, string][] {
  const headers = new Headers(stored.headers);
  headers.set("Cache-Control", stored.headers.get(BROWSER_HEADER) ?? BROWSER_CACHE_CONTROL);
  headers.delete(BROWSER_HEADER);
  headers.set(CACHE_STATUS_HEADER, status);
  return [...headers];
}

/** What a reader is answered from: a copy's bytes, or (too big to hold in memory) the stored copy's stream. */
type ReaderCopy<B = ArrayBuffer | ReadableStream | null> = Omit<HotCopy, "body"> & { body: B };

/** A stored copy as readers get it: its bytes in hand (a hot copy), or its stream. */
function readerCopy<B extends ReaderCopy["body"]>(body: B, stored: Response, status: "HIT" | "MISS"): ReaderCopy<B> {
  return { body, status: stored.status, headers: readerHeaders(stored, status) };
}

/** The answer to the reader, made from the copy; a 304 when their copy is current. */
function answer(req: Request, copy: ReaderCopy): Response {
  const res = new Response(req.method === "HEAD" ? null : copy.body, { status: copy.status, headers: copy.headers });
  const current = clientHasCurrentCopy(req, res);
  // A stored copy's stream the reader will not get (HEAD, 304) is let go of, not left open.
  if (copy.body instanceof ReadableStream && (req.method === "HEAD" || current)) copy.body.cancel().catch(() => {});
  return current ? notModified(res) : res;
}

/** The request the app sees on a miss: the same, minus the reader's validators (the edge wants the whole body). */
function unconditional(req: Request): Request {
  const headers = new Headers(req.headers);
  for (const name of ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "if-range"]) headers.delete(name);
  return new Request(req.url, { method: "GET", headers });
}

/** Keys of large answers this isolate is streaming into the cache right now: one store per key at a time, so a
 * burst of readers of one large PDF makes one cache write, not one each (the others stream straight through). */
const beingStored = new Set<string>();

/**
 * An answer given before the cache is looked at, for a request whose answer depends on more than its URL (the
 * language redirect of a page's plain address: worker/pages/page-language.ts); null to go on.
 */
export type BeforeCache = (req: Request, journal: JournalRow) => Response | null;

export function withEdgeCache(app: FetchApp, beforeCache?: BeforeCache): ExportedHandler<Env> {
  return {
    async fetch(req, env, ctx) {
      if (!mayUseCache(req)) return app.fetch(req, env, ctx);
      const url = new URL(req.url);
      const wanted = cookieValue(req, VERSION_COOKIE);
      const journal = await journalForHost(
        () => drizzleOver(sessionFor(req, env.DB)),
        hostNameOf(url.host),
        (id) => versionFromCookie(wanted, id),
      );
      if (!journal) return app.fetch(req, env, ctx);
      const early = beforeCache?.(req, journal);
      if (early) return early;

      const key = cacheKeyOf(url, journal);
      const hot = hotCopy(key);
      if (hot) return answer(req, hot);
      const cache = caches.default;
      const hit = await cache.match(cacheKeyRequest(key));
      if (hit) {
        // Too big for a hot copy (a large PDF, or a large answer stored without a length): streamed to the reader
        // as the Cache API gives it, never buffered.
        const body = await bodyOf(hit);
        if ("stream" in body) return answer(req, readerCopy(body.stream, hit, "HIT"));
        const copy = readerCopy(body.whole, hit, "HIT");
        keepHotCopy(key, copy);
        return answer(req, copy);
      }

      const inner = unconditional(req);
      sessionFor(inner, env.DB, req);
      const res = await app.fetch(inner, env, ctx);
      if (!isShareable(res)) {
        const passed = new Response(req.method === "HEAD" ? null : res.body, res);
        passed.headers.set(CACHE_STATUS_HEADER, "BYPASS");
        return passed;
      }
      const body = await bodyOf(res);
      const init = { status: res.status, statusText: res.statusText };
      if ("stream" in body) {
        const stored = new Response(null, { ...init, headers: await storedHeadersOf(res, journal, null) });
        // Another reader of this isolate is already storing it: this one just gets the app's stream.
        if (beingStored.has(key)) return answer(req, readerCopy(body.stream, stored, "MISS"));
        // A large body goes to the reader and into the cache side by side (tee), chunk by chunk.
        const [toReader, toCache] = body.stream.tee();
        beingStored.add(key);
        const put = cache.put(cacheKeyRequest(key), new Response(toCache, stored)).finally(() => beingStored.delete(key));
        ctx.waitUntil(put);
        return answer(req, readerCopy(toReader, stored, "MISS"));
      }
      const stored = new Response(body.whole, { ...init, headers: await storedHeadersOf(res, journal, body.whole) });
      // Stored after the reader has their answer; the next reader at this edge finds it.
      ctx.waitUntil(cache.put(cacheKeyRequest(key), stored));
      keepHotCopy(key, readerCopy(body.whole, stored, "HIT"));
      return answer(req, readerCopy(body.whole, stored, "MISS"));
    },
  };
}
