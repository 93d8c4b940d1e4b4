// Which part of a URL's query string names a different answer (issue 25 item 5). A query parameter that no route
// reads ("?cb=123", "?utm_source=x") must not make a new edge-cache entry: 40 readers with 40 cache-busters would
// each miss, and each miss costs the app's work again. So a key keeps only the parameters its route reads, in one
// order; the rest are ignored, and those requests share the route's entry.
//
// A route that starts reading a query parameter must be listed here, or every reader gets the entry of the first.
// A page's address in another language ("/ar/search", docs/decisions/0351) reads what its plain address reads.
import { isLanguage } from "#contract/i18n/languages";
import { PAGE_MESSAGES_PATH } from "#contract/i18n/page-messages";

/** Query parameters each public path reads; `"all"` when every parameter changes the answer. */
const QUERY_READ_BY: Readonly<Record<string, readonly string[] | "all">> = {
  "/search": ["q", "page"],
  "/api/search": ["q", "page"],
  "/pdf": ["refno"],
  // Submit Online's answer without JavaScript (decision 0178) and the /verify form's GET (decision 0170).
  "/article": ["received", "error", "fields"],
  "/verify": ["code"],
  "/_data": ["route", "path"],
  // The texts a client-side navigation lacks, in one language (decision 0352).
  [PAGE_MESSAGES_PATH]: ["lang", "ns"],
  // OAI-PMH answers badArgument to any argument it does not know, so every parameter counts.
  "/oai": "all",
};

/** The query string of the edge-cache key: the parameters the path's route reads, sorted by name ("" if none). */
export function cacheQueryOf(url: URL): string {
  const read = QUERY_READ_BY[routePathOf(url.pathname)];
  if (!read || !url.search) return "";
  const kept = [...url.searchParams].filter(([name]) => read === "all" || read.includes(name));
  // A stable sort: repeated parameters keep their order (a route reading all of them sees the same list).
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length ? `?${new URLSearchParams(kept)}` : "";
}

/** The path as the table names it: no trailing slash, and no language prefix ("/ar/search" -> "/search"). */
function routePathOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  const [, first, ...rest] = path.split("/");
  return isLanguage(first) ? `/${rest.join("/")}` : path;
}
