// Validators of cached answers: an ETag from the bytes, and the 304 answer to If-None-Match / If-Modified-Since.
import { applySecurityHeaders } from "../middleware/security-headers";

/** A weak ETag from the body's SHA-256 (weak: the edge may re-compress the bytes on the way out). */
export async function etagOf(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return `W/"${Array.from(digest.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, "");

/** True when the request's validators say the client's copy is current (RFC 9110 §13.1.2, §13.1.3). */
export function clientHasCurrentCopy(req: Request, res: Response): boolean {
  const inm = req.headers.get("if-none-match");
  const etag = res.headers.get("etag");
  if (inm !== null) {
    if (!etag) return false;
    return inm.trim() === "*" || inm.split(",").some((t) => opaque(t) === opaque(etag));
  }
  const ims = Date.parse(req.headers.get("if-modified-since") ?? "");
  const lastModified = Date.parse(res.headers.get("last-modified") ?? "");
  return !Number.isNaN(ims) && !Number.isNaN(lastModified) && lastModified <= ims;
}

/** The 304 for a cached answer: its validators and caching headers, no body, and the security headers every
 * answer carries (a browser applies a 304's CSP and framing rules to the copy it then shows). */
export function notModified(res: Response): Response {
  const headers = new Headers();
  for (const name of ["etag", "last-modified", "cache-control", "vary", "expires", "content-location", "x-edge-cache"]) {
    const v = res.headers.get(name);
    if (v !== null) headers.set(name, v);
  }
  applySecurityHeaders(headers);
  return new Response(null, { status: 304, headers });
}
