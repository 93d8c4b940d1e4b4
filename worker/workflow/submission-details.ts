// What Submit Online takes beside SPEC's fields (issue 48 item 2, docs/decisions/0380): abstract, keywords,
// co-authors, the journal's section, a cover letter, consent, and the Word file beside the PDF. All optional; each
// checked here, at the API boundary, before anything is stored.
import type { Db } from "../core/env";
import { HttpError } from "../core/errors";
import { CONTROL_CHARACTERS } from "#contract/mail-header";
import {
  SOURCE_FILE_MAX_BYTES,
  SPEC_FIELDS,
  submissionDetailsInput,
  submissionDetailsSchema,
  submissionFieldsSchema,
  type SubmissionDetails,
  type SubmissionFields,
} from "#contract/submission";
import { sectionsBelong } from "../payments/section-fees.repo";
import { checkDocxPackage } from "../fulltext/docx-package";
import { ImportSourceError } from "../transfer/import-model";

/** The form field of the Word file. */
export const SOURCE_FILE_FIELD = "docxFile";

/** Fields named by a failed parse: the first part of each issue's path ("coAuthors" for any co-author's field). */
export const fieldsOf = (issues: readonly { path: readonly PropertyKey[] }[]) => [...new Set(issues.map((i) => String(i.path[0])))];

/**
 * SPEC's fields and the optional ones, checked together (a section must be one of this journal's): a refusal is a
 * 400 naming every field to correct, control_characters when a line break would reach a letter's headers.
 */
export async function submissionFormOf(
  db: Db,
  journalId: number,
  form: FormData,
): Promise<{ fields: SubmissionFields; details: SubmissionDetails }> {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const fields = submissionFieldsSchema.safeParse(Object.fromEntries(SPEC_FIELDS.map((k) => [k, text(k)])));
  const details = submissionDetailsSchema.safeParse(submissionDetailsInput(form));
  if (!fields.success || !details.success) {
    const issues = [...(fields.error?.issues ?? []), ...(details.error?.issues ?? [])];
    const code = issues.some((i) => i.message === CONTROL_CHARACTERS) ? CONTROL_CHARACTERS : "invalid_input";
    throw new HttpError(400, code, { fields: fieldsOf(issues) });
  }
  const { section } = details.data;
  if (section !== null && !(await sectionsBelong(db, journalId, [section])))
    throw new HttpError(400, "invalid_input", { fields: ["section"] });
  return { fields: fields.data, details: details.data };
}

/** The Word file sent beside the PDF, checked as a Word document (never by its name), or null when none was sent. */
export async function sourceFileOf(form: FormData): Promise<Uint8Array | null> {
  const file = form.get(SOURCE_FILE_FIELD);
  if (!file || typeof file === "string" || file.size === 0) return null;
  if (file.size > SOURCE_FILE_MAX_BYTES) throw new HttpError(413, "docx_too_large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    await checkDocxPackage(bytes);
  } catch (err) {
    if (err instanceof ImportSourceError) throw new HttpError(err.status, err.status === 413 ? "docx_too_large" : "invalid_docx");
    throw err;
  }
  return bytes;
}

/** The stored columns of the optional fields; a consent is recorded with the time it was given. */
export const detailColumns = (d: SubmissionDetails, at: string) => ({
  abstract: d.abstract,
  keywords: d.keywords,
  coAuthors: JSON.stringify(d.coAuthors),
  sectionId: d.section,
  coverLetter: d.coverLetter,
  consentPoliciesAt: d.consentPolicies ? at : null,
  consentCopyrightAt: d.consentCopyright ? at : null,
});
