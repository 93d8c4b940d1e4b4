// /api/platform/journals/{id}/staff: operators manage any journal's staff (worker/auth/staff-routes.ts).
import { staffRoutes } from "../auth/staff-routes";
import { operatorEvent } from "./operator-events.repo";
import { journalById } from "./platform-journals.repo";
import { operatorActorOf } from "./operator-guard";
import { HttpError } from "../core/errors";
import { platformStaffApi } from "#contract/routes/platform";
import { afterCommit } from "../core/data/after-commit";

export const staffPlatformRoutes = staffRoutes({
  routes: platformStaffApi,
  mountedAt: "/api/platform/journals/{id}/staff",
  async journalIdOf(c) {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
    return (await journalById(c.var.platformDb, id)).id;
  },
  // The change is the journal database's (c.var.db, journals.platform.routes.ts useJournalDatabase); the operator's
  // event is the platform's, written once the change committed (docs/decisions/0240).
  audit: (c, journalId, a) => {
    afterCommit(c, () => c.var.platformDb.batch([operatorEvent(c.var.platformDb, operatorActorOf(c), { ...a, journalId })]));
    return [];
  },
  // Operators stand outside the journal: they may disable, demote or reset its last manager (issue 37 item 1).
  keepsLastManager: false,
  defaultRole: "manager",
});
