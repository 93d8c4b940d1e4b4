// The article form's values (SPEC §5 fields plus the scholarly metadata), from a stored article and back to the
// multipart body the API takes.
import type { AdminArticle } from "#contract/api";
import { todayIso } from "../format";
import type { ScholarlyValues } from "./scholarly-fields";

export interface ArticleValues extends ScholarlyValues {
  title: string;
  abstract: string;
  authorname: string;
  refnumber: string;
  txnid: string;
  ptype: string;
  pagenumber: string;
  publishdate: string;
  year: string;
  volume: string;
  issue: string;
  email: string;
  country: string;
  keywords: string;
  subject: string;
}

/** A value field, or the PDF file (kept apart: it is a File). */
export type FieldName = keyof ArticleValues | "pdfFile";

/** Fields in the order the form shows them (errors are listed and focused in this order). */
export const FORM_ORDER: FieldName[] = [
  "title",
  "abstract",
  "authorname",
  "keywords",
  "subject",
  "refnumber",
  "pagenumber",
  "publishdate",
  "year",
  "volume",
  "issue",
  "ptype",
  "txnid",
  "email",
  "country",
  "doi",
  "language",
  "author_details",
  "references",
  "pdfFile",
];

/** A new article in the given issue, dated today. */
export function emptyValues(year: string, volume: string, issue: string): ArticleValues {
  return {
    title: "",
    abstract: "",
    authorname: "",
    refnumber: "",
    txnid: "",
    ptype: "paid",
    pagenumber: "",
    publishdate: todayIso(),
    year,
    volume,
    issue,
    email: "",
    country: "",
    keywords: "",
    subject: "",
    doi: "",
    language: "",
    references: "",
    author_details: "[]",
  };
}

export function fromArticle(a: AdminArticle): ArticleValues {
  return {
    title: a.title ?? "",
    abstract: a.abstract ?? "",
    authorname: a.authorname ?? "",
    refnumber: a.refnumber ?? "",
    txnid: a.txnid ?? "",
    ptype: a.ptype === "free" ? "free" : "paid",
    pagenumber: a.pagenumber ?? "",
    publishdate: (a.publishdate ?? "").slice(0, 10) || todayIso(),
    year: String(a.year ?? ""),
    volume: String(a.volume ?? ""),
    issue: String(a.issue ?? ""),
    email: a.email ?? "",
    country: a.country ?? "",
    keywords: a.keywords ?? "",
    subject: a.subject ?? "",
    doi: a.doi ?? "",
    language: a.language ?? "",
    references: (a.references ?? []).join("\n"),
    author_details: JSON.stringify((a.authors ?? []).map(({ affiliation, orcid }) => ({ affiliation, orcid }))),
  };
}

/** The multipart body of a save: every value (rich text as typed, the rest trimmed), the PDF, the edited version. */
export function formDataOf(values: ArticleValues, file: File, stamp: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, name === "title" || name === "abstract" ? value : value.trim());
  form.append("pdfFile", file, file.name);
  if (stamp) form.append("modification", stamp);
  return form;
}
