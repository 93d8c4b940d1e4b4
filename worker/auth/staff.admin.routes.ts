// /api/admin/staff: a journal's own admins manage their journal's staff — the Host's journal only, never another's
// (worker/auth/staff-routes.ts). Mounted inside adminRoutes (requireAdmin); audited in admin_events.
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { staffRoutes } from "./staff-routes";

export const staffAdminRoutes = staffRoutes({
  journalIdOf: (c) => c.get("journal").id,
  audit: (c, _journalId, a) =>
    afterAdminWrite(c.get("db"), actorOf(c), { action: a.action, entity: "staff", entityId: a.accountId ?? null, summary: a.summary }),
  isSelf: (c, id) => c.get("admin").id === id,
});
