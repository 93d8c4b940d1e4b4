// Crossref deposit XML, schema 5.3.1 (doi_batch), for one issue: journal metadata with print and electronic
// ISSN and the abbreviated title, the issue, and one journal_article per public article that has a DOI —
// contributors with affiliation and ORCID, JATS abstract, publication date, pages, licence (AccessIndicators),
// doi_data with the article URL, and the references as unstructured citations (docs/decisions/0104). Titles and
// references keep their face markup (<i>, <sup> ...), the abstract its paragraphs (docs/decisions/0150).
import type { StructuredReference } from "#contract/reference-parse";
import type { JournalRecord, ScholarlyRecord } from "./scholarly-record";
import { XML_DECLARATION, attrsOf, el, xmlText } from "../core/xml";
import { orcidUrl } from "#contract/scholarly";
import { CROSSREF_FACES, JATS_FACES, faceMarkup, faceParagraphs } from "./face-markup";

export const CROSSREF_NS = "http://www.crossref.org/schema/5.3.1";
const SCHEMA_LOCATION = `${CROSSREF_NS} https://www.crossref.org/schemas/crossref5.3.1.xsd`;

export interface Depositor {
  name: string;
  email: string;
  /** Unique per deposit (Crossref refuses a batch id it has seen). */
  batchId: string;
  /** Crossref's timestamp: a number that grows with every deposit of the same DOIs (here yyyyMMddHHmmssSSS). */
  timestamp: string;
}

/**
 * One reference as Crossref's citation model (issue 51 item 4): what the parser or staff found (journal title, first
 * author, volume, issue, first page, year, DOI, article title) in schema order, with the text as typed kept as
 * unstructured_citation for Crossref's own matching.
 */
function crossrefCitation(ref: StructuredReference, n: number): string {
  const doi = /^10\.\d{4,9}\/\S{1,200}$/.test(ref.doi) ? ref.doi : "";
  const journal = ref.volume || ref.issue;
  return [
    `<citation key="ref${n}">`,
    journal ? el("journal_title", ref.source) : "",
    el("author", ref.authors[0]?.family),
    el("volume", ref.volume),
    el("issue", ref.issue),
    el("first_page", ref.fpage),
    /^\d{4}$/.test(ref.year) ? el("cYear", ref.year) : "",
    el("doi", doi),
    journal ? "" : el("volume_title", ref.source),
    journal ? el("article_title", ref.title) : "",
    `<unstructured_citation>${faceMarkup(ref.raw, CROSSREF_FACES)}</unstructured_citation>`,
    "</citation>",
  ].join("");
}

/** yyyyMMddHHmmssSSS of a moment (UTC). */
export function crossrefTimestamp(d: Date): string {
  return d.toISOString().replace(/[-:TZ.]/g, "");
}

function publicationDate(r: ScholarlyRecord): string {
  const [y, m, d] = r.date ?? [String(r.year), "", ""];
  return `<publication_date media_type="online">${el("month", m)}${el("day", d)}${el("year", y)}</publication_date>`;
}

function contributors(r: ScholarlyRecord): string {
  if (!r.authors.length) return "";
  const people = r.authors.map((a, i) => {
    const affiliation = a.affiliation
      ? `<affiliations><institution>${el("institution_name", a.affiliation)}${el("institution_id", a.ror, { type: "ror" })}</institution></affiliations>`
      : "";
    const name = a.given ? `${el("given_name", a.given)}${el("surname", a.family)}` : el("surname", a.family);
    const orcid = a.orcid ? el("ORCID", orcidUrl(a.orcid), { authenticated: "false" }) : "";
    return `<person_name${attrsOf({ sequence: i === 0 ? "first" : "additional", contributor_role: "author" })}>${name}${affiliation}${orcid}</person_name>`;
  });
  return `<contributors>${people.join("")}</contributors>`;
}

/**
 * One <jats:abstract xml:lang> per language (5.3.1 repeats it): the article's own, then each other version's
 * (issue 50 item 4). The other titles are not deposited: <titles> holds one title and an original_language_title,
 * which names the original of a translated work (what OJS deposits for an isTranslationOf relation), not a
 * translation of this one (docs/decisions/0375).
 */
