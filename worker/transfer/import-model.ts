import type { ArticleTranslation } from "#contract/article-translations";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "../core/data/schema";

/** The database as transfers use it: the Worker's Db, written without the Worker's globals so the Node scripts
 * (npm run import / export) share the same code. */
export type TransferDb = DrizzleD1Database<typeof schema>;

// What an import reads, whatever the source (OJS Native XML, a spreadsheet): issues, sections and articles in the
// platform's terms, each with the line it came from and what the platform has no place for.

export interface ImportIssue {
  year: number;
  volume: number;
  issue: number;
  title: string;
  /** Sanitised HTML. */
  description: string;
  /** YYYY-MM-DD or "". */
  publishedAt: string;
}

export interface ImportSection {
  title: string;
  abbrev: string;
  seq: number;
}

export interface ImportAuthor {
  name: string;
  affiliation: string;
  email: string;
  orcid: string;
  /** The affiliation's ROR id as an address (OJS 3.5+ <rorAffiliation>), when the author has that one affiliation. */
  ror: string;
  /** ISO 3166 code or a country name, as the source has it. */
  country: string;
}

/** The largest PDF an import takes (the spec's 5 MB). */
export const PDF_LIMIT = 5_242_880;

/** The article's PDF: bytes (embedded or from a zip), a URL to fetch, one too large to take (left packed), or none. */
export type ImportPdf =
  | { kind: "bytes"; bytes: Uint8Array; name: string }
  | { kind: "too_large"; name: string }
  | { kind: "url"; url: string; name: string }
  | { kind: "none"; why: string };

export interface ImportArticle {
  /** Where the article starts in the source: a line of the XML or of the spreadsheet (1-based). */
  line: number;
  /** The source's own id (OJS submission id, a spreadsheet's row), for the reference number rule and the report. */
  sourceId: string;
  /** The reference number the source gives (a spreadsheet's refnumber), "" when the rule makes it. */
  refnumber: string;
  /** OJS's url_path of the publication ("" for none): what this platform's export writes the reference number into. */
  urlPath?: string;
  /** Sanitised inline HTML. */
  title: string;
  /** Sanitised HTML. */
  abstract: string;
  authors: ImportAuthor[];
  keywords: string[];
  /** Title, abstract and keywords in other languages (OJS's other locales); undefined when the source has no place for them. */
  translations?: ArticleTranslation[];
  subject: string;
  /** As the source has it; checked by the plan. */
  pages: string;
  doi: string;
  /** YYYY-MM-DD or "". */
  publishdate: string;
  language: string;
  references: string[];
  year: number;
  volume: number;
  issue: number;
  /** The issue's details (OJS); null for a spreadsheet row. */
  issueInfo: ImportIssue | null;
  section: ImportSection | null;
  pdf: ImportPdf;
  /** Spreadsheet columns the platform keeps as they are (txnid, ptype, country, email, mobile, status...). */
  extra: Partial<Record<"txnid" | "ptype" | "country" | "email" | "mobile" | "status" | "description", string>>;
  /**
   * What an OJS export says of the article's rights and history (docs/decisions/0315): the licence's deed, the
   * copyright holder and year, when it was submitted (YYYY-MM-DD). Absent or "" when the source has none.
   */
  licenseUrl?: string;
  copyrightHolder?: string;
  copyrightYear?: string;
  dateSubmitted?: string;
  /** What the source holds that the platform has no place for (element names with a short why). */
  notKept: string[];
}

/** The source could not be read at all (not XML, not an OJS 3 export, an unreadable spreadsheet). */
export class ImportSourceError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line = 0,
    /** The HTTP status a request answers it with: 400 (unreadable), 413 (too large once unpacked). */
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/**
 * The R2 calls an import or export makes, structurally (the Worker's R2Bucket, and the bucket a Node script gets
 * from wrangler's platform proxy, both fit).
 */
export interface TransferFiles {
  put(key: string, value: Uint8Array, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  delete(keys: string | string[]): Promise<void>;
}
