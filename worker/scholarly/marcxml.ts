// MARC 21 in XML (MARCXML, the Library of Congress's MARC21 slim schema) for one article, the record library
// catalogues harvest over OAI-PMH (issue 40 item 2, docs/decisions/0220): a component part of a serial (leader
// "nab"), its DOI (024), first author (100) and the others (700) with affiliation ($u) and ORCID iD ($1), title
// (245), publisher and year (264), pages (300), open access (506), abstract (520), funding (536), licence (540),
// language (008/35-37 and 041 as MARC codes, 546 as prose), keywords (653), the journal issue it is part of (773) and its page and PDF (856).
import { orcidUrl } from "#contract/scholarly";
import type { ScholarlyRecord } from "./scholarly-record";
import { bibliographicLanguage } from "./language-codes";
import { attrsOf, el } from "../core/xml";

export const MARCXML = {
  prefix: "marcxml",
  schema: "http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd",
  namespace: "http://www.loc.gov/MARC21/slim",
};

/** Record status new, language material, serial component part, Unicode; encoding level and form unknown. */
const LEADER = "     nab a22     uu 4500";

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" });
  } catch {
    return null;
  }
})();

/** The article's language as MARC codes it (ISO 639-2/B, e.g. "eng"), "und" when we know no code for it. */
const marcLanguage = (tag: string) => bibliographicLanguage(tag) || "und";

/** 546 $a: the language in words ("Text in English."), as a catalogue shows it. */
function languageNote(tag: string): string {
  return `Text in ${languageName(tag)}.`;
}

