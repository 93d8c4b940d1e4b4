// The repository identifier of a journal's OAI-PMH records (oai:{it}:{refnumber}): the journal's primary host (its
// Domain setting, kept equal to the primary host by the console: docs/decisions/0161), so one record has one
// identifier whichever of the journal's hosts answers (issue 40 item 2, docs/decisions/0220). Only a journal with
// no usable Domain setting falls back to the host the request came to.
import type { JournalRow } from "../core/data/schema";
import { normalizeDomain } from "#contract/host";

export function repositoryDomain(journal: Pick<JournalRow, "domain">, origin: string): string {
  return normalizeDomain(journal.domain) ?? new URL(origin).hostname;
}
