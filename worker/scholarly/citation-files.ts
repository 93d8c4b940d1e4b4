// Citation downloads next to each article page: RIS (application/x-research-info-systems) and BibTeX
// (application/x-bibtex), written from the article's scholarly record. Pure; parsed back in tests by citation-js.
import type { ScholarlyRecord } from "./scholarly-record";

export const RIS_TYPE = "application/x-research-info-systems; charset=utf-8";
export const BIBTEX_TYPE = "application/x-bibtex; charset=utf-8";

/**
 * A value as one line of plain text: C0 and C1 controls (U+001E, U+0085 ...) and Unicode's line and paragraph
 * separators become spaces, white space is collapsed. RIS readers split records and lines on some of them.
 */
export function oneLine(value: string): string {
  return value
    .replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** RIS values are one line each; tags are two letters, two spaces, a dash and a space. */
export const risLine = (tag: string, value: string) => `${tag}  - ${oneLine(value)}`;

export function toRis(r: ScholarlyRecord): string {
  const lines = [risLine("TY", "JOUR")];
  lines.push(risLine("TI", r.title));
  for (const a of r.authors) lines.push(risLine("AU", a.given ? `${a.family}, ${a.given}` : a.family));
  lines.push(risLine("JO", r.journal.name));
  if (r.journal.abbrev) lines.push(risLine("J2", r.journal.abbrev));
  lines.push(risLine("PY", String(r.year)));
  if (r.date) lines.push(risLine("DA", r.date.join("/")));
  lines.push(risLine("VL", String(r.volume)));
  lines.push(risLine("IS", String(r.issue)));
  if (r.pages) {
    lines.push(risLine("SP", r.pages.first));
    lines.push(risLine("EP", r.pages.last));
  }
  for (const issn of r.journal.issns) lines.push(risLine("SN", issn));
  if (r.journal.publisher) lines.push(risLine("PB", r.journal.publisher));
  if (r.doi) lines.push(risLine("DO", r.doi));
  lines.push(risLine("UR", r.urls.page));
  if (r.urls.pdf) lines.push(risLine("L1", r.urls.pdf));
  if (r.abstract) lines.push(risLine("AB", r.abstract));
  for (const k of r.keywords) lines.push(risLine("KW", k));
  lines.push(risLine("LA", r.language));
  lines.push(risLine("ER", ""));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * LaTeX's special characters as commands. Braces too: BibTeX counts every brace to find the end of a value and
 * knows no escape (`\}` still closes a group), so a stored "}" written as `\}` would let a title close its own
 * value and open a record of its own (issue 25). `\textbraceright{}` holds no unbalanced brace.
 */
const BIB_ESCAPES: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\textbraceleft{}",
  "}": "\\textbraceright{}",
  "&": "\\&",
  "%": "\\%",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
};

/** Plain text as LaTeX, every special character escaped in a single pass: never an unbalanced brace. */
export const bibText = (s: string) => oneLine(s).replace(/[\\{}&%$#_~^]/g, (ch) => BIB_ESCAPES[ch]);

/** One braced BibTeX value. */
export const bibValue = (s: string) => `{${bibText(s)}}`;

/**
 * A name part: BibTeX splits the author list on the word "and" in any case, so one inside a name is braced
 * ("Ann {And} Bob" stays one person).
 */
const bibNamePart = (s: string) => bibText(s).replace(/(^|\s)(and)(?=\s|$)/gi, "$1{$2}");

/**
 * "Family, Given" (BibTeX's unambiguous form). A name that could not be split is braced whole: BibTeX would
 * otherwise take its last word for the family name.
 */
export const bibName = (a: { given: string; family: string }) =>
  a.given ? `${bibNamePart(a.family)}, ${bibNamePart(a.given)}` : `{${bibText(a.family)}}`;

/** BibTeX's month macros: `month = nov` (no braces), which every style prints in its own form. */
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "verma2024effect": first author's family name, year, first title word (ASCII letters only). */
export function bibKey(r: ScholarlyRecord): string {
  const ascii = (s: string) =>
    s
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]/g, "")
      .toLowerCase();
  const family = ascii(r.authors[0]?.family ?? "") || "article";
  const word =
    r.title
      .split(/\s+/)
      .map(ascii)
      .find((w) => w.length > 3) ?? ascii(r.refnumber);
  return `${family}${r.year}${word}`;
}

export function toBibtex(r: ScholarlyRecord): string {
  // Each value already in BibTeX syntax: braced text, or a bare month macro.
  const fields: [string, string][] = [
    // Double braces keep the title's case as stored: styles that lower-case titles would print "cuo", "cr6+".
    ["title", `{${bibValue(r.title)}}`],
    ["author", `{${r.authors.map(bibName).join(" and ")}}`],
    ["journal", bibValue(r.journal.name)],
    ["year", bibValue(String(r.year))],
  ];
  const text = (name: string, value: string) => fields.push([name, bibValue(value)]);
  if (r.date) fields.push(["month", MONTHS[Number(r.date[1]) - 1]]);
  text("volume", String(r.volume));
  text("number", String(r.issue));
  if (r.pages) text("pages", r.pages.first === r.pages.last ? r.pages.first : `${r.pages.first}--${r.pages.last}`);
  if (r.journal.issns.length) text("issn", r.journal.issns.join(", "));
  if (r.journal.publisher) text("publisher", r.journal.publisher);
  if (r.doi) text("doi", r.doi);
  text("url", r.urls.page);
  if (r.abstract) text("abstract", r.abstract);
  if (r.keywords.length) text("keywords", r.keywords.join(", "));
  text("language", r.language);
  const body = fields.map(([k, v]) => `  ${k} = ${v}`).join(",\n");
  return `@article{${bibKey(r)},\n${body}\n}\n`;
}
