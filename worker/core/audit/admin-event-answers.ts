// An audit-trail entry as staff read it (contract/api.ts "Staff-only answers"), made from its row: parsed through
// its answer schema, which keeps only the fields listed there.
import type { AdminEventRow } from "../data/schema";
import { adminEventSchema, type AdminEventEntry } from "#contract/api";

export const toAdminEventEntry = (row: AdminEventRow): AdminEventEntry =>
  adminEventSchema.parse({ ...row, admin_username: row.adminUsername, entity_id: row.entityId, created_at: row.createdAt });
