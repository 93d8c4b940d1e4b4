// The Submit Online form (SPEC §2 /article): one schema for the form in the SPA and the API that stores it.
// zod/mini (tree-shakable) keeps the public bundle small: the form is part of the eagerly loaded public code.
import { z } from "zod/mini";
import { PDF_MAX_BYTES, SUBMIT_COUNTRIES } from "./constants";
import { CONTROL_CHARACTERS, isSingleLine } from "./mail-header";
import { normalizeOrcid } from "./scholarly";

/** Stored submissions per IP address per journal within SUBMISSION_WINDOW_MS before the API answers 429. */
export const SUBMISSIONS_PER_WINDOW = 5;
export const SUBMISSION_WINDOW_MS = 60 * 60 * 1000;
/**
 * Acknowledgements one journal e-mails to one address within ACKNOWLEDGEMENT_WINDOW_MS: past it a submission is still
 * stored and answered, but not acknowledged by e-mail, so the journal's address cannot be aimed at a stranger from
 * many networks (issue 46, docs/decisions/0301).
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS = 3;
export const ACKNOWLEDGEMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The name and the title reach the acknowledgement's headers (To, Subject): one line each (docs/decisions/0300). */
const singleLine = z.refine<string>(isSingleLine, { error: CONTROL_CHARACTERS });

export const submissionFieldsSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), singleLine),
  email: z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()),
  /** "" = the placeholder option 'Select Country' (the form does not require a country). */
  country: z._default(z.union([z.enum(SUBMIT_COUNTRIES), z.literal("")]), ""),
  phone: z._default(z.string().check(z.trim(), z.maxLength(40)), ""),
  address: z._default(z.string().check(z.trim(), z.maxLength(2000)), ""),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(500), singleLine),
});

export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;
/** SPEC's fields, in the form's order. */
export const SPEC_FIELDS = ["name", "email", "country", "phone", "address", "title"] as const satisfies readonly (keyof SubmissionFields)[];

// ---- Beside SPEC's fields, all optional (issue 48 item 2, docs/decisions/0380) ----

/** SPEC's instructions allow five authors: the one who submits and at most four co-authors. */
export const CO_AUTHORS_MAX = 4;
/** The Word (.docx) file sent beside the PDF: as large as the PDF may be. */
export const SOURCE_FILE_MAX_BYTES = PDF_MAX_BYTES;
export const ABSTRACT_MAX = 10_000;
export const COVER_LETTER_MAX = 20_000;
export const KEYWORDS_MAX = 1000;

const emptyOr = <T extends z.core.SomeType>(schema: T) => z.union([z.literal(""), schema]);

/**
 * "soil; salinity,\nirrigation" -> "soil, salinity, irrigation": split at commas, semicolons and line breaks, each
 * trimmed, empty and repeated ones (ignoring case) dropped. The article form's keywords are comma separated too.
 */
export function tidyKeywords(raw: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const k of raw.split(/[,;\n\r]+/)) {
    const word = k.replace(/\s+/g, " ").trim();
    if (word && !seen.has(word.toLowerCase())) {
      seen.add(word.toLowerCase());
      out.push(word);
    }
  }
  return out.join(", ");
}

/**
 * One co-author. The name goes into the article's comma-separated author list and may reach a letter's headers: one
 * line, no comma. The ORCID iD is checked (checksum) and stored as 0000-0000-0000-0000.
 */
export const coAuthorSchema = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(200),
    singleLine,
    z.refine((v) => !v.includes(","), { error: "comma_in_name" }),
  ),
  email: emptyOr(z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email())),
  affiliation: z.string().check(z.trim(), z.maxLength(500), singleLine),
  orcid: z.pipe(
    z.string().check(z.trim(), z.maxLength(60)),
    z.transform((v, ctx) => {
      if (v === "") return "";
      const id = normalizeOrcid(v);
      if (id === null) ctx.issues.push({ code: "custom", message: "invalid_orcid", input: v });
      return id ?? "";
    }),
  ),
});
export type CoAuthor = z.infer<typeof coAuthorSchema>;

