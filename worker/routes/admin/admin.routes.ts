// /api/admin: every staff-only read and write that has no public twin. requireAdmin guards the whole router.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../middleware/auth";
import { countDashboard } from "../../data/issues.repo";
import { issuesAdminRoutes } from "../archives/issues.admin.routes";
import { articlesAdminRoutes } from "../archives/articles.admin.routes";
import { editorsAdminListRoutes } from "../editors/editors.admin.routes";
import { submissionsAdminRoutes } from "./submissions.admin.routes";
import { crossrefAdminRoutes } from "./crossref.admin.routes";

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireAdmin)
  // The dashboard tiles: { archives, editors, articles, submissions }.
  .get("/", async (c) => c.json(await countDashboard(c.get("db"), c.get("journal").id)))
  .route("/", issuesAdminRoutes)
  .route("/", articlesAdminRoutes)
  .route("/editors", editorsAdminListRoutes)
  .route("/submissions", submissionsAdminRoutes)
  .route("/crossref", crossrefAdminRoutes);
