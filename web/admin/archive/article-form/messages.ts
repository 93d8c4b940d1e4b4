// What the article form says: SPEC §8's messages for the server's error codes, the field each code points at,
// the texts beside fields the shared schema refuses, and the fields' names in "… is required." (both from the form's
// description, contract/article-form.ts).
import type { z } from "zod";
import { saveErrorMessage } from "../../save-errors";
import { articleFieldSpec } from "#contract/article-form";
import { FORM_ORDER, type FieldName } from "./values";

export const FILE_TOO_LARGE = "File size exceeds the limit of 5 MB.";

/** SPEC §8 article messages. */
export function articleErrorMessage(code: string): string {
  switch (code) {
    case "duplicate_reference_number":
      return "Duplicate reference number";
    case "duplicate_title":
      return "Duplicate title";
    case "duplicate_txnid":
      return "Transaction ID Already Used";
    case "invalid_txnid":
      return "Invalid transaction id";
    case "invalid_pagenumber":
      return "Invalid page number";
    case "file_too_large":
      return FILE_TOO_LARGE;
    case "duplicate_doi":
      return "DOI already used by another article";
    case "invalid_doi":
      return "Invalid DOI";
    case "invalid_orcid":
      return "Invalid ORCID iD";
    case "invalid_ror":
      return "Invalid ROR id";
    case "invalid_language":
      return "Choose one of the site's languages for each language version.";
    case "duplicate_language":
      return "One version per language, none in the article's own language.";
    default:
      return saveErrorMessage(code);
  }
}

/** Which field a server error code points at, to highlight it. */
export const ERROR_FIELD: Partial<Record<string, FieldName>> = {
  duplicate_reference_number: "refnumber",
  duplicate_title: "title",
  duplicate_txnid: "txnid",
  invalid_txnid: "txnid",
  invalid_pagenumber: "pagenumber",
  file_too_large: "pdfFile",
  invalid_file_type: "pdfFile",
  missing_file: "pdfFile",
  issue_not_found: "issue",
  duplicate_doi: "doi",
  invalid_doi: "doi",
  invalid_orcid: "author_details",
  invalid_ror: "author_details",
  invalid_language: "translations",
  duplicate_language: "translations",
};

/** Texts beside a refused field for a code that says more than its field's `problem` (contract/article-form.ts). */
const CODE_PROBLEMS: Record<string, string> = {
  invalid_orcid: "An ORCID iD is 16 digits (the last may be X) with a valid check digit, e.g. 0000-0002-1825-0097.",
  invalid_ror: "A ROR id is 9 characters from ror.org, starting with 0 (e.g. 03yrm5c26 or https://ror.org/03yrm5c26).",
};

export function problemText(name: FieldName, issue: z.core.$ZodIssue): string {
  const problem = name === "pdfFile" ? undefined : articleFieldSpec(name).problem;
  return CODE_PROBLEMS[issue.message] ?? problem ?? "Check this value.";
}

/** The form's message for refused fields: the SPEC §8 text when it names the first problem, else a general one. */
export function refusalMessage(firstProblem: string): string {
  return firstProblem === "Invalid transaction id" || firstProblem === "Invalid page number"
    ? firstProblem
    : "Please correct the highlighted fields.";
}

/** Each field's name in words ("… is required."), from the form's description; the PDF's own. */
export const FIELD_LABELS = Object.fromEntries(
  FORM_ORDER.map((name) => [name, name === "pdfFile" ? "PDF file" : articleFieldSpec(name).label]),
) as Record<FieldName, string>;