export const submissionDetailsSchema = z.object({
  abstract: z.string().check(z.trim(), z.maxLength(ABSTRACT_MAX)),
  keywords: z.pipe(z.string().check(z.maxLength(KEYWORDS_MAX)), z.transform(tidyKeywords)),
  coAuthors: z.array(coAuthorSchema).check(z.maxLength(CO_AUTHORS_MAX)),
  /** A section's id as the form sends it ("" for none); the server checks it is one of the journal's. */
  section: z.pipe(
    emptyOr(z.string().check(z.regex(/^[1-9]\d{0,9}$/))),
    z.transform((v) => (v === "" ? null : Number(v))),
  ),
  coverLetter: z.string().check(z.trim(), z.maxLength(COVER_LETTER_MAX)),
  /** The consent checkboxes, ticked or not (the time is recorded by the server). */
  consentPolicies: z.boolean(),
  consentCopyright: z.boolean(),
});
export type SubmissionDetails = z.infer<typeof submissionDetailsSchema>;

/** The form's co-author rows (coAuthorName, coAuthorEmail, ... repeated once a row), rows left empty dropped. */
export const CO_AUTHOR_FIELDS = {
  name: "coAuthorName",
  email: "coAuthorEmail",
  affiliation: "coAuthorAffiliation",
  orcid: "coAuthorOrcid",
} as const satisfies Record<keyof CoAuthor, string>;

const textIn = (form: FormData, key: string): string => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

/** The optional fields as the form (with or without JavaScript) sends them, ready for submissionDetailsSchema. */
export function submissionDetailsInput(form: FormData) {
  const column = (key: string) => form.getAll(key).map((v) => (typeof v === "string" ? v : ""));
  const names = column(CO_AUTHOR_FIELDS.name);
  const emails = column(CO_AUTHOR_FIELDS.email);
  const affiliations = column(CO_AUTHOR_FIELDS.affiliation);
  const orcids = column(CO_AUTHOR_FIELDS.orcid);
  const rows = Array.from({ length: Math.max(names.length, emails.length, affiliations.length, orcids.length) }, (_, i) => ({
    name: names[i] ?? "",
    email: emails[i] ?? "",
    affiliation: affiliations[i] ?? "",
    orcid: orcids[i] ?? "",
  }));
  return {
    abstract: textIn(form, "abstract"),
    keywords: textIn(form, "keywords"),
    coAuthors: rows.filter((r) => Object.values(r).some((v) => v.trim() !== "")),
    section: textIn(form, "section").trim(),
    coverLetter: textIn(form, "coverLetter"),
    consentPolicies: textIn(form, "consentPolicies") !== "",
    consentCopyright: textIn(form, "consentCopyright") !== "",
  };
}

/** Every field the form may name in an error: SPEC's and the optional ones. */
export type SubmissionField = keyof SubmissionFields | Exclude<keyof SubmissionDetails, "consentPolicies" | "consentCopyright">;

/**
 * The header carrying the key the form makes when it renders (a random UUID): the API stores one submission per key,
 * and answers a repeat (a double click, a retry after a lost answer) with the first one's reference.
 */
export const SUBMISSION_KEY_HEADER = "Idempotency-Key";
export const submissionKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,128}$/));

/** 201 answer of POST /api/submissions. */
export interface SubmissionCreated {
  reference: string;
}

/** The failures the form page explains after a post without JavaScript (/article?error=<code>, issue #27 item 10). */
export const SUBMIT_FORM_ERRORS = [
  "invalid_input",
  "control_characters",
  "missing_file",
  "invalid_file_type",
  "file_too_large",
  "invalid_docx",
  "docx_too_large",
  "payload_too_large",
  "too_many_submissions",
  "forbidden_origin",
  "internal_error",
] as const;
export type SubmitFormError = (typeof SUBMIT_FORM_ERRORS)[number];

const FIELD_NAMES = [
  ...SPEC_FIELDS,
  "abstract",
  "keywords",
  "section",
  "coAuthors",
  "coverLetter",
] as const satisfies readonly SubmissionField[];

/** The known field names in a comma-separated list (/article?fields=name,email), in form order. */
export const submissionFieldsIn = (list: string | null): SubmissionField[] => {
  const named = new Set((list ?? "").split(","));
  return FIELD_NAMES.filter((f) => named.has(f));
};

export const isSubmitFormError = (code: unknown): code is SubmitFormError => (SUBMIT_FORM_ERRORS as readonly unknown[]).includes(code);

/** Error codes of POST /api/submissions (besides the generic ones). */
export type SubmissionErrorCode =
  | "invalid_input"
  | "control_characters"
  | "missing_file"
  | "invalid_file_type"
  | "file_too_large"
  | "invalid_docx"
  | "docx_too_large"
  | "too_many_submissions"
  | "forbidden_origin"
  | "invalid_idempotency_key";
