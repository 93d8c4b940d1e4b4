// GET /api/indexing/: enabled indexing partners, by sortnumber.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { listEnabledIndexing } from "../../data/indexing.repo";
import { toIndexingEntry } from "../../views/indexing-answers";

export const indexingRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const rows = await listEnabledIndexing(c.get("db"), c.get("journal").id);
  return c.json(rows.map(toIndexingEntry));
});
