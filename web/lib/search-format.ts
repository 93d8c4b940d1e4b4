// Texts and links of the search pages (public and admin).
import { pageNumberOf } from "#contract/page-number";

/** "1 result", "37 results", "More than 1,000 results" (the count stops at a cap; see SearchPageOf.more). */
export function resultCountText(count: number, more: boolean): string {
  const n = count.toLocaleString("en-US");
  if (more) return `More than ${n} results`;
  return `${n} ${count === 1 ? "result" : "results"}`;
}

/** `${base}?q=…&page=…` (page 1 is left out, so the first page has one address). */
export function searchHref(base: string, q: string, page = 1): string {
  return `${base}?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ""}`;
}

/** The `page` query parameter as a page number (1 when missing or not plain digits naming a page from 1). */
export function pageParam(raw: string | null): number {
  return (raw !== null && pageNumberOf(raw)) || 1;
}
