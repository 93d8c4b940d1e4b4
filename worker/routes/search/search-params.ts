// The query string of both searches (public and admin): `q` (trimmed, at most 500 characters) and `page`.
import type { Context } from "hono";
import { z } from "zod";
import { badRequest } from "../../middleware/errors";

export const MAX_QUERY_LENGTH = 500;

const pageSchema = z.coerce.number().int().min(1).max(10_000);

/** `?q=&page=`: a missing page is 1; a page that is not a whole number from 1 answers 400 invalid_page. */
export function searchParams(c: Context): { q: string; page: number } {
  const q = (c.req.query("q") ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  const rawPage = c.req.query("page");
  const page = rawPage === undefined || rawPage === "" ? { success: true as const, data: 1 } : pageSchema.safeParse(rawPage);
  if (!page.success) throw badRequest("invalid_page");
  return { q, page: page.data };
}
