// The Submit Online form (SPEC §2 /article): one schema for the form in the SPA and the API that stores it.
import { z } from "zod";
import { SUBMIT_COUNTRIES } from "./constants";

/** Stored submissions per IP address per journal within SUBMISSION_WINDOW_MS before the API answers 429. */
export const SUBMISSIONS_PER_WINDOW = 5;
export const SUBMISSION_WINDOW_MS = 60 * 60 * 1000;

export const submissionFieldsSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().max(254).pipe(z.email()),
  /** "" = the placeholder option 'Select Country' (the form does not require a country). */
  country: z.union([z.enum(SUBMIT_COUNTRIES), z.literal("")]).default(""),
  phone: z.string().trim().max(40).default(""),
  address: z.string().trim().max(2000).default(""),
  title: z.string().trim().min(1).max(500),
});

export type SubmissionFields = z.infer<typeof submissionFieldsSchema>;
export type SubmissionField = keyof SubmissionFields;

/** 201 answer of POST /api/submissions. */
export interface SubmissionCreated {
  reference: string;
}

/** Error codes of POST /api/submissions (besides the generic ones). */
export type SubmissionErrorCode =
  | "invalid_input"
  | "missing_file"
  | "invalid_file_type"
  | "file_too_large"
  | "too_many_submissions"
  | "forbidden_origin";
