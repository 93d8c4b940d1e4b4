// GET /api/stats/articles/{refnumber}: a public article's { views, downloads } (a contract other tools use);
// 404 for an unknown, disabled or unnumbered article. Figures are at most 10 minutes old (figure-cache.ts).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { notFound } from "../core/errors";
import { publicArticleFigures } from "./usage.repo";
import { refToLookUp } from "#contract/refnumber";
import type { PublicArticleFigures } from "#contract/stats";
import { cachedFigures } from "./figure-cache";
import { mountedAt } from "../core/routing/declared";
import { statsApi } from "#contract/routes/statistics";

const at = mountedAt("/api/stats");

export const statsRoutes = new Hono<AppEnv>().get(at(statsApi.article), async (c) => {
  const ref = refToLookUp(c.req.param("refnumber"));
  if (!ref) throw notFound();
  const journal = c.get("journal");
  const key = `https://${new URL(c.req.url).host}/__figures/j${journal.id}/articles/${encodeURIComponent(ref)}`;
  return cachedFigures(key, c.executionCtx, async () => {
    const figures = await publicArticleFigures(c.get("db"), journal.id, ref);
    if (!figures) throw notFound();
    return c.json(figures satisfies PublicArticleFigures);
  });
});
