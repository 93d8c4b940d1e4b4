// Input schemas of the admin API (docs/api.md "Admin API"): one zod schema per form, shared by the Worker (which
// enforces it) and the admin SPA (which mirrors it before sending). Runtime-neutral: no Worker or DOM imports.
// Every issue's message is the API error code the server answers with, so a form can map it to SPEC §8's text.
import { z } from "zod";
import { DESIGNATIONS, EDITOR_CATEGORIES, PAYMENT_TYPES, STATUS_DISABLED, STATUS_ENABLED } from "./constants";
import { richTextToPlain, sanitizeRichText } from "./rich-text";
import { stripInvisible } from "./invisible-text";
import { DOMAIN_PATTERN, typedHost } from "./host";
import { REFNUMBER_PATTERN } from "./refnumber";
import {
  DOI_PREFIX_PATTERN,
  LANGUAGE_PATTERN,
  LICENSE_KEYS,
  defaultDoi,
  normalizeDoi,
  normalizeIssn,
  normalizeOrcid,
  referenceLines,
  splitAuthors,
} from "./scholarly";

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
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

const INVALID = "invalid_input";

// ---- Shared field rules ---------------------------------------------------------------------------------

/** Trimmed text of at most `max` characters; empty allowed. */
const text = (max: number) => z.string({ error: INVALID }).trim().max(max, INVALID);
/** Trimmed, non-empty text of at most `max` characters. */
const requiredText = (max: number) => text(max).min(1, INVALID);
/**
 * Text printed on documents and matched by name (authors, titles, editors): invisible characters removed before
 * the checks (invisible-text.ts), so "Maria\u200e Rossi" is stored as "Maria Rossi".
 */
const visibleText = (max: number) => z.string({ error: INVALID }).transform(stripInvisible).pipe(text(max));
const requiredVisibleText = (max: number) => visibleText(max).pipe(z.string().min(1, INVALID));

/** A whole number sent as a JSON number or as digits in a form field. */
const wholeNumber = (min: number, max: number, code: string = INVALID) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: code }).int(code).min(min, code).max(max, code),
  );

export const YEAR_MIN = 1900;
/** Issues and articles may be dated at most one year ahead. */
export const maxYear = (): number => new Date().getUTCFullYear() + 1;
const year = () => wholeNumber(YEAR_MIN, 9999).refine((y) => y <= maxYear(), INVALID);
export const VOLUME_MAX = 9999;
export const ISSUE_MAX = 999;

/** Rich text (title, abstract, post, home content, address): stored sanitized to the allowlist of rich-text.ts. */
const richText = (max: number) => text(max).transform((v) => sanitizeRichText(v));
/** Rich text that must still say something once sanitized (a title of only `<script>` is empty). */
const requiredRichText = (max: number) => richText(max).refine((v) => richTextToPlain(v) !== "", INVALID);
/**
 * A rich-text title: sanitized, then invisible characters removed from the result, whose character references
 * are decoded by then (so "&#847;" or "&#xFE0F;" cannot slip past as text), then trimmed again; must say something.
 */
const requiredVisibleRichText = (max: number) =>
  text(max)
    .transform((v) => sanitizeRichText(stripInvisible(sanitizeRichText(v))))
    .refine((v) => richTextToPlain(v) !== "", INVALID);

/** The fields of `names` that a body sends (undefined ones left out): a form's own fields, anything else ignored. */
export function sentFields<K extends string>(body: Record<string, unknown>, names: readonly K[]): Partial<Record<K, unknown>> {
  const out: Partial<Record<K, unknown>> = {};
  for (const name of names) if (body[name] !== undefined) out[name] = body[name];
  return out;
}

// ---- Issues -----------------------------------------------------------------------------------------------

/** POST /api/admin/create-issue. SPEC §5: volume and issue are required numbers >= 0; the year is this year. */
export const createIssueSchema = z.object({
  volume: wholeNumber(0, VOLUME_MAX),
  issue: wholeNumber(0, ISSUE_MAX),
  year: year(),
});
export type CreateIssueInput = z.input<typeof createIssueSchema>;
/** The columns a new issue sets (each field is the issue column of its name). */
export type IssueFields = z.output<typeof createIssueSchema>;

// ---- Articles ---------------------------------------------------------------------------------------------

/**
 * Transaction id (docs/decisions/0023-article-rules.md): 4 to 64 characters of ASCII letters, digits, "-", "_"
 * and "/", starting and ending with a letter or digit. Compared exactly as typed (after trimming).
 */
export const TXNID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_\-/]{2,62}[A-Za-z0-9]$/;
/** Page range "first-last" (e.g. 73-80), first <= last; an en dash and spaces around the dash are accepted. */
export const PAGENUMBER_PATTERN = /^(\d{1,6})\s*[-\u2013]\s*(\d{1,6})$/;
/** Publication date as the date input sends it. */
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const txnidField = z.string({ error: "invalid_txnid" }).trim().regex(TXNID_PATTERN, "invalid_txnid");

/** "73-80" (also "73 – 80"), normalised to "73-80". */
export const pagenumberField = z
  .string({ error: "invalid_pagenumber" })
  .trim()
  .transform((v, ctx) => {
    const m = PAGENUMBER_PATTERN.exec(v);
    if (!m || Number(m[1]) > Number(m[2])) {
      ctx.addIssue({ code: "custom", message: "invalid_pagenumber" });
      return z.NEVER;
    }
    return `${Number(m[1])}-${Number(m[2])}`;
  });

const publishdateField = z
  .string({ error: INVALID })
  .trim()
  .refine((v) => {
    const m = DATE_PATTERN.exec(v);
    if (!m) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && Number(m[1]) >= YEAR_MIN;
  }, INVALID);

