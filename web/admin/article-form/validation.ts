// The article form's rules: SPEC §5's required fields (email only when adding; year, volume and issue only when
// editing), the shared zod schema the server runs, and the PDF check done when a file is picked.
import { articleAddSchema, articleEditSchema } from "#contract/admin";
import { PDF_MAX_BYTES } from "#contract/constants";
import { richTextToPlain } from "#contract/rich-text";
import { FILE_TOO_LARGE } from "./messages";
import type { ArticleValues, FieldName } from "./values";

export type FormMode = "add" | "edit";

const ALWAYS_REQUIRED: FieldName[] = [
  "title",
  "abstract",
  "txnid",
  "ptype",
  "publishdate",
  "authorname",
  "pagenumber",
  "refnumber",
  "pdfFile",
];

export function requiredFields(mode: FormMode): FieldName[] {
  return [...ALWAYS_REQUIRED, ...(mode === "add" ? (["email"] as const) : (["year", "volume", "issue"] as const))];
}

/** Empty as SPEC §5 means it: rich text that says nothing counts as empty, the PDF when none is picked. */
export function isEmpty(name: FieldName, values: ArticleValues, file: File | null): boolean {
  if (name === "pdfFile") return !file;
  if (name === "title" || name === "abstract") return !richTextToPlain(values[name]);
  return !values[name].trim();
}

/** The schema the server checks a save with. */
export function schemaFor(mode: FormMode) {
  return mode === "add" ? articleAddSchema : articleEditSchema;
}

function isPdf(file: File): boolean {
  return file.type === "application/pdf" || file.name.toLowerCase().endsWith(".pdf");
}

/** Why a picked file cannot be sent: too large (SPEC §8 says so in an alert) or not a PDF; null when it can. */
export function fileProblem(file: File): { alert: string } | { error: string } | null {
  if (file.size > PDF_MAX_BYTES) return { alert: FILE_TOO_LARGE };
  if (!isPdf(file)) return { error: "Only PDF files are accepted." };
  return null;
}
