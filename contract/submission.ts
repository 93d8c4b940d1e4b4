// The Submit Online form (SPEC §2 /article): one schema for the form in the SPA and the API that stores it.
// zod/mini (tree-shakable) keeps the public bundle small: the form is part of the eagerly loaded public code.
import { z } from "zod/mini";
import { SUBMIT_COUNTRIES } from "./constants";
import { CONTROL_CHARACTERS, isSingleLine } from "./mail-header";

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
export type SubmissionField = keyof SubmissionFields;

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
  "payload_too_large",
  "too_many_submissions",
  "forbidden_origin",
  "internal_error",
] as const;
export type SubmitFormError = (typeof SUBMIT_FORM_ERRORS)[number];

const FIELD_NAMES = ["name", "email", "country", "phone", "address", "title"] as const satisfies readonly SubmissionField[];

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
  | "too_many_submissions"
  | "forbidden_origin"
  | "invalid_idempotency_key";
