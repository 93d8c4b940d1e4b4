// The admin's full-text calls (issue 51): the answer of the full-text screen, a corrected draft, publishing, and the
// references' parts (contract/reference-parse.ts). Shared by the Worker (validation) and the admin (forms).
import { z } from "zod";
import { structuredReferenceSchema } from "./reference-parse";

/** A Word file staff attach: at most 25 MB (a manuscript with its figures). */
export const DOCX_MAX_BYTES = 25 * 1024 * 1024;
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** The largest full text staff may save: 2 MB of HTML (a long paper is about 200 KB). */
export const FULLTEXT_MAX_CHARS = 2_000_000;

export const fulltextAnswerSchema = z.object({
  /** The draft staff work on ('' before any Word file). */
  draft_html: z.string(),
  /** What readers get now ('' = no full text on the page). */
  published_html: z.string(),
  /** What the converter could not carry over. */
  dropped: z.array(z.string()),
  source_name: z.string(),
  converted_at: z.string(),
  published_at: z.string(),
  /** True when the draft differs from what is published. */
  unpublished_changes: z.boolean(),
  /** The references read from the Word file at the last conversion (also now the article's, when they were taken). */
  word_references: z.number().int(),
});
export type FulltextAnswer = z.infer<typeof fulltextAnswerSchema>;

export const fulltextDraftSchema = z.object({ html: z.string().max(FULLTEXT_MAX_CHARS) });
export const fulltextPublishSchema = z.object({ publish: z.boolean() });

export const referencesAnswerSchema = z.object({
  references: z.array(structuredReferenceSchema),
  /** Crossref's matching: how many DOIs were found, and its error if it failed. */
  matched: z.number().int().optional(),
  error: z.string().optional(),
});
export type ReferencesAnswer = z.infer<typeof referencesAnswerSchema>;
export const referencesSaveSchema = z.object({ references: z.array(structuredReferenceSchema).max(500) });

export const FULLTEXT_MESSAGES: Record<string, string> = {
  missing_file: "Choose the Word file (.docx) first.",
  not_docx: "Only Word files (.docx) can be converted. Save the manuscript as .docx in Word and try again.",
  invalid_docx: "This file is not a readable Word document (.docx).",
  invalid_zip: "This file is not a readable Word document (.docx).",
  docx_too_large: "The Word file is too large (at most 25 MB, 80 MB unpacked).",
  file_too_large: "The Word file is too large (at most 25 MB).",
  zip_entry_too_large: "A part of the Word file is too large once unpacked.",
  no_draft: "Convert a Word file first.",
  references_changed: "The article's references changed meanwhile: reload and try again.",
};
