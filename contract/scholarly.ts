// Scholarly metadata rules shared by the Worker and the admin SPA (docs/decisions/0100-scholarly-metadata.md):
// Creative Commons licences, ORCID iDs (ISO 7064 11,2 check digit), DOIs, ISSNs, language tags, and the per-author
// details stored next to SPEC's comma-separated authorname. Runtime-neutral: no Worker or DOM imports.
import { stripInvisible } from "./invisible-text";

export interface License {
  key: string;
  label: string;
  url: string;
}

/** The Creative Commons licences a journal can choose; CC BY 4.0 is the default (Plan S, DOAJ). */
export const LICENSES: readonly License[] = [
  { key: "CC-BY-4.0", label: "CC BY 4.0", url: "https://creativecommons.org/licenses/by/4.0/" },
  { key: "CC-BY-SA-4.0", label: "CC BY-SA 4.0", url: "https://creativecommons.org/licenses/by-sa/4.0/" },
  { key: "CC-BY-NC-4.0", label: "CC BY-NC 4.0", url: "https://creativecommons.org/licenses/by-nc/4.0/" },
  { key: "CC-BY-NC-SA-4.0", label: "CC BY-NC-SA 4.0", url: "https://creativecommons.org/licenses/by-nc-sa/4.0/" },
  { key: "CC-BY-ND-4.0", label: "CC BY-ND 4.0", url: "https://creativecommons.org/licenses/by-nd/4.0/" },
  { key: "CC-BY-NC-ND-4.0", label: "CC BY-NC-ND 4.0", url: "https://creativecommons.org/licenses/by-nc-nd/4.0/" },
  { key: "CC0-1.0", label: "CC0 1.0 (public domain)", url: "https://creativecommons.org/publicdomain/zero/1.0/" },
];
export const DEFAULT_LICENSE = "CC-BY-4.0";
export const LICENSE_KEYS = LICENSES.map((l) => l.key) as [string, ...string[]];

export function licenseOf(key: string | null | undefined): License {
  return LICENSES.find((l) => l.key === key) ?? LICENSES[0];
}

/** A deed's address compared loosely: http or https, "www.", a trailing slash, the legal code or a translated deed. */
const deedKey = (url: string) =>
  url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, "")
    .replace(/\/(legalcode(\.[a-z-]+)?|deed\.[a-z-]+)$/, "")
    .replace(/\/+$/, "");

/** The licence of LICENSES whose deed `url` is (OJS's licenseUrl), or null for any other licence. */
export function licenseByUrl(url: string): License | null {
  const key = deedKey(url);
  return key ? (LICENSES.find((l) => deedKey(l.url) === key) ?? null) : null;
}

/** A licence outside LICENSES, known by its deed alone (an imported article's CC BY 3.0, a publisher's own). */
export const licenseOfUrl = (url: string): License => ({ key: "", label: url, url });

