// /api/platform/journals/{id}/transfer: the console's imports and exports for any journal, the admin's handlers
// (transfer.admin.routes.ts) with the journal from the address. The imported rows' audit events name the operator.
import { transferRoutes } from "./transfer.admin.routes";
import { journalById } from "../platform/platform-journals.repo";
import { HttpError } from "../core/errors";
import { platformTransferApi } from "#contract/routes/platform";

export const transferPlatformRoutes = transferRoutes({
  routes: platformTransferApi,
  mountedAt: "/api/platform/journals/{id}/transfer",
  async journalOf(c) {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
    return journalById(c.var.platformDb, id);
  },
  actorOf: (c, journalId) => ({ journalId, adminId: null, username: `operator ${c.get("operator").username}` }),
  who: (c) => `operator ${c.get("operator").username}`,
});
