// A Submit Online manuscript as staff read it (contract/api.ts "Staff-only answers"), made from its row: parsed
// through its answer schema, which keeps only the fields listed there.
import type { SubmissionRow } from "../core/data/schema";
import { submissionAnswerSchema, type Submission } from "#contract/api";
import { z } from "zod/mini";
import { coAuthorSchema, type CoAuthor } from "#contract/submission";
import type { SubmittedDetails } from "#contract/workflow";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

export const toSubmission = (row: SubmissionRow): Submission =>
  submissionAnswerSchema.parse({
    ...row,
    file_size: row.fileSize,
    created_at: row.createdAt,
    file_url: `/api/admin/submissions/${row.id}/file`,
  });

/** The co-authors column, read back (a row that no longer parses shows none rather than failing the page). */
function coAuthorsOf(json: string): CoAuthor[] {
  try {
    const parsed = z.array(coAuthorSchema).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** What the author sent beside SPEC's fields, as the manuscript page shows it. */
export const toSubmittedDetails = (row: SubmissionRow): SubmittedDetails => ({
  abstract: row.abstract,
  keywords: row.keywords,
  coAuthors: coAuthorsOf(row.coAuthors),
  coverLetter: row.coverLetter,
  consents: { policies: row.consentPoliciesAt, copyright: row.consentCopyrightAt },
  sourceFile: row.sourceFile ? { size: row.sourceFileSize, url: apiPath(workflowApi.submissionSource, { id: row.id }) } : null,
});
