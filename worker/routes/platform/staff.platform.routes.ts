// /api/platform/journals/{id}/staff: operators manage any journal's staff (worker/routes/staff/staff-routes.ts).
import { staffRoutes } from "../staff/staff-routes";
import { operatorEvent } from "../../data/operator-events.repo";
import { journalById } from "../../data/platform-journals.repo";
import { operatorActorOf } from "../../middleware/operator-auth";
import { HttpError } from "../../errors";

export const staffPlatformRoutes = staffRoutes({
  async journalIdOf(c) {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
    return (await journalById(c.get("db"), id)).id;
  },
  audit: (c, journalId, a) => [operatorEvent(c.get("db"), operatorActorOf(c), { ...a, journalId })],
});
