// GET /api/indexing/: enabled indexing partners, by sortnumber.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { listEnabledIndexing } from "./indexing.repo";
import { toIndexingEntry } from "./indexing-answers";
import { mountedAt } from "../core/routing/declared";
import { indexingApi } from "#contract/routes/journals";

const at = mountedAt("/api/indexing");

export const indexingRoutes = new Hono<AppEnv>().get(at(indexingApi.list), async (c) => {
  const rows = await listEnabledIndexing(c.get("db"), c.get("journal").id);
  return c.json(rows.map(toIndexingEntry));
});