/** "0000-0002-1825-0097", also typed as "https://orcid.org/0000-0002-1825-009X" or without dashes. */
export function normalizeOrcid(input: string): string | null {
  const bare = input
    .trim()
    .replace(/^https?:\/\/(www\.)?orcid\.org\//i, "")
    .replace(/[\s-]/g, "")
    .toUpperCase();
  if (!/^\d{15}[\dX]$/.test(bare)) return null;
  let total = 0;
  for (const ch of bare.slice(0, 15)) total = (total + Number(ch)) * 2;
  const check = (12 - (total % 11)) % 11;
  if (bare[15] !== (check === 10 ? "X" : String(check))) return null;
  return bare.match(/.{4}/g)!.join("-");
}

export const orcidUrl = (orcid: string) => `https://orcid.org/${orcid}`;

/** Crossref's recommended DOI syntax: 10.{registrant}/{suffix} with a safe suffix. */
export const DOI_PATTERN = /^10\.\d{4,9}\/[-._;()/:A-Za-z0-9]{1,200}$/;
export const DOI_PREFIX_PATTERN = /^10\.\d{4,9}$/;

/** "https://doi.org/10.1234/ABC" or "doi:10.1234/ABC" -> "10.1234/ABC"; null when it is not a DOI. */
export function normalizeDoi(input: string): string | null {
  const d = input.trim().replace(/^(https?:\/\/(dx\.)?doi\.org\/|doi:\s*)/i, "");
  return DOI_PATTERN.test(d) ? d : null;
}

export const doiUrl = (doi: string) => `https://doi.org/${doi}`;

/** The DOI an article gets when staff leave the field empty: prefix + "/" + reference number. */
export function defaultDoi(prefix: string, refnumber: string): string {
  return prefix && refnumber ? `${prefix}/${refnumber}` : "";
}

/** "2394-7500" (an ISSN with a valid check digit), also typed without the hyphen; null otherwise. */
export function normalizeIssn(input: string): string | null {
  const bare = input.trim().replace("-", "").toUpperCase();
  if (!/^\d{7}[\dX]$/.test(bare)) return null;
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(bare[i]) * (8 - i);
  const check = (11 - (sum % 11)) % 11;
  if (bare[7] !== (check === 10 ? "X" : String(check))) return null;
  return `${bare.slice(0, 4)}-${bare.slice(4)}`;
}

/** A BCP 47 language tag as HTML's lang takes it: "en", "hi", "pt-BR". */
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Per-author details, in authorname order. */
export interface AuthorDetail {
  affiliation: string;
  orcid: string;
  /** The affiliation's ROR id as an address ("https://ror.org/03yrm5c26"), when staff give one (issue 51 item 5). */
  ror?: string;
}

const ROR_DIGITS = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * A ROR id as typed ("03yrm5c26", "ror.org/03yrm5c26", "https://ror.org/03yrm5c26") -> its address, or null: a 0,
 * six Crockford base-32 characters and the two-digit ISO 7064 mod 97-10 check of them, as ROR assigns them.
 */
export function normalizeRor(input: string): string | null {
  const bare = input
    .trim()
    .toLowerCase()
    .replace(/^(?:https?:\/\/)?(?:www\.)?ror\.org\//, "");
  if (!/^0[0-9a-hjkmnp-tv-z]{6}\d{2}$/.test(bare)) return null;
  let value = 0;
  // At most 32^7 ≈ 3.4e10 before the last step: exact in a double.
  for (const ch of bare.slice(0, 7)) value = value * 32 + ROR_DIGITS.indexOf(ch);
  if (98 - ((value * 100) % 97) !== Number(bare.slice(7))) return null;
  return `https://ror.org/${bare}`;
}

/** An author as every output needs them: the name from authorname, the details from author_details. */
export interface ArticleAuthor extends AuthorDetail {
  name: string;
}

/** Reads the stored JSON leniently (a damaged value means "no details", never a failed page). */
export function parseAuthorDetails(json: string | null | undefined): AuthorDetail[] {
  try {
    const value: unknown = JSON.parse(String(json ?? "[]"));
    if (!Array.isArray(value)) return [];
    return value.map((v) => ({
      affiliation: typeof v?.affiliation === "string" ? v.affiliation : "",
      orcid: typeof v?.orcid === "string" ? v.orcid : "",
      ...(typeof v?.ror === "string" && v.ror ? { ror: v.ror } : {}),
    }));
  } catch {
    return [];
  }
}

/**
 * "A. Rao, B. Singh ,C. Das" -> ["A. Rao", "B. Singh", "C. Das"] (SPEC: authors split on commas, trimmed), white
 * space collapsed and invisible characters removed (0053): the one list every page, citation and document uses.
 */
export function splitAuthors(authorname: string | null | undefined): string[] {
  return stripInvisible(String(authorname ?? ""))
    .split(",")
    .map((a) => a.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

/** The authors of an article with their details, in authorname order. */
export function articleAuthors(authorname: string, authorDetailsJson: string | null | undefined): ArticleAuthor[] {
  const details = parseAuthorDetails(authorDetailsJson);
  return splitAuthors(authorname).map((name, i) => ({
    name,
    affiliation: details[i]?.affiliation ?? "",
    orcid: details[i]?.orcid ?? "",
    ...(details[i]?.ror ? { ror: details[i].ror } : {}),
  }));
}

/** References stored one per line -> the non-empty lines. */
export function referenceLines(text: string | null | undefined): string[] {
  return String(text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}
