// Input schemas of the admin API (docs/api.md "Admin API"): one zod schema per form, shared by the Worker (which
// enforces it) and the admin SPA (which mirrors it before sending). Runtime-neutral: no Worker or DOM imports.
// Every issue's message is the API error code the server answers with, so a form can map it to SPEC §8's text.
import { z } from "zod";
import { DESIGNATIONS, EDITOR_CATEGORIES, STATUS_DISABLED, STATUS_ENABLED } from "./constants";
import { DOMAIN_PATTERN, typedHost } from "./host";
import { CONTROL_CHARACTERS, isSingleLine } from "./mail-header";
import { ARTICLE_FORM_FIELDS, type ArticleFields } from "./article-form";
import {
  INVALID,
  ISSUE_MAX,
  VOLUME_MAX,
  choice,
  languageField,
  normalizedText,
  pageRichText,
  richText,
  requiredVisibleText,
  text,
  visibleText,
  wholeNumber,
  year,
} from "./field-rules";
import { DOI_PREFIX_PATTERN, LICENSE_KEYS, defaultDoi, normalizeIssn, referenceLines, splitAuthors } from "./scholarly";
import { issueDetailsSchema } from "./issues";
import { isLanguage, LANGUAGES } from "./i18n/languages";

/** "en, ar,id" -> "en,ar,id": shipped interface languages, each once; null when any part is not one. */
function normalizeLanguageList(value: string): string | null {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || !parts.every(isLanguage)) return null;
  return [...new Set(parts)].join(",");
}

/** Whether a journal's primary interface language is among the ones it offers (both as stored). */
export const primaryIsOffered = (primary: string, offered: string): boolean => offered.split(",").includes(primary);

/** API error codes of the admin calls (the `error` of `{ error }`). */
export const ADMIN_ERROR_CODES = [
  "invalid_input",
  "invalid_txnid",
  "invalid_pagenumber",
  "missing_file",
  "invalid_file_type",
  "file_too_large",
  "duplicate_reference_number",
  "duplicate_title",
  "duplicate_txnid",
  "duplicate_issue",
  "issue_not_found",
  "domain_not_assigned",
  "invalid_doi",
  "duplicate_doi",
  "invalid_orcid",
  "invalid_ror",
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

/** The fields of `names` that a body sends (undefined ones left out): a form's own fields, anything else ignored. */
export function sentFields<K extends string>(body: Record<string, unknown>, names: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const name of names) if (body[name] !== undefined) out[name] = body[name];
  return out;
}

// ---- Issues -----------------------------------------------------------------------------------------------

/** POST /api/admin/create-issue. SPEC §5: volume and issue are required numbers >= 0; the year is this year. */
export const createIssueSchema = z
  .object({
    volume: wholeNumber(0, VOLUME_MAX),
    issue: wholeNumber(0, ISSUE_MAX),
    // Chosen on the form (default: the current year), so back issues and next year's can be made (issue 37 item 5).
    year: year(),
  })
  // A title (special issues), a description and a publication date, all optional (contract/issues.ts).
  .extend(issueDetailsSchema.shape);
export type CreateIssueInput = z.input<typeof createIssueSchema>;
/** The columns a new issue sets (each field is the issue column of its name). */
export type IssueFields = z.output<typeof createIssueSchema>;

// ---- Articles (their form's fields and rules: contract/article-form.ts) -------------------------------------

/** POST /api/admin/articles/{id}/status: the issue table's Enable/Disable (issue 26 item 4). */
export const articleStatusSchema = z.object({ status: z.enum([STATUS_ENABLED, STATUS_DISABLED], { error: INVALID }) });

/** Keeps one details entry per author of authorname (extra entries dropped, missing ones empty). */
export function alignAuthorDetails(authorname: string, details: { affiliation: string; orcid: string }[]) {
  return splitAuthors(authorname).map((_, i) => ({ affiliation: details[i]?.affiliation ?? "", orcid: details[i]?.orcid ?? "" }));
}

/**
 * A checked form as the columns it writes. An empty DOI becomes the journal's DOI prefix + reference number
 * (when it has one); references are stored one per line; author details one per author, as JSON.
 */
export function articleColumnsOf(f: ArticleFields, doiPrefix: string) {
  const { references, author_details, translations, ...sameName } = f;
  return {
    ...sameName,
    translations: JSON.stringify(translations),
    doi: f.doi || defaultDoi(doiPrefix, f.refnumber),
    referenceList: referenceLines(references).join("\n"),
    authorDetails: JSON.stringify(alignAuthorDetails(f.authorname, author_details)),
  };
}
/** The columns an article form writes (the file, status, stamps and plain-text copies are the store's). */
export type ArticleColumns = ReturnType<typeof articleColumnsOf>;
// Every form field lands in a column of its name: worker/core/data/form-columns.ts fails to compile for one that does not.

/** Only the article form's fields of a request body (anything else is ignored). */
export const articleFormFieldsOf = (body: Record<string, unknown>) => sentFields(body, ARTICLE_FORM_FIELDS);

/** Which error code wins when a form has several problems: the specific ones first. */
export const ARTICLE_CODE_PRIORITY = [
  "invalid_txnid",
  "invalid_pagenumber",
  "invalid_doi",
  "invalid_orcid",
  "invalid_ror",
  "invalid_funding",
  "invalid_language",
  "duplicate_language",
  CONTROL_CHARACTERS,
  INVALID,
] as const;

