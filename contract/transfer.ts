// Imports and exports (worker/transfer/, docs/api.md "Imports and exports"): what the admin page and the console
// send and get back. The report is one line per article of the file, with its line, what happens and why.
import { z } from "zod";

export type ItemAction = "create" | "update" | "skip";

export interface ReportItem {
  /** The line of the file the article starts on (XML) or its row (spreadsheet). */
  line: number;
  sourceId: string;
  refnumber: string;
  title: string;
  /** "YEAR/VOL/ISSUE", "" when the article has none. */
  issue: string;
  action: ItemAction;
  /** Why it is skipped: SPEC §8 messages where the spec has one ("Duplicate title", "Invalid page number"). */
  reasons: { code: string; message: string }[];
  warnings: string[];
  /** What the file has for it that the platform has no place for. */
  notKept: string[];
  /** The PDF: "name (size)", the URL it is fetched from, or "none". */
  pdf: string;
}

export interface ImportCounts {
  articles: number;
  create: number;
  update: number;
  skip: number;
  pdfs: number;
}

export interface ImportReport {
  dryRun: boolean;
  source: string;
  counts: ImportCounts;
  issuesCreated: string[];
  sectionsCreated: string[];
  /** Each kind of thing not kept, with how many articles had it. */
  notKept: { what: string; articles: number }[];
  items: ReportItem[];
}

export const IMPORT_FORMATS = ["auto", "ojs", "csv", "xlsx"] as const;

/** The reference number rule: "doi", "url_path", "id:PREFIX" or "pattern:TEXT" (with {id} or {seq}). */
export const REF_RULE_PATTERN = /^(doi|url_path|id:[A-Za-z0-9._-]{0,40}|pattern:[A-Za-z0-9._{}:-]{1,100})$/;

/** POST /api/admin/transfer/jobs: an import of files uploaded before (their upload tokens). */
export const importJobSchema = z.object({
  source: z.uuid(),
  pdfs: z.uuid().optional(),
  name: z.string().trim().max(300).default(""),
  format: z.enum(IMPORT_FORMATS).default("auto"),
  ref: z.string().trim().regex(REF_RULE_PATTERN, "invalid_ref_rule").default("doi"),
  requirePdf: z.boolean().optional(),
  dryRun: z.boolean().default(true),
});
export type ImportJobInput = z.input<typeof importJobSchema>;

export type JobStatus = "queued" | "running" | "done" | "failed";

/** A job as the admin page and the console show it. */
export interface TransferJob {
  id: string;
  status: JobStatus;
  dryRun: boolean;
  sourceName: string;
  /** How it reads the file: the format asked for, the reference number rule, whether a PDF is required. */
  options: { format: (typeof IMPORT_FORMATS)[number]; ref: string; requirePdf?: boolean };
  counts: Partial<ImportCounts>;
  error: string;
  attempts: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/transfer/jobs/{id}: the job and, once it is done, its report. */
export interface TransferJobDetail {
  job: TransferJob;
  report: ImportReport | null;
}
