// /api/admin: every staff-only read and write that has no public twin. requireRole guards the whole router (the least
// role: the dashboard), and each concern's router again with the role it needs, in its own file (contract/roles.ts).
import { Hono } from "hono";
import type { AppEnv } from "./core/env";
import { requireRole } from "./auth/admin-guard";
import { AREA_ROLES, mayUse } from "#contract/roles";
import { countDashboard } from "./archive/issues.repo";
import { listRecentAdminEvents } from "./core/audit/admin-events.repo";
import { toAdminEventEntry, withoutManuscriptDetails } from "./core/audit/admin-event-answers";
import { issuesAdminRoutes } from "./archive/issues.admin.routes";
import { articlesAdminRoutes } from "./archive/articles.admin.routes";
import { fulltextAdminRoutes } from "./fulltext/fulltext.admin.routes";
import { editorsAdminListRoutes } from "./editors/editors.admin.routes";
import { submissionsAdminRoutes } from "./workflow/submissions.admin.routes";
import { crossrefAdminRoutes } from "./scholarly/crossref.admin.routes";
import { doajAdminRoutes } from "./scholarly/doaj.admin.routes";
import { staffAdminRoutes } from "./auth/staff.admin.routes";
import { statsAdminRoutes } from "./statistics/stats.admin.routes";
import { workflowAdminRoutes } from "./workflow/workflow.admin.routes";
import { productionAdminRoutes } from "./workflow/production.admin.routes";
import { transferAdminRoutes } from "./transfer/transfer.admin.routes";
import { sushiKeysAdminRoutes } from "./statistics/sushi-keys.admin.routes";
import { indexingAdminListRoutes } from "./journals/indexing.admin.routes";
import { sectionsAdminRoutes } from "./archive/sections.admin.routes";
import { paymentsAdminRoutes } from "./payments/payments.admin.routes";
import { mountedAt } from "./core/routing/declared";
import { dashboardApi } from "#contract/routes/journals";

const at = mountedAt("/api/admin");

export const adminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.dashboard))
  // The dashboard tiles: { archives, editors, articles, submissions }.
  .get(at(dashboardApi.counts), async (c) => c.json(await countDashboard(c.get("db"), c.get("journal").id)))
  // The dashboard's short history: the newest admin writes (?limit=1..100, default 15).
  .get(at(dashboardApi.events), async (c) => {
    const limit = Math.min(Math.max(Number.parseInt(c.req.query("limit") ?? "15", 10) || 15, 1), 100);
    const rows = await listRecentAdminEvents(c.get("db"), c.get("journal").id, limit);
    const readsManuscripts = mayUse(c.get("admin")?.role, "submissions");
    return c.json(rows.map((r) => toAdminEventEntry(readsManuscripts ? r : withoutManuscriptDetails(r))));
  })
  .route("/", issuesAdminRoutes)
  .route("/", articlesAdminRoutes)
  .route("/", fulltextAdminRoutes)
  .route("/", sectionsAdminRoutes)
  .route("/editors", editorsAdminListRoutes)
  .route("/submissions", submissionsAdminRoutes)
  .route("/crossref", crossrefAdminRoutes)
  .route("/doaj", doajAdminRoutes)
  .route("/staff", staffAdminRoutes)
  .route("/stats", statsAdminRoutes)
  .route("/transfer", transferAdminRoutes)
  .route("/sushi-keys", sushiKeysAdminRoutes)
  .route("/indexing", indexingAdminListRoutes)
  .route("/payments", paymentsAdminRoutes)
  .route("/", productionAdminRoutes)
  // Last: mounted at "/" (manuscripts, reviewers, outbox, letters), its editor guard must not stand in front of
  // another router's routes.
  .route("/", workflowAdminRoutes);
