// DOAJ's article upload XML (doajArticles.xsd) for one issue (issue 40 item 3, docs/decisions/0222): one <record>
// per public article with its language (ISO 639-2/B), publisher, journal title, ISSNs, date, volume, issue, pages,
// DOI, reference number, title, authors with affiliation and ORCID iD, abstract, full-text URL and keywords.
import { orcidUrl } from "#contract/scholarly";
import type { JournalRecord, ScholarlyRecord } from "./scholarly-record";
import { XML_DECLARATION, attrsOf, el } from "../core/xml";
import { bibliographicLanguage } from "./language-codes";

/** "en", "pt-BR" -> "eng", "por" (DOAJ's list is ISO 639-2/B); "" for a language without a code we know. */
export const doajLanguage = bibliographicLanguage;

const issnOf = (issn: string) => (/^\d{4}-\d{3}[\dX]$/.test(issn) ? issn : "");

function record(r: ScholarlyRecord, j: JournalRecord): string {
  const lang = doajLanguage(r.language);
  const langAttr: Record<string, string> = lang ? { language: lang } : {};
  // Other language versions (issue 50 item 4): title, abstract and keywords repeat, each with its language.
  const others = r.versions.map((v) => {
    const code = doajLanguage(v.lang);
    return { ...v, attr: code ? { language: code } : ({} as Record<string, string>) };
  });
  const affiliations: string[] = [];
  const authors = r.authors.map((a) => {
    let aff = "";
    if (a.affiliation) {
      let n = affiliations.indexOf(a.affiliation);
      if (n < 0) n = affiliations.push(a.affiliation) - 1;
      aff = el("affiliationId", n + 1);
    }
    return `<author>${el("name", a.name)}${aff}${a.orcid ? el("orcid_id", orcidUrl(a.orcid)) : ""}</author>`;
  });
  return [
    "<record>",
    el("language", lang),
    el("publisher", j.publisher),
    el("journalTitle", j.name),
    el("issn", issnOf(j.issnPrint)),
    el("eissn", issnOf(j.issnOnline)),
    el("publicationDate", r.isoDate),
    el("volume", r.volume),
    el("issue", r.issue),
    r.pages ? `${el("startPage", r.pages.first)}${el("endPage", r.pages.last)}` : "",
    el("doi", r.doi),
    el("publisherRecordId", r.refnumber),
    el("documentType", "article"),
    el("title", r.title, langAttr),
    ...others.filter((v) => v.title).map((v) => el("title", v.title, v.attr)),
    authors.length ? `<authors>${authors.join("")}</authors>` : "",
    affiliations.length
      ? `<affiliationsList>${affiliations.map((name, i) => el("affiliationName", name, { affiliationId: String(i + 1) })).join("")}</affiliationsList>`
      : "",
    el("abstract", r.abstract, langAttr),
    ...others.map((v) => el("abstract", v.abstract, v.attr)),
    r.urls.pdf ? el("fullTextUrl", r.urls.pdf, { format: "pdf" }) : el("fullTextUrl", r.urls.page, { format: "html" }),
    r.keywords.length ? `<keywords${attrsOf(langAttr)}>${r.keywords.map((k) => el("keyword", k)).join("")}</keywords>` : "",
    ...others
      .filter((v) => v.keywords.length)
      .map((v) => `<keywords${attrsOf(v.attr)}>${v.keywords.map((k) => el("keyword", k)).join("")}</keywords>`),
    "</record>",
  ].join("");
}

export function doajArticles(journal: JournalRecord, records: ScholarlyRecord[]): string {
  return `${XML_DECLARATION}\n<records>${records.map((r) => record(r, journal)).join("")}</records>\n`;
}
