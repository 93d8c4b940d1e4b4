// Citation downloads next to each article page: RIS (application/x-research-info-systems) and BibTeX
// (application/x-bibtex), written from the article's scholarly record. Pure; parsed back in tests by citation-js.
import type { ScholarlyRecord } from "./scholarly-record";

export const RIS_TYPE = "application/x-research-info-systems; charset=utf-8";
export const BIBTEX_TYPE = "application/x-bibtex; charset=utf-8";

/** RIS values are one line each; tags are two letters, two spaces, a dash and a space. */
const risLine = (tag: string, value: string) => `${tag}  - ${value.replace(/\s+/g, " ").trim()}`;

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

const BIB_ESCAPES: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  "&": "\\&",
  "%": "\\%",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "~": "\\textasciitilde{}",
  "^": "\\textasciicircum{}",
};

/** One braced BibTeX value with LaTeX's special characters escaped in a single pass. */
const bibValue = (s: string) =>
  `{${s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\{}&%$#_~^]/g, (ch) => BIB_ESCAPES[ch])}}`;

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
  const fields: [string, string][] = [
    ["title", r.title],
    ["author", r.authors.map((a) => (a.given ? `${a.family}, ${a.given}` : a.family)).join(" and ")],
    ["journal", r.journal.name],
    ["year", String(r.year)],
  ];
  if (r.date) fields.push(["month", String(Number(r.date[1]))]);
  fields.push(["volume", String(r.volume)], ["number", String(r.issue)]);
  if (r.pages) fields.push(["pages", r.pages.first === r.pages.last ? r.pages.first : `${r.pages.first}--${r.pages.last}`]);
  if (r.journal.issns.length) fields.push(["issn", r.journal.issns.join(", ")]);
  if (r.journal.publisher) fields.push(["publisher", r.journal.publisher]);
  if (r.doi) fields.push(["doi", r.doi]);
  fields.push(["url", r.urls.page]);
  if (r.abstract) fields.push(["abstract", r.abstract]);
  if (r.keywords.length) fields.push(["keywords", r.keywords.join(", ")]);
  fields.push(["language", r.language]);
  const body = fields.map(([k, v]) => `  ${k} = ${bibValue(v)}`).join(",\n");
  return `@article{${bibKey(r)},\n${body}\n}\n`;
}
