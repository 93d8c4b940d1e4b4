// GET /api/search?q=: enabled articles matching the text, best first.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { searchArticles } from "../../data/search.repo";
import { toArticle } from "../../data/articles.repo";
import { publicSearchResultsSchema, type SearchResults } from "../../schemas/api";

export const MAX_QUERY_LENGTH = 500;

export const searchRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const q = (c.req.query("q") ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  const rows = q ? await searchArticles(c.get("db"), c.get("journal").id, q, { publicOnly: true }) : [];
  const body: SearchResults = { q, count: rows.length, results: rows.map(toArticle) };
  return c.json(publicSearchResultsSchema.parse(body));
});
