// MARC 21 in XML (MARCXML, the Library of Congress's MARC21 slim schema) for one article, the record library
// catalogues harvest over OAI-PMH (issue 40 item 2, docs/decisions/0220): a component part of a serial (leader
// "nab"), its DOI (024), first author (100) and the others (700) with affiliation ($u) and ORCID iD ($1), title
// (245), publisher and year (264), pages (300), open access (506), abstract (520), funding (536), licence (540),
// language (546), keywords (653), the journal issue it is part of (773) and its page and PDF (856).
import { orcidUrl } from "#contract/scholarly";
import type { ScholarlyRecord } from "./scholarly-record";
import { attrsOf, el } from "./xml";

export const MARCXML = {
  prefix: "marcxml",
  schema: "http://www.loc.gov/standards/marcxml/schema/MARC21slim.xsd",
  namespace: "http://www.loc.gov/MARC21/slim",
};

/** Record status new, language material, serial component part, Unicode; encoding level and form unknown. */
const LEADER = "     nab a22     uu 4500";

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
    r.doi
      ? field("024", "7", " ", [
          ["a", r.doi],
          ["2", "doi"],
        ])
      : "",
    first ? person("100", first) : "",
    field("245", first ? "1" : "0", "0", [["a", r.title]]),
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
    field("546", " ", " ", [["a", r.language]]),
    ...r.keywords.map((k) => field("653", " ", " ", [["a", k]])),
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
