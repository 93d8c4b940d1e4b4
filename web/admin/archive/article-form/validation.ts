// The article form's rules, from its description (contract/article-form.ts): a field is required where its rule
// refuses an empty value (SPEC §5: the email only when adding), the PDF always; the schema the server runs; and the
// PDF check done when a file is picked.
import { ARTICLE_FORM_FIELDS, articleAddSchema, articleEditSchema, isRequiredField, type ArticleFormValues } from "#contract/article-form";
import { PDF_MAX_BYTES } from "#contract/constants";
import { richTextToPlain } from "#contract/rich-text";
import { FILE_TOO_LARGE } from "./messages";
import { isRichText, type FieldName } from "./values";

export type FormMode = "add" | "edit";

export function requiredFields(mode: FormMode): FieldName[] {
  return [...ARTICLE_FORM_FIELDS.filter((name) => isRequiredField(name, mode)), "pdfFile"];
}

/** Empty as SPEC §5 means it: rich text that says nothing counts as empty, the PDF when none is picked. */
export function isEmpty(name: FieldName, values: ArticleFormValues, file: File | null): boolean {
  if (name === "pdfFile") return !file;
  if (isRichText(name)) return !richTextToPlain(values[name]);
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
