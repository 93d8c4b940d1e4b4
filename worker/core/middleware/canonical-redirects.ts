// One URL per page (docs/decisions/0101-crawling-and-canonical-urls.md): every non-canonical variant of an issue,
// article, PDF or citation-download URL answers 301 to the canonical one before any page is rendered —
// "/archives/2024/3/2/REF", "/archives/2024/vol09/issue01/", "/archives/2024/vol3/issue2/REF.PDF", a trailing
// slash on any page. The query string is kept.
// A redirect never leaves the requesting host (issue 25): "//evil.example/" or "/\evil.example/" are paths here,
// but as a Location they name another host, so runs of slashes (and backslashes, which browsers read as slashes)
// collapse to one before anything else, and every Location is checked by sameHostLocation before it is sent.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { articlePath, issuePath } from "#contract/citation";
import { digitsIn } from "./params";
import { sameHostLocation } from "./same-host-location";
import { LANGUAGES } from "#contract/i18n/languages";

const ARCHIVE = /^\/archives\/([^/]+)\/([^/]+)\/([^/]+)(?:\/([^/]+))?\/*$/;
/** Paths that are not pages: the API, auth, stored files. */
const NOT_PAGES = /^\/(api|auth|assets|oai)(\/|$)/;

/** A shipped language's address prefix ("/ar", "/pt-BR": docs/decisions/0351), kept in front of the canonical path. */
const LANGUAGE_PREFIX = new RegExp(`^/(?:${LANGUAGES.join("|")})(?=/|$)`);

/** The canonical path for a page path, or null when the path is not one this middleware knows. */
export function canonicalPathOf(raw: string): string | null {
  const collapsed = collapseSlashes(raw);
  const prefix = LANGUAGE_PREFIX.exec(collapsed)?.[0] ?? "";
  if (!prefix) return canonicalPlainPathOf(raw);
  const plain = collapsed.slice(prefix.length) || "/";
  const rest = canonicalPlainPathOf(plain) ?? plain;
  const path = rest === "/" ? prefix : `${prefix}${rest}`;
  return path === raw ? null : path;
}

function canonicalPlainPathOf(raw: string): string | null {
  const pathname = collapseSlashes(raw);
  if (NOT_PAGES.test(pathname)) return pathname === raw ? null : pathname;
  const m = ARCHIVE.exec(pathname);
  if (m) {
    const [year, volume, issue] = [digitsIn(m[1]), digitsIn(m[2]), digitsIn(m[3])];
    if (year === null || volume === null || issue === null) return null;
    if (m[4] === undefined) return issuePath({ year, volume, issue });
    let ref: string;
    try {
      ref = decodeURIComponent(m[4]);
    } catch {
      return null;
    }
    const ext = /\.(pdf|ris|bib)$/i.exec(ref);
    const base = ext ? ref.slice(0, -4) : ref;
    return `${articlePath({ year, volume, issue, refnumber: base })}${ext ? `.${ext[1].toLowerCase()}` : ""}`;
  }
  // The built shell (index.html) is the template of every page, not a page: its address is the home page's.
  if (/^\/index\.html?$/i.test(pathname)) return "/";
  if (pathname.length > 1 && pathname.endsWith("/")) return pathname.replace(/\/+$/, "") || "/";
  return pathname === raw ? null : pathname;
}

/** "//a\b//c" -> "/a/b/c": one slash wherever a browser would see several. */
const collapseSlashes = (path: string) => path.replace(/[/\\]+/g, "/");

export const canonicalRedirects: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
  const url = new URL(c.req.url);
  const canonical = canonicalPathOf(url.pathname);
  if (canonical === null || canonical === url.pathname) return next();
  // Private: a shared cache never keeps a redirect, so no crafted URL can plant one for other readers.
  return new Response(null, {
    status: 301,
    headers: { Location: sameHostLocation(canonical, url.search), "Cache-Control": "private, max-age=3600" },
  });
};
