// The query string of both searches (public and admin): `q` (trimmed, at most 500 characters) and `page`.
import type { Context } from "hono";
import { pageNumberOf } from "#contract/page-number";
import { badRequest } from "../core/errors";

export const MAX_QUERY_LENGTH = 500;

/** `?q=&page=` read from a query string: a missing page is 1; `page` is null when it is not plain digits naming a page from 1. */
export function searchQueryOf(params: URLSearchParams): { q: string; page: number | null } {
  const q = (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  const rawPage = params.get("page");
  if (rawPage === null || rawPage === "") return { q, page: 1 };
  return { q, page: pageNumberOf(rawPage) };
}

/** The API's reading: a page that is not a whole number from 1 answers 400 invalid_page. */
export function searchParams(c: Context): { q: string; page: number } {
  const { q, page } = searchQueryOf(new URL(c.req.url).searchParams);
  if (page === null) throw badRequest("invalid_page");
  return { q, page };
}
