// How an article is cited and described: shared by the Worker (first HTML, meta tags) and the SPA (article and
// issue pages), so a reader and a crawler see the same citation. Runtime-neutral: no DOM, no Workers APIs.
import { richTextToPlain } from "../schemas/rich-text";

export interface CitableArticle {
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  publishdate?: string;
}

import { splitAuthors } from "../schemas/scholarly";

export { splitAuthors };

/** "73-80" -> { first: "73", last: "80" }; "12" -> { first: "12", last: "12" }; anything else -> null. */
export function pageRange(pagenumber: string | null | undefined): { first: string; last: string } | null {
  const m = /^\s*([0-9A-Za-z]+)\s*(?:[-\u2010-\u2015]+\s*([0-9A-Za-z]+))?\s*$/.exec(String(pagenumber ?? ""));
  if (!m) return null;
  return { first: m[1], last: m[2] ?? m[1] };
}

/** Path of the issue page: /archives/2024/vol12/issue3. */
export function issuePath(a: { year: number; volume: number; issue: number }): string {
  return `/archives/${a.year}/vol${a.volume}/issue${a.issue}`;
}

/** Path of the article (abstract) page: /archives/2024/vol12/issue3/REF-1. */
export function articlePath(a: { year: number; volume: number; issue: number; refnumber: string }): string {
  return `${issuePath(a)}/${encodeURIComponent(a.refnumber)}`;
}

/** The article's PDF in the same directory as its abstract page (what Google Scholar looks for). */
export function articlePdfPath(a: { year: number; volume: number; issue: number; refnumber: string }): string {
  return `${articlePath(a)}.pdf`;
}

/** 'VOL. 12, ISSUE 3 (2024)' (SPEC §2 issue page title). */
export function issueLabel(a: { year: number; volume: number; issue: number }): string {
  return `VOL. ${a.volume}, ISSUE ${a.issue} (${a.year})`;
}

/**
 * The publication date as [year, month, day] from publishdate ("2024-03-15", "2024-03-15T..", "15-03-2024",
 * "2024/03/15"); null when it holds no recognisable date.
 */
export function publicationDateParts(publishdate: string | null | undefined): [string, string, string] | null {
  const s = String(publishdate ?? "").trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s);
  if (m) return valid(m[1], m[2], m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) return valid(m[3], m[2], m[1]);
  return null;
}

function valid(y: string, mo: string, d: string): [string, string, string] | null {
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return [y, String(month).padStart(2, "0"), String(day).padStart(2, "0")];
}

const endSentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * 'How to cite this article' (Vancouver style, as Indian journals print it):
 * "A. Rao, B. Singh. Title of the paper. Journal Name. 2024;12(3):73-80."
 */
export function citationText(a: CitableArticle, journalName: string): string {
  const authors = splitAuthors(a.authorname).join(", ");
  const title = richTextToPlain(a.title);
  const parts = [authors, title, journalName.trim()].filter(Boolean).map(endSentence);
  const pages = String(a.pagenumber ?? "").trim();
  const where = `${a.year};${a.volume}(${a.issue})${pages ? `:${pages}` : ""}.`;
  return [...parts, where].join(" ");
}
