// An article's funders (issue 40 item 6, docs/decisions/0220): stored one a line as "Funder name | award number |
// Funder ID", the award and the Funder ID (Crossref's Open Funder Registry, 10.13039/…, issue 51) optional, so staff type them in one textarea and every output (the page, meta tags, Crossref's
// fundref, JATS funding-group, DOAJ) reads the same list. Runtime-neutral.
import { stripInvisible } from "./invisible-text";

export interface Funder {
  /** As the article states it: "National Science Foundation". */
  funder: string;
  /** The grant or award number, "" when none is given. */
  award: string;
  /** The funder's Funder ID ("10.13039/100000001"), "" when none is given. */
  funderId: string;
}

/** A Funder ID as typed: the DOI alone, with "doi:", or as a doi.org address. */
const FUNDER_ID = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)?(10\.13039\/[A-Za-z0-9._-]+)$/i;

/** The Funder ID a line's part names ("10.13039/100000001"), or null when it is not one. */
export function funderIdOf(part: string): string | null {
  const m = FUNDER_ID.exec(part.trim());
  return m ? m[1] : null;
}

/** The longest funder name or award number a line may carry. */
export const FUNDER_MAX = 300;

/**
 * "NSF | CHE-1234 | 10.13039/100000001\nWellcome Trust" -> [{ funder: "NSF", award: "CHE-1234", funderId:
 * "10.13039/100000001" }, { funder: "Wellcome Trust", award: "", funderId: "" }].
 */
export function parseFunding(text: string | null | undefined): Funder[] {
  return stripInvisible(String(text ?? ""))
    .split(/\r?\n/)
    .map((line) => {
      const [funder = "", ...rest] = line.split("|");
      // The Funder ID is whichever later part is one; the rest is the award.
      const idAt = rest.findIndex((part) => funderIdOf(part) !== null);
      const funderId = idAt < 0 ? "" : (funderIdOf(rest[idAt]) ?? "");
      const award = rest.filter((_, i) => i !== idAt).join("|");
      return { funder: funder.trim().replace(/\s+/g, " "), award: award.trim().replace(/\s+/g, " "), funderId };
    })
    .filter((f) => f.funder);
}

/** The stored form: one funder a line, " | " before the award; blank lines dropped. */
export function formatFunding(funders: Funder[]): string {
  return funders.map((f) => [f.funder, f.award, f.funderId].filter(Boolean).join(" | ")).join("\n");
}

/** Why a funding text cannot be stored, or null: a line without a funder name, or a part too long. */
export function fundingProblem(text: string): string | null {
  for (const line of String(text).split(/\r?\n/)) {
    if (!line.trim()) continue;
    const [funder = "", ...rest] = line.split("|");
    if (!funder.trim()) return "invalid_funding";
    if (funder.trim().length > FUNDER_MAX || rest.join("|").trim().length > FUNDER_MAX) return "invalid_funding";
  }
  return null;
}
