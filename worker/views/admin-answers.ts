// The staff-only answers (contract/api.ts "Staff-only answers"), made from their rows: each row is parsed
// through its answer schema, which keeps only the fields listed there.
import type { AdminEventRow, SubmissionRow } from "../data/schema";
import { adminEventSchema, submissionAnswerSchema, type AdminEventEntry, type Submission } from "#contract/api";

export const toAdminEventEntry = (row: AdminEventRow): AdminEventEntry =>
  adminEventSchema.parse({ ...row, admin_username: row.adminUsername, entity_id: row.entityId, created_at: row.createdAt });

export const toSubmission = (row: SubmissionRow): Submission =>
  submissionAnswerSchema.parse({
    ...row,
    file_size: row.fileSize,
    created_at: row.createdAt,
    file_url: `/api/admin/submissions/${row.id}/file`,
  });