/** The name of a language in English ("Arabic"), or its tag when Intl knows no name. */
function languageName(tag: string): string {
  try {
    return languageNames?.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** 546 $a with the other languages' abstracts: "Text in English. Summaries also in Arabic and Indonesian." */
function languageNoteWithSummaries(r: ScholarlyRecord): string {
  const names = r.versions.filter((v) => v.abstract).map((v) => languageName(v.lang));
  if (!names.length) return languageNote(r.language);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${languageNote(r.language)} Summaries also in ${list}.`;
}

/**
 * Other language versions (issue 50 item 4): 246 3-1 a parallel title each (note and added entry; "1" parallel
 * title), 520 repeated for each abstract, 041 $b the languages of those abstracts, 546 naming them, and 653 the
 * versions' keywords after the article's own.
 */
const parallelTitles = (r: ScholarlyRecord) => r.versions.filter((v) => v.title).map((v) => field("246", "3", "1", [["a", v.title]]));
const otherAbstracts = (r: ScholarlyRecord) => r.versions.filter((v) => v.abstract).map((v) => field("520", "3", " ", [["a", v.abstract]]));
const otherKeywords = (r: ScholarlyRecord) => r.versions.flatMap((v) => v.keywords.map((k) => field("653", " ", " ", [["a", k]])));
const summaryLanguages = (r: ScholarlyRecord): Subfield[] =>
  r.versions.filter((v) => v.abstract).map((v): Subfield => ["b", marcLanguage(v.lang)]);

/**
 * 008, fixed-length data elements for a continuing resource (MARC 21 Bibliographic 008/18-34, leader/07 "b"), 40
 * characters: 00-05 date entered (the record's creation, yymmdd); 06 "s" single known date with 07-10 the
 * year of publication and 11-14 blank; 15-17 place of publication ("xx " unknown: the journal's settings hold no
 * country); 18-19 frequency and regularity not coded ("|"); 20 blank; 21 "j" journal; 22 "o" and 23 "o" online;
 * 24 and 25-27 not specified; 28 not a government publication; 29 "0" not a conference; 30-32 blank; 33 blank;
 * 34 "0" successive entry; 35-37 language (MARC code); 38 blank, not modified; 39 "d" catalogued by others than a
 * national agency.
 */
export function marc008(r: Pick<ScholarlyRecord, "created" | "isoDate" | "language">): string {
  const entered = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(r.created ?? "");
  const year = /^\d{4}/.exec(r.isoDate)?.[0] ?? "uuuu";
  const value = [
    entered ? `${entered[1]}${entered[2]}${entered[3]}` : "||||||",
    "s",
    year,
    "    ",
    "xx ",
    "||",
    " ",
    "j",
    "o",
    "o",
    " ",
    "   ",
    " ",
    "0",
    "   ",
    " ",
    "0",
    marcLanguage(r.language),
    " ",
    "d",
  ].join("");
  return value;
}

type Subfield = [code: string, value: string | number | null | undefined];

function field(tag: string, ind1: string, ind2: string, subfields: Subfield[]): string {
  const subs = subfields.map(([code, value]) => el("subfield", value, { code })).join("");
  return subs ? `<datafield${attrsOf({ tag, ind1, ind2 })}>${subs}</datafield>` : "";
}

function person(tag: "100" | "700", a: ScholarlyRecord["authors"][number]): string {
  return field(tag, "1", " ", [
    ["a", a.given ? `${a.family}, ${a.given}` : a.name],
    ["e", "author"],
    ["u", a.affiliation],
    ["1", a.orcid ? orcidUrl(a.orcid) : ""],
  ]);
}

export function marcxmlRecord(r: ScholarlyRecord): string {
  const j = r.journal;
  const [first, ...others] = r.authors;
  const pages = r.pages ? (r.pages.first === r.pages.last ? `p. ${r.pages.first}` : `p. ${r.pages.first}-${r.pages.last}`) : "";
  const related = `Vol. ${r.volume}, no. ${r.issue} (${r.year})${pages ? `, ${pages}` : ""}`;
  return [
    `<record${attrsOf({
      xmlns: MARCXML.namespace,
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xsi:schemaLocation": `${MARCXML.namespace} ${MARCXML.schema}`,
      type: "Bibliographic",
    })}>`,
    el("leader", LEADER),
    el("controlfield", r.refnumber, { tag: "001" }),
    el("controlfield", marc008(r), { tag: "008" }),
    r.doi
      ? field("024", "7", " ", [
          ["a", r.doi],
          ["2", "doi"],
        ])
      : "",
    field("041", " ", " ", [["a", marcLanguage(r.language)], ...summaryLanguages(r)]),
    first ? person("100", first) : "",
    field("245", first ? "1" : "0", "0", [["a", r.title]]),
    ...parallelTitles(r),
    field("264", " ", "1", [
      ["b", j.publisher],
      ["c", r.isoDate.slice(0, 4)],
    ]),
    pages ? field("300", " ", " ", [["a", pages]]) : "",
    field("506", "0", " ", [
      ["a", "Open access"],
      ["f", "Unrestricted online access"],
    ]),
    r.abstract ? field("520", "3", " ", [["a", r.abstract]]) : "",
    ...otherAbstracts(r),
    ...r.funding.map((f) =>
      field("536", " ", " ", [
        ["a", f.funder],
        ["c", f.award],
      ]),
    ),
    field("540", " ", " ", [
      ["a", r.license.label],
      ["u", r.license.url],
    ]),
    field("546", " ", " ", [["a", languageNoteWithSummaries(r)]]),
    ...r.keywords.map((k) => field("653", " ", " ", [["a", k]])),
    ...otherKeywords(r),
    ...others.map((a) => person("700", a)),
    field("773", "0", " ", [["t", j.name], ["g", related], ...j.issns.map((issn): Subfield => ["x", issn])]),
    field("856", "4", "0", [
      ["u", r.urls.page],
      ["z", "Article page"],
    ]),
    r.urls.pdf
      ? field("856", "4", "0", [
          ["u", r.urls.pdf],
          ["q", "application/pdf"],
          ["z", "Full text (PDF)"],
        ])
      : "",
    "</record>",
  ].join("");
}
