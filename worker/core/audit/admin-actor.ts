// The author of an admin write, for the audit trail: the guard's principal on the Host's journal.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import type { AdminActor } from "./admin-events.repo";

export function actorOf(c: Context<AppEnv>): AdminActor {
  const admin = c.get("admin");
  return {
    journalId: c.get("journal").id,
    adminId: admin?.id ?? null,
    username: admin?.username ?? "",
    noteWrite: () => c.set("adminWrite", true),
  };
}
