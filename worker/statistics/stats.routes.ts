// GET /api/stats/articles/{refnumber}: a public article's { views, downloads } (a contract other tools use);
// 404 for an unknown, disabled or unnumbered article, or one of an unpublished issue. Figures are at most 10 minutes old (figure-cache.ts).
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
  // The journal's content version in the key: an article disabled, or its issue unpublished (docs/decisions/0383),
  // stops answering at once rather than when its figures expire.
  const key = `https://${new URL(c.req.url).host}/__figures/j${journal.id}/v${journal.contentVersion}/articles/${encodeURIComponent(ref)}`;
  return cachedFigures(key, c.executionCtx, async () => {
    const figures = await publicArticleFigures(c.get("db"), journal.id, ref);
    if (!figures) throw notFound();
    return c.json(figures satisfies PublicArticleFigures);
  });
});
