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

/** What a job imports: articles (an OJS export, a spreadsheet with its PDFs) or editors (a CSV with pictures). */
export const JOB_KINDS = ["articles", "editors"] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * POST /api/admin/transfer/jobs: an import of files uploaded before (their upload tokens). Articles: `source` (OJS
 * XML, CSV or XLSX) with `pdfs` (a spreadsheet's zip of PDFs); editors (`kind: "editors"`): `source` (the CSV) with
 * `pictures` (the zip of pictures).
 */
export const importJobSchema = z
  .object({
    kind: z.enum(JOB_KINDS).default("articles"),
    source: z.uuid(),
    pdfs: z.uuid().optional(),
    pictures: z.uuid().optional(),
    name: z.string().trim().max(300).default(""),
    format: z.enum(IMPORT_FORMATS).default("auto"),
    ref: z.string().trim().regex(REF_RULE_PATTERN, "invalid_ref_rule").default("doi"),
    requirePdf: z.boolean().optional(),
    dryRun: z.boolean().default(true),
  })
  .refine((v) => (v.kind === "editors" ? !v.pdfs : !v.pictures), "pdfs_or_pictures");
export type ImportJobInput = z.input<typeof importJobSchema>;

export type JobStatus = "queued" | "running" | "done" | "failed";

/** A job as the admin page and the console show it. */
export interface TransferJob {
  id: string;
  kind: JobKind;
  status: JobStatus;
  dryRun: boolean;
  sourceName: string;
  /** How it reads the file: the format asked for, the reference number rule, whether a PDF is required. */
  options: { format: (typeof IMPORT_FORMATS)[number]; ref: string; requirePdf?: boolean };
  /** Articles: read, create, update, skip, pdfs; editors: editors (rows read), create, skip, pictures. */
  counts: Partial<ImportCounts & EditorsImportReport["counts"]>;
  error: string;
  attempts: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/transfer/jobs/{id}: the job and, once it is done, its report (`editors` for an editors job). */
export interface TransferJobDetail {
  job: TransferJob;
  report: ImportReport | null;
  editors?: EditorsImportReport | null;
}

// ---- Editors (issue 39 item 2: a CSV of editors with the spec's fields, plus a zip of their pictures) ----------

/** The columns an editors CSV may have: SPEC §3's editor fields (content is the affiliation). */
export const EDITOR_IMPORT_COLUMNS = [
  "name",
  "degree",
  "post",
  "content",
  "picture",
  "category",
  "status",
  "email",
  "phone",
  "country",
] as const;

export interface EditorReportItem {
  /** The row of the file. */
  line: number;
  name: string;
  category: string;
  action: "create" | "skip";
  /** Why the row is skipped, field by field. */
  reasons: { code: string; message: string }[];
  /** What is taken anyway but said (a picture missing from the zip, a column the platform has no place for). */
  warnings: string[];
  /** The picture: "name (size)", or "none". */
  picture: string;
}

export interface EditorsImportReport {
  dryRun: boolean;
  source: string;
  counts: { editors: number; create: number; skip: number; pictures: number };
  items: EditorReportItem[];
}
