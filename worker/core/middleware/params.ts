// Route parameters that carry text with digits ("vol12", "issue3"): only the digits count.
import { badRequest } from "../errors";

/** "vol12" -> 12, "issue3" -> 3, "2024" -> 2024; null when there are no digits (or too many). */
export function digitsIn(raw: string | undefined): number | null {
  const digits = (raw ?? "").replace(/\D+/g, "");
  return digits && digits.length <= 9 ? Number(digits) : null;
}

/**
 * The issue an /archives/{year}/{vol}/{issue}/... URL names, or null when a part has no digits. The one reading of
 * those URLs for every router under /archives (pages, article PDFs, RIS/BibTeX): null answers 404 everywhere.
 */
export function archiveIssueOf(params: Record<string, string | undefined>): { year: number; volume: number; issue: number } | null {
  const [year, volume, issue] = [digitsIn(params.year), digitsIn(params.vol), digitsIn(params.issue)];
  return year === null || volume === null || issue === null ? null : { year, volume, issue };
}

/** digitsIn for the API (/api/...): no digits at all is a 400. */
export function digitsOf(raw: string | undefined): number {
  const n = digitsIn(raw);
  if (n === null) throw badRequest("invalid_parameter");
  return n;
}

/** A database id: a positive whole number written in plain digits, else a 400. */
export function idOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,12}$/.test(raw)) throw badRequest("invalid_id");
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest("invalid_id");
  return id;
}
