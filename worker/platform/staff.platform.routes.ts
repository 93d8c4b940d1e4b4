// /api/platform/journals/{id}/staff: operators manage any journal's staff (worker/auth/staff-routes.ts).
import { staffRoutes } from "../auth/staff-routes";
import { operatorEvent } from "./operator-events.repo";
import { journalById } from "./platform-journals.repo";
import { operatorActorOf } from "./operator-guard";
import { HttpError } from "../core/errors";
import { platformStaffApi } from "#contract/routes/platform";

export const staffPlatformRoutes = staffRoutes({
  routes: platformStaffApi,
  mountedAt: "/api/platform/journals/{id}/staff",
  async journalIdOf(c) {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
    return (await journalById(c.get("db"), id)).id;
  },
  audit: (c, journalId, a) => [operatorEvent(c.get("db"), operatorActorOf(c), { ...a, journalId })],
  // Operators stand outside the journal: they may disable, demote or reset its last manager (issue 37 item 1).
  keepsLastManager: false,
  defaultRole: "manager",
});
