// Journal facts the first HTML needs (names, ISSNs), from the journal row the request resolved to.
import type { JournalRow } from "../data/schema";
import { richTextToPlain } from "../schemas/rich-text";

/** The journal's display name: websitename, else the plain text of formatted_journal_name. */
export function journalName(j: Pick<JournalRow, "websitename" | "formatted_journal_name">): string {
  return j.websitename.trim() || richTextToPlain(j.formatted_journal_name) || "Journal";
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
