// The blocks ORCID issues its iDs from (reserved for it by ISNI): 0000-0001-5000-0007 to 0000-0003-5000-0001 since
// 2012, and 0009-0000-0000-0000 to 0009-0010-0000-0000 since 2023 (ORCID's FAQ "What is the relationship between ISNI
// and ORCID?"). A checksum alone also passes numbers ORCID never issues; demo data draws from these blocks.

/** Each block's first and last iD, as the 15 digits before the check digit. */
export const ORCID_BLOCKS: readonly [first: number, last: number][] = [
  [15_000_000, 35_000_000],
  [900_000_000_000, 900_100_000_000],
];

/** The 15 digits of an ORCID iD before its check digit, as a number ("0000-0002-1825-0097" -> 2182509). */
export const orcidBase = (orcid: string) => Number(orcid.replace(/-/g, "").slice(0, 15));

/** Whether a (dashed, checksum-valid) ORCID iD lies in a block ORCID issues from. */
export function isIssuedOrcidRange(orcid: string): boolean {
  const base = orcidBase(orcid);
  return ORCID_BLOCKS.some(([first, last]) => base >= first && base <= last);
}

/** The dashed iD of 15 digits, with its ISO 7064 11,2 check digit. */
export function orcidOf(base: number): string {
  const digits = String(base).padStart(15, "0");
  let total = 0;
  for (const ch of digits) total = (total + Number(ch)) * 2;
  const check = (12 - (total % 11)) % 11;
  return `${digits}${check === 10 ? "X" : check}`.match(/.{4}/g)!.join("-");
}