function abstracts(r: ScholarlyRecord): string {
  const one = (html: string, lang: string) => {
    const attrs = r.versions.length ? attrsOf({ "xml:lang": lang }) : "";
    const paragraphs = faceParagraphs(html, JATS_FACES);
    return paragraphs.length ? `<jats:abstract${attrs}>${paragraphs.map((p) => `<jats:p>${p}</jats:p>`).join("")}</jats:abstract>` : "";
  };
  return [one(r.abstractHtml, r.language), ...r.versions.map((v) => one(v.abstractHtml, v.lang))].join("");
}

function article(r: ScholarlyRecord): string {
  // One <jats:p> per stored paragraph, with its italics, superscripts ... as JATS inline elements.
  const abstract = abstracts(r);
  const pages = r.pages
    ? `<pages>${el("first_page", r.pages.first)}${r.pages.last !== r.pages.first ? el("last_page", r.pages.last) : ""}</pages>`
    : "";
  // Funders (fundref: one fundgroup per funder, its award number beside it) and the article's own licence.
  const funding = r.funding.length
    ? `<fr:program name="fundref">${r.funding
        .map(
          (f) =>
            // The Funder ID sits inside funder_name, as Crossref's funding documentation shows it.
            `<fr:assertion name="fundgroup"><fr:assertion name="funder_name">${xmlText(f.funder)}${el("fr:assertion", f.funderId && `https://doi.org/${f.funderId}`, { name: "funder_identifier" })}</fr:assertion>${el("fr:assertion", f.award, { name: "award_number" })}</fr:assertion>`,
        )
        .join("")}</fr:program>`
    : "";
  const license = `<ai:program name="AccessIndicators"><ai:free_to_read/>${el("ai:license_ref", r.license.url, { applies_to: "vor" })}</ai:program>`;
  const pdf = r.urls.pdf
    ? `<collection property="text-mining"><item>${el("resource", r.urls.pdf, { mime_type: "application/pdf" })}</item></collection>`
    : "";
  const citations = r.references.length
    ? `<citation_list>${r.referencesStructured.map((ref, i) => crossrefCitation(ref, i + 1)).join("")}</citation_list>`
    : "";
  return [
    `<journal_article${attrsOf({ publication_type: "full_text", language: r.language.slice(0, 2) })}>`,
    `<titles><title>${faceMarkup(r.titleHtml, CROSSREF_FACES)}</title></titles>`,
    contributors(r),
    abstract,
    publicationDate(r),
    pages,
    `<publisher_item>${el("item_number", r.refnumber, { item_number_type: "article_number" })}</publisher_item>`,
    funding,
    license,
    `<doi_data>${el("doi", r.doi)}${el("resource", r.urls.page)}${pdf}</doi_data>`,
    citations,
    "</journal_article>",
  ].join("");
}

export function crossrefDeposit(
  journal: JournalRecord,
  issue: { year: number; volume: number; issue: number },
  records: ScholarlyRecord[],
  depositor: Depositor,
): string {
  const issns = [
    journal.issnPrint ? el("issn", journal.issnPrint, { media_type: "print" }) : "",
    journal.issnOnline ? el("issn", journal.issnOnline, { media_type: "electronic" }) : "",
  ].join("");
  return [
    XML_DECLARATION,
    `<doi_batch${attrsOf({
      version: "5.3.1",
      xmlns: CROSSREF_NS,
      "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
      "xmlns:jats": "http://www.ncbi.nlm.nih.gov/JATS1",
      "xmlns:ai": "http://www.crossref.org/AccessIndicators.xsd",
      "xmlns:fr": "http://www.crossref.org/fundref.xsd",
      "xsi:schemaLocation": SCHEMA_LOCATION,
    })}>`,
    "<head>",
    el("doi_batch_id", depositor.batchId),
    el("timestamp", depositor.timestamp),
    `<depositor>${el("depositor_name", depositor.name)}${el("email_address", depositor.email)}</depositor>`,
    el("registrant", journal.publisher || journal.name),
    "</head>",
    "<body>",
    "<journal>",
    `<journal_metadata${attrsOf({ language: journal.language.slice(0, 2) })}>${el("full_title", journal.name)}${el("abbrev_title", journal.abbrev)}${issns}</journal_metadata>`,
    `<journal_issue><publication_date media_type="online">${el("year", issue.year)}</publication_date><journal_volume>${el("volume", issue.volume)}</journal_volume>${el("issue", issue.issue)}</journal_issue>`,
    ...records.map(article),
    "</journal>",
    "</body>",
    "</doi_batch>",
    "",
  ].join("\n");
}
