// A Submit Online manuscript as staff read it (contract/api.ts "Staff-only answers"), made from its row: parsed
// through its answer schema, which keeps only the fields listed there.
import type { SubmissionRow } from "../core/data/schema";
import { submissionAnswerSchema, type Submission } from "#contract/api";

export const toSubmission = (row: SubmissionRow): Submission =>
  submissionAnswerSchema.parse({
    ...row,
    file_size: row.fileSize,
    created_at: row.createdAt,
    file_url: `/api/admin/submissions/${row.id}/file`,
  });
