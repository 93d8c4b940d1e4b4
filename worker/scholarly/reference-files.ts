// An article's references as RIS and BibTeX (issue 51 item 4): each reference in its parts (contract/reference-parse.ts,
// staff's corrections included), for a reader's reference manager — /archives/…/{ref}.references.ris and .bib
// (docs/decisions/0392). A reference with a source and a volume, issue or pages is a journal article; one with a
// title only is a generic work; one the parser could not read keeps its text as a note, so nothing is dropped.
// Pure; parsed back in tests by bibtool, bibutils' bib2xml and ris2xml.
import type { StructuredReference } from "#contract/reference-parse";
import { richTextToPlain } from "#contract/rich-text";
import { bibName, bibText, bibValue, risLine } from "./citation-files";

type Kind = "article" | "work" | "unread";

function kindOf(r: StructuredReference): Kind {
  if (!r.title) return "unread";
  return r.source && (r.volume || r.issue || r.fpage) ? "article" : "work";
}

const ascii = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();

/** "rao2020heavy" (first author, year, first title word of four letters or more), unique within the file. */
function bibKeys(refs: StructuredReference[]): string[] {
  const seen = new Map<string, number>();
  return refs.map((r, i) => {
    const family = ascii(r.authors[0]?.family ?? "");
    const word =
      r.title
        .split(/\s+/)
        .map(ascii)
        .find((w) => w.length > 3) ?? "";
    const base = family || word ? `${family || "ref"}${ascii(r.year)}${word}` : `ref${i + 1}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    // A second "rao2020heavy" is "rao2020heavyb", as BibTeX styles letter same-author-same-year works.
    return n === 0 ? base : `${base}${String.fromCharCode(97 + (n % 26))}${n >= 26 ? Math.floor(n / 26) : ""}`;
  });
}

const pages = (r: StructuredReference) => (r.fpage ? (r.lpage && r.lpage !== r.fpage ? `${r.fpage}--${r.lpage}` : r.fpage) : "");

export function referencesToBibtex(refs: StructuredReference[]): string {
  const keys = bibKeys(refs);
  return refs
    .map((r, i) => {
      const kind = kindOf(r);
      const fields: [string, string][] = [];
      if (r.authors.length) fields.push(["author", `{${r.authors.map(bibName).join(" and ")}}`]);
      // Double braces keep the title's case as written.
      if (r.title) fields.push(["title", `{${bibValue(r.title)}}`]);
      if (r.source) fields.push([kind === "article" ? "journal" : "howpublished", bibValue(r.source)]);
      if (r.year) fields.push(["year", bibValue(r.year)]);
      if (r.volume) fields.push(["volume", bibValue(r.volume)]);
      if (r.issue) fields.push(["number", bibValue(r.issue)]);
      if (pages(r)) fields.push(["pages", `{${bibText(pages(r))}}`]);
      if (r.doi) fields.push(["doi", bibValue(r.doi)]);
      if (kind === "unread") fields.push(["note", bibValue(richTextToPlain(r.raw))]);
      const body = fields.map(([k, v]) => `  ${k} = ${v}`).join(",\n");
      return `@${kind === "article" ? "article" : "misc"}{${keys[i]},\n${body}\n}\n`;
    })
    .join("\n");
}

export function referencesToRis(refs: StructuredReference[]): string {
  const records = refs.map((r) => {
    const kind = kindOf(r);
    const lines = [risLine("TY", kind === "article" ? "JOUR" : "GEN")];
    for (const a of r.authors) lines.push(risLine("AU", a.given ? `${a.family}, ${a.given}` : a.family));
    if (r.title) lines.push(risLine("TI", r.title));
    // JO for a journal (as the article's own .ris; bibutils and Zotero read it as the journal's title), T2 otherwise.
    if (r.source) lines.push(risLine(kind === "article" ? "JO" : "T2", r.source));
    if (r.year) lines.push(risLine("PY", r.year));
    if (r.volume) lines.push(risLine("VL", r.volume));
    if (r.issue) lines.push(risLine("IS", r.issue));
    if (r.fpage) lines.push(risLine("SP", r.fpage));
    if (r.lpage) lines.push(risLine("EP", r.lpage));
    if (r.doi) lines.push(risLine("DO", r.doi));
    if (kind === "unread") lines.push(risLine("N1", richTextToPlain(r.raw)));
    lines.push(risLine("ER", ""));
    return lines.join("\r\n");
  });
  return records.length ? `${records.join("\r\n\r\n")}\r\n` : "";
}
