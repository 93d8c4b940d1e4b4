// Serving R2 objects to browsers and PDF viewers: content type, ETag/Last-Modified, conditional and range requests.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { contentTypeForName } from "./content-types";
import { notFound } from "../errors";

export interface ServeOptions {
  /** File name the browser should use when saving (Content-Disposition: inline). */
  downloadName?: string;
  cacheControl?: string;
}

const DEFAULT_CACHE = "public, max-age=3600, stale-while-revalidate=86400";

/** A single byte range of a file of `size` bytes (RFC 9110 §14.1.2). */
export type RangeRequest = { offset: number; length: number } | "unsatisfiable" | null;

/**
 * Reads a Range header for a file of `size` bytes: one range, clamped to the file; "unsatisfiable" when it starts
 * past the end (or asks for an empty suffix); null when it is malformed or asks for several ranges (the whole file
 * is then sent, which RFC 9110 allows).
 */
export function parseRange(header: string, size: number): RangeRequest {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const first = Number(m[1]);
  const last = m[2] === "" ? Infinity : Number(m[2]);
  if (last < first) return null;
  if (first >= size) return "unsatisfiable";
  return { offset: first, length: Math.min(last, size - 1) - first + 1 };
}

/**
 * If-Range: the range applies only while the file is the one the client has — the same strong ETag, or exactly
 * the Last-Modified date we send. A stale validator means "send me the whole, current file".
 */
export function ifRangeMatches(ifRange: string, object: { httpEtag: string; uploaded: Date }): boolean {
  const v = ifRange.trim();
  if (v.startsWith('"') || v.startsWith("W/")) return v === object.httpEtag && !v.startsWith("W/");
  const date = Date.parse(v);
  return !Number.isNaN(date) && date === Math.floor(object.uploaded.getTime() / 1000) * 1000;
}

export async function serveR2Object(c: Context<AppEnv>, key: string, opts: ServeOptions = {}): Promise<Response> {
  const req = c.req.raw;
  const rangeHeader = req.headers.get("range");
  let range: { offset: number; length: number } | undefined;
  if (rangeHeader) {
    // The file's size and validators decide whether (and which) range applies; one metadata read.
    const head = await c.var.files.head(key);
    if (!head) throw notFound();
    const ifRange = req.headers.get("if-range");
    if (!ifRange || ifRangeMatches(ifRange, head)) {
      const wanted = parseRange(rangeHeader, head.size);
      if (wanted === "unsatisfiable") {
        return new Response(null, {
          status: 416,
          headers: {
            "Content-Range": `bytes */${head.size}`,
            "Accept-Ranges": "bytes",
            "Content-Type": contentTypeForName(key.slice(key.lastIndexOf("/") + 1)),
          },
        });
      }
      if (wanted) range = wanted;
    }
  }
  const object = await c.var.files.get(key, {
    onlyIf: req.headers,
    ...(range ? { range } : {}),
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
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(c.req.method === "HEAD" ? null : object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(c.req.method === "HEAD" ? null : object.body, { status: 200, headers });
}
