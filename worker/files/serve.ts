// Serving R2 objects to browsers and PDF viewers: content type, ETag/Last-Modified, conditional and range requests.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { contentTypeForName } from "./content-types";
import { notFound } from "../middleware/errors";

export interface ServeOptions {
  /** File name the browser should use when saving (Content-Disposition: inline). */
  downloadName?: string;
  cacheControl?: string;
}

const DEFAULT_CACHE = "public, max-age=3600, stale-while-revalidate=86400";

export async function serveR2Object(c: Context<AppEnv>, key: string, opts: ServeOptions = {}): Promise<Response> {
  const req = c.req.raw;
  const hasRange = req.headers.has("range");
  const object = await c.env.FILES.get(key, {
    onlyIf: req.headers,
    ...(hasRange ? { range: req.headers } : {}),
  });
  if (!object) throw notFound();

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  const name = key.slice(key.lastIndexOf("/") + 1);
  // Stored files were checked by content on upload; their type follows their checked extension.
  headers.set("Content-Type", contentTypeForName(name));
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  headers.set("Accept-Ranges", "bytes");
  headers.set("Cache-Control", opts.cacheControl ?? DEFAULT_CACHE);
  if (opts.downloadName) headers.set("Content-Disposition", `inline; filename="${opts.downloadName.replace(/["\\\r\n]/g, "")}"`);

  if (!("body" in object)) {
    // onlyIf failed: If-None-Match / If-Modified-Since matched (304) or If-Match failed (412).
    const status = req.headers.has("if-match") || req.headers.has("if-unmodified-since") ? 412 : 304;
    return new Response(null, { status, headers });
  }
  const range = (object as R2ObjectBody).range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (hasRange && range) {
    const size = object.size;
    const length = range.suffix !== undefined ? Math.min(range.suffix, size) : (range.length ?? size - (range.offset ?? 0));
    const offset = range.suffix !== undefined ? size - length : (range.offset ?? 0);
    headers.set("Content-Range", `bytes ${offset}-${offset + length - 1}/${size}`);
    headers.set("Content-Length", String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(c.req.method === "HEAD" ? null : object.body, { status: 200, headers });
}