// ---- Editors ----------------------------------------------------------------------------------------------

const editorStatusField = z.enum([STATUS_ENABLED, STATUS_DISABLED], { error: INVALID });

/** POST /api/editors and POST /api/editors/{id} fields (the picture comes separately as imgFile). */
export const editorSchema = z.object({
  name: requiredVisibleText(200),
  degree: visibleText(200).default(""),
  /** One of the six designations (SPEC §3), so never markup. */
  post: z.enum(DESIGNATIONS, { error: INVALID }),
  /** The affiliation: plain text (rendered as text, never as HTML). */
  content: requiredVisibleText(2000),
  category: choice(EDITOR_CATEGORIES),
  email: text(254).default(""),
  phone: text(50).default(""),
  country: visibleText(100).default(""),
  status: editorStatusField.default(STATUS_ENABLED),
});
export type EditorInput = z.input<typeof editorSchema>;
/** The columns an editor form writes: each field is stored in the column of its name. */
export type EditorFields = z.output<typeof editorSchema>;
export type EditorFormField = keyof EditorFields;
/** The names of the editor form's fields (the picture comes separately). */
export const EDITOR_FORM_FIELDS = editorSchema.keyof().options;

/** POST /api/editors/{id} with only a status: the list's toggle (SPEC §4). */
export const editorStatusSchema = z.object({ status: editorStatusField });

// ---- Settings ---------------------------------------------------------------------------------------------

/**
 * "https://Journal.Example.org/" -> "journal.example.org"; the stored domain is a host name only. An empty value
 * means "leave the domain as it is" (a journal always keeps a host).
 */
const domainField = z
  .string({ error: INVALID })
  .trim()
  .transform(typedHost)
  .refine((v) => v === "" || DOMAIN_PATTERN.test(v), INVALID)
  .transform((v) => (v === "" ? undefined : v));

/** "2394-7500" with a valid check digit, or empty. */
const issnField = normalizedText(20, normalizeIssn, INVALID);

/**
 * POST /api/settings. Every field is optional: a field left out keeps its value (SPEC §5: no validation beyond
 * lengths; the domain must be a host name since the Worker answers on it).
 */
export const settingsSchema = z
  .object({
    /** The journal's name is the sender's name of its e-mails (docs/decisions/0300). */
    websitename: text(300).refine(isSingleLine, CONTROL_CHARACTERS),
    websiteemail: text(254),
    impactfactor: text(50),
    issn: text(100),
    whatsup_number: text(50),
    domain: domainField,
    home_content: richText(100_000),
    address: richText(5000),
    formatted_journal_name: text(500),
    fee_rupee: text(50),
    fee_dollar: text(50),
    publisher: text(300),
    doi_prefix: text(20).refine((v) => v === "" || DOI_PREFIX_PATTERN.test(v), INVALID),
    license: z.enum(LICENSE_KEYS, { error: INVALID }),
    issn_print: issnField,
    issn_online: issnField,
    language: languageField().refine((v) => v !== "", INVALID),
    // The interface languages (issue 50 item 2, docs/decisions/0351): shipped catalogs only; the route checks that
    // the primary one is among those offered.
    interface_language: z.enum(LANGUAGES, { error: INVALID }),
    interface_languages: normalizedText(200, normalizeLanguageList, INVALID).refine((v) => v !== "", INVALID),
    // What DOAJ asks of a journal besides its licence (issue 40 item 3), shown on /instructions.
    apc_policy: text(2000),
    waiver_policy: text(2000),
    review_process: text(2000),
    plagiarism_policy: text(2000),
    // Site pages (issue 37 item 4, contract/site-content.ts): headings, lists and checked links allowed.
    instructions_content: pageRichText(100_000),
    policies_content: pageRichText(100_000),
    contact_content: pageRichText(20_000),
  })
  .partial();
export type SettingsInput = z.input<typeof settingsSchema>;
/** The columns a settings save writes (each field is the journal column of its name); a field left out is undefined. */
export type SettingsFields = z.output<typeof settingsSchema>;
/** Each setting's name in words, as the settings form labels it (the dashboard's "Recent changes" lists them). */
export const SETTING_LABELS: Record<keyof SettingsFields, string> = {
  websitename: "Journal name",
  websiteemail: "Email",
  impactfactor: "Impact factor",
  issn: "ISSN",
  whatsup_number: "WhatsApp number",
  domain: "Domain",
  home_content: "Home content",
  address: "Address",
  formatted_journal_name: "Formatted journal name",
  fee_rupee: "Fee (INR)",
  fee_dollar: "Fee (USD)",
  publisher: "Publisher",
  doi_prefix: "DOI prefix",
  license: "Licence",
  issn_print: "Print ISSN",
  issn_online: "Online ISSN",
  language: "Language",
  interface_language: "Primary site language",
  interface_languages: "Site languages",
  apc_policy: "Article processing charges",
  waiver_policy: "Waiver policy",
  review_process: "Review process",
  plagiarism_policy: "Plagiarism policy",
  instructions_content: "Instructions to authors",
  policies_content: "Policies",
  contact_content: "Contact page",
};

// ---- Error codes from validation ----------------------------------------------------------------------------

/** The one code to report for a failed parse: the specific codes first, else invalid_input. */
export function errorCodeOf(error: z.ZodError): string {
  const codes = new Set(error.issues.map((i) => i.message));
  return ARTICLE_CODE_PRIORITY.find((c) => codes.has(c)) ?? INVALID;
}
