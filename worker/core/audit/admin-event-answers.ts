// An audit-trail entry as staff read it (contract/api.ts "Staff-only answers"), made from its row: parsed through
// its answer schema, which keeps only the fields listed there.
import type { AdminEventRow } from "../data/schema";
import { adminEventSchema, type AdminEventEntry } from "#contract/api";

export const toAdminEventEntry = (row: AdminEventRow): AdminEventEntry =>
  adminEventSchema.parse({ ...row, admin_username: row.adminUsername, entity_id: row.entityId, created_at: row.createdAt });

/**
 * What a role that may not read manuscripts (production) sees of a manuscript's event: the action and when, not its
 * summary, which names the manuscript's title and may name a reviewer (issue 48 item 9).
 */
export const withoutManuscriptDetails = (row: AdminEventRow): AdminEventRow =>
  row.entity === "manuscript" ? { ...row, summary: "A manuscript changed (details for editors)" } : row;
