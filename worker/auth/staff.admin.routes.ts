// /api/admin/staff: a journal's own admins manage their journal's staff — the Host's journal only, never another's
// (worker/auth/staff-routes.ts). Journal managers only; mounted inside adminRoutes; audited in admin_events.
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "./admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { staffRoutes } from "./staff-routes";
import { staffApi } from "#contract/routes/auth";

export const staffAdminRoutes = new Hono<AppEnv>().use("*", requireRole(AREA_ROLES.staff)).route(
  "/",
  staffRoutes({
    routes: staffApi,
    mountedAt: "/api/admin/staff",
    journalIdOf: (c) => c.get("journal").id,
    audit: (c, _journalId, a) =>
      afterAdminWrite(
        c.get("db"),
        actorOf(c),
        { action: a.action, entity: "staff", entityId: a.accountId ?? null, summary: a.summary },
        // A change the last-manager rule refused leaves no event (a create always inserts its row).
        { ifChanged: a.action !== "staff.create" },
      ),
    isSelf: (c, id) => c.get("admin").id === id,
    keepsLastManager: true,
    defaultRole: "editor",
  }),
);
