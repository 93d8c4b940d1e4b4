// An article's funders (issue 40 item 6, docs/decisions/0220): stored one a line as "Funder name | award number",
// the award optional, so staff type them in one textarea and every output (the page, meta tags, Crossref's
// fundref, JATS funding-group, DOAJ) reads the same list. Runtime-neutral.
import { stripInvisible } from "./invisible-text";

export interface Funder {
  /** As the article states it: "National Science Foundation". */
  funder: string;
  /** The grant or award number, "" when none is given. */
  award: string;
}

/** The longest funder name or award number a line may carry. */
export const FUNDER_MAX = 300;

/** "NSF | CHE-1234\nWellcome Trust" -> [{ funder: "NSF", award: "CHE-1234" }, { funder: "Wellcome Trust", award: "" }]. */
export function parseFunding(text: string | null | undefined): Funder[] {
  return stripInvisible(String(text ?? ""))
    .split(/\r?\n/)
    .map((line) => {
      const [funder = "", ...rest] = line.split("|");
      return { funder: funder.trim().replace(/\s+/g, " "), award: rest.join("|").trim().replace(/\s+/g, " ") };
    })
    .filter((f) => f.funder);
}

/** The stored form: one funder a line, " | " before the award; blank lines dropped. */
export function formatFunding(funders: Funder[]): string {
  return funders.map((f) => (f.award ? `${f.funder} | ${f.award}` : f.funder)).join("\n");
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