const ptypeField = z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(PAYMENT_TYPES, { error: INVALID }));

/** A language tag ("en", "pt-BR"); empty allowed where a default applies. */
const languageField = text(35).refine((v) => v === "" || LANGUAGE_PATTERN.test(v), INVALID);

/** Trimmed text that `normalize` turns into its stored form; empty allowed; anything else fails with `code`. */
const normalizedText = (max: number, normalize: (v: string) => string | null, code: string) =>
  text(max).transform((v, ctx) => {
    if (v === "") return "";
    const out = normalize(v);
    if (out === null) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return out;
  });

/** "10.1234/abc", also pasted as https://doi.org/...; empty means "prefix + reference number". */
const doiField = normalizedText(300, normalizeDoi, "invalid_doi");

/**
 * Per author, in authorname order: optional affiliation and ORCID iD (checksum checked, stored as
 * 0000-0000-0000-0000). Sent as a JSON array (a string in multipart forms).
 */
export const authorDetailsField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v || "[]");
    } catch {
      return null;
    }
  },
  z
    .array(
      z.object({
        affiliation: text(500).default(""),
        orcid: normalizedText(60, normalizeOrcid, "invalid_orcid").default(""),
      }),
      { error: INVALID },
    )
    .max(100, INVALID),
);

/**
 * The article's form fields (SPEC §3 names, the API contract) with their rules: the one list of what an article
 * form may send. Each is stored in the column of the same name (worker/data/schema.ts), but for `references`
 * (referenceList) and `author_details` (authorDetails); articleColumnsOf and articleFormOf convert, and a field
 * with no column of its name is a type error there.
 */
const articleFields = {
  title: requiredVisibleRichText(2000),
  abstract: requiredRichText(60_000),
  authorname: requiredVisibleText(1000),
  refnumber: z.string({ error: INVALID }).trim().regex(REFNUMBER_PATTERN, INVALID),
  txnid: txnidField,
  ptype: ptypeField,
  pagenumber: pagenumberField,
  publishdate: publishdateField,
  year: year(),
  volume: wholeNumber(0, VOLUME_MAX),
  issue: wholeNumber(0, ISSUE_MAX),
  email: text(254),
  country: text(100).default(""),
  keywords: text(1000).default(""),
  subject: text(300).default(""),
  mobile: text(50).default(""),
  description: text(5000).default(""),
  doi: doiField.default(""),
  language: languageField.default(""),
  /** One reference per line. */
  references: text(100_000).default(""),
  author_details: authorDetailsField.default([]),
};

/** POST /api/admin/articles/{id}/status: the issue table's Enable/Disable (issue 26 item 4). */
export const articleStatusSchema = z.object({ status: z.enum([STATUS_ENABLED, STATUS_DISABLED], { error: INVALID }) });

/** Keeps one details entry per author of authorname (extra entries dropped, missing ones empty). */
export function alignAuthorDetails(authorname: string, details: { affiliation: string; orcid: string }[]) {
  return splitAuthors(authorname).map((_, i) => ({ affiliation: details[i]?.affiliation ?? "", orcid: details[i]?.orcid ?? "" }));
}

/** POST /api/admin/archives/ fields (the PDF comes separately as pdfFile). SPEC §5: email is required on add. */
export const articleAddSchema = z.object({ ...articleFields, email: requiredText(254) });
/**
 * POST /api/archives/{id} fields. The server merges the sent fields over the stored article, then checks the
 * whole with this schema: a field left out keeps its value. SPEC §5: email is optional on edit.
 */
export const articleEditSchema = z.object({ ...articleFields, email: text(254).default("") });
export type ArticleAddInput = z.input<typeof articleAddSchema>;
export type ArticleFields = z.output<typeof articleAddSchema>;
export type ArticleFormField = keyof typeof articleFields;
/** The names of the article form's fields, in the order of articleFields. */
export const ARTICLE_FORM_FIELDS = Object.keys(articleFields) as ArticleFormField[];

/**
 * A checked form as the columns it writes. An empty DOI becomes the journal's DOI prefix + reference number
 * (when it has one); references are stored one per line; author details one per author, as JSON.
 */
export function articleColumnsOf(f: ArticleFields, doiPrefix: string) {
  const { references, author_details, ...sameName } = f;
  return {
    ...sameName,
    doi: f.doi || defaultDoi(doiPrefix, f.refnumber),
    referenceList: referenceLines(references).join("\n"),
    authorDetails: JSON.stringify(alignAuthorDetails(f.authorname, author_details)),
  };
}
/** The columns an article form writes (the file, status, stamps and plain-text copies are the store's). */
export type ArticleColumns = ReturnType<typeof articleColumnsOf>;
// Every form field lands in a column of its name: worker/data/form-columns.ts fails to compile for one that does not.

/** Only the article form's fields of a request body (anything else is ignored). */
export const articleFormFieldsOf = (body: Record<string, unknown>) => sentFields(body, ARTICLE_FORM_FIELDS);

/** Which error code wins when a form has several problems: the specific ones first. */
export const ARTICLE_CODE_PRIORITY = ["invalid_txnid", "invalid_pagenumber", "invalid_doi", "invalid_orcid", INVALID] as const;

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
  category: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(EDITOR_CATEGORIES, { error: INVALID })),
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
    websitename: text(300),
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
    language: languageField.refine((v) => v !== "", INVALID),
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
};

// ---- Error codes from validation ----------------------------------------------------------------------------

/** The one code to report for a failed parse: the specific codes first, else invalid_input. */
export function errorCodeOf(error: z.ZodError): string {
  const codes = new Set(error.issues.map((i) => i.message));
  return ARTICLE_CODE_PRIORITY.find((c) => codes.has(c)) ?? INVALID;
}
