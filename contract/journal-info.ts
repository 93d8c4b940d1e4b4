// Journal facts every output shows (pages, heads, citations, generated documents): the display name and the ISSNs,
// from the journal row the request resolved to.
import { richTextToPlain } from "./rich-text";

const tidy = (s: string | null | undefined): string =>
  String(s ?? "")
    .replace(/\s+/g, " ")
    .trim();

/** The journal's display name: websitename, else the plain text of formatted_journal_name, else its domain. */
export function journalName(j: { websitename: string | null; formatted_journal_name: string | null; domain?: string | null }): string {
  return tidy(j.websitename) || tidy(richTextToPlain(j.formatted_journal_name)) || tidy(j.domain) || "Journal";
}

/** "2394-7500, 2394-5869" -> ["2394-7500", "2394-5869"] (SPEC §2: the ISSN is split on a comma). */
export function issnList(issn: string | null | undefined): string[] {
  return String(issn ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Just the ISSN numbers ("E-ISSN: 2394-7500" -> "2394-7500"), for citation_issn and schema.org. */
export function issnNumbers(issn: string | null | undefined): string[] {
  return [...String(issn ?? "").matchAll(/\b(\d{4})-?(\d{3}[\dXx])\b/g)].map((m) => `${m[1]}-${m[2].toUpperCase()}`);
}
