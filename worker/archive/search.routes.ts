// GET /api/search?q=&page=: one page (20) of the journal's public articles matching the text, best first.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { searchPublicArticles } from "./search.repo";
import { publicSearchResultsSchema, type SearchResults } from "#contract/api";
import { toSearchResults } from "./article-answers";
import { searchParams } from "./search-params";
import { mountedAt } from "../core/routing/declared";
import { archiveApi } from "#contract/routes/archive";

const at = mountedAt("/api/search");

export const searchRoutes = new Hono<AppEnv>().get(at(archiveApi.search), async (c) => {
  const { q, page } = searchParams(c);
  const body: SearchResults = toSearchResults(await searchPublicArticles(c.get("db"), c.get("journal").id, q, page));
  return c.json(publicSearchResultsSchema.parse(body));
});
