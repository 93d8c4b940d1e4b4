// How an article is cited and described: shared by the Worker (first HTML, meta tags) and the SPA (article and
// issue pages), so a reader and a crawler see the same citation. Runtime-neutral: no DOM, no Workers APIs.
import { richTextToPlain } from "./rich-text";

export interface CitableArticle {
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  publishdate?: string;
}

import { doiUrl, orcidUrl, splitAuthors } from "./scholarly";
import { jsonLd, linkRel, metaName, metaNameIn, metaProperty } from "./html";
import type { ScholarlyRecord } from "./scholarly-record";

export { splitAuthors };

/** "73-80" -> { first: "73", last: "80" }; "12" -> { first: "12", last: "12" }; anything else -> null. */
export function pageRange(pagenumber: string | null | undefined): { first: string; last: string } | null {
  const m = /^\s*([0-9A-Za-z]+)\s*(?:[-\u2010-\u2015]+\s*([0-9A-Za-z]+))?\s*$/.exec(String(pagenumber ?? ""));
  if (!m) return null;
  return { first: m[1], last: m[2] ?? m[1] };
}

/** Path of the issue page: /archives/2024/vol12/issue3. */
export function issuePath(a: { year: number; volume: number; issue: number }): string {
  return `/archives/${a.year}/vol${a.volume}/issue${a.issue}`;
}

/** Path of the article (abstract) page: /archives/2024/vol12/issue3/REF-1. */
export function articlePath(a: { year: number; volume: number; issue: number; refnumber: string }): string {
  return `${issuePath(a)}/${encodeURIComponent(a.refnumber)}`;
}

/** The article's PDF in the same directory as its abstract page (what Google Scholar looks for). */
export function articlePdfPath(a: { year: number; volume: number; issue: number; refnumber: string }): string {
  return `${articlePath(a)}.pdf`;
}

/** 'VOL. 12, ISSUE 3 (2024)' (SPEC §2 issue page title). */
export function issueLabel(a: { year: number; volume: number; issue: number }): string {
  return `VOL. ${a.volume}, ISSUE ${a.issue} (${a.year})`;
}

/**
 * The publication date as [year, month, day] from publishdate ("2024-03-15", "2024-03-15T..", "15-03-2024",
 * "2024/03/15"); null when it holds no recognisable date.
 */
export function publicationDateParts(publishdate: string | null | undefined): [string, string, string] | null {
  const s = String(publishdate ?? "").trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(s);
  if (m) return valid(m[1], m[2], m[3]);
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s);
  if (m) return valid(m[3], m[2], m[1]);
  return null;
}

function valid(y: string, mo: string, d: string): [string, string, string] | null {
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return [y, String(month).padStart(2, "0"), String(day).padStart(2, "0")];
}

const endSentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/**
 * 'How to cite this article' (Vancouver style, as Indian journals print it):
 * "A. Rao, B. Singh. Title of the paper. Journal Name. 2024;12(3):73-80."
 */
export function citationText(a: CitableArticle, journalName: string): string {
  const authors = splitAuthors(a.authorname).join(", ");
  const title = richTextToPlain(a.title);
  const parts = [authors, title, journalName.trim()].filter(Boolean).map(endSentence);
  const pages = String(a.pagenumber ?? "").trim();
  const where = `${a.year};${a.volume}(${a.issue})${pages ? `:${pages}` : ""}.`;
  return [...parts, where].join(" ");
}

// ---- Head metadata of an article page ---------------------------------------------------------------------
// Built from the article's scholarly record (worker/scholarly/scholarly-record.ts) by a pure function, so the Worker's
// first HTML and any server renderer write the same tags: Highwire Press (Google Scholar, Zotero), Dublin Core,
// Open Graph and schema.org JSON-LD.

/** Every tag for <head> besides <title>, the page description and the canonical link, as HTML. */
export function articleHeadTags(r: ScholarlyRecord): string {
  const j = r.journal;
  const tags: string[] = [];
  // Highwire Press tags, the ones Google Scholar and Zotero read. Institution and ORCID follow their author.
  tags.push(metaName("citation_title", r.title));
  for (const a of r.authors) {
    // "Family, Given" when the split is known: Scholar and Zotero read it as written ("Maria van der Berg" would
    // otherwise become given "Maria van der", family "Berg").
    tags.push(metaName("citation_author", a.given ? `${a.family}, ${a.given}` : a.name));
    if (a.affiliation) tags.push(metaName("citation_author_institution", a.affiliation));
    if (a.orcid) tags.push(metaName("citation_author_orcid", orcidUrl(a.orcid)));
  }
  tags.push(metaName("citation_publication_date", r.date ? r.date.join("/") : String(r.year)));
  tags.push(metaName("citation_journal_title", j.name));
  if (j.abbrev) tags.push(metaName("citation_journal_abbrev", j.abbrev));
  if (j.publisher) tags.push(metaName("citation_publisher", j.publisher));
  for (const issn of j.issns) tags.push(metaName("citation_issn", issn));
  tags.push(metaName("citation_volume", String(r.volume)));
  tags.push(metaName("citation_issue", String(r.issue)));
  if (r.pages) {
    tags.push(metaName("citation_firstpage", r.pages.first));
    tags.push(metaName("citation_lastpage", r.pages.last));
  }
  if (r.doi) tags.push(metaName("citation_doi", r.doi));
  if (r.urls.pdf) tags.push(metaName("citation_pdf_url", r.urls.pdf));
  tags.push(metaName("citation_abstract_html_url", r.urls.page));
  if (r.urls.fulltext) tags.push(metaName("citation_fulltext_html_url", r.urls.fulltext));
  if (r.abstract) tags.push(metaName("citation_abstract", r.abstract));
  if (r.keywords.length) tags.push(metaName("citation_keywords", r.keywords.join("; ")));
  tags.push(...otherLanguageHighwireTags(r));
  tags.push(metaName("citation_language", r.language));
  for (const ref of r.references) tags.push(metaName("citation_reference", ref));

  // Dublin Core.
  tags.push(linkRel("schema.DC", "http://purl.org/dc/elements/1.1/"));
  // The main version's language is named when there are others to tell it from (a one-language record is as before).
  const main = (name: string, content: string) => (r.versions.length ? metaNameIn(name, content, r.language) : metaName(name, content));
  tags.push(main("DC.title", r.title));
  for (const v of r.versions) if (v.title) tags.push(metaNameIn("DC.title.alternative", v.title, v.lang));
  for (const a of r.authors) tags.push(metaName("DC.creator", a.name));
  tags.push(metaName("DC.date", r.isoDate));
  tags.push(metaName("DC.type", "Text.Serial.Journal"));
  tags.push(metaName("DC.format", "text/html"));
  tags.push(metaName("DC.identifier", r.urls.page));
  // A DOI not (yet) registered is no link to follow: its URI form names it without sending anyone to doi.org.
  if (r.doi) tags.push(metaName("DC.identifier", r.doiRegistered ? doiUrl(r.doi) : `info:doi/${r.doi}`));
  tags.push(metaName("DC.source", j.name));
  for (const issn of j.issns) tags.push(metaName("DC.source.issn", issn));
  tags.push(metaName("DC.source.volume", String(r.volume)));
  tags.push(metaName("DC.source.issue", String(r.issue)));
  if (j.publisher) tags.push(metaName("DC.publisher", j.publisher));
  tags.push(metaName("DC.rights", r.license.url));
  // Funders as OJS writes them (DC.contributor.sponsor); JSON-LD below carries them as schema.org funders.
  for (const f of r.funding) tags.push(metaName("DC.contributor.sponsor", f.funder));
  if (r.abstract) tags.push(main("DC.description", r.abstract));
  for (const v of r.versions) if (v.abstract) tags.push(metaNameIn("DC.description", v.abstract, v.lang));
  if (r.keywords.length) tags.push(main("DC.subject", r.keywords.join("; ")));
  for (const v of r.versions) if (v.keywords.length) tags.push(metaNameIn("DC.subject", v.keywords.join("; "), v.lang));
  tags.push(metaName("DC.language", r.language));

  // Open Graph: the whole abstract (Zotero falls back to og:description).
  tags.push(metaProperty("og:type", "article"));
  tags.push(metaProperty("og:title", r.title));
  tags.push(metaProperty("og:description", r.abstract || r.title));
  if (/^https?:/.test(r.urls.page)) tags.push(metaProperty("og:url", r.urls.page));
  tags.push(metaProperty("og:site_name", j.name));
  if (r.date) tags.push(metaProperty("article:published_time", r.isoDate));
  for (const a of r.authors) tags.push(metaProperty("article:author", a.name));
  if (/^https?:/.test(r.urls.image)) tags.push(metaProperty("og:image", r.urls.image));
  // Twitter/X link previews (it reads og:title, og:description and og:image for the rest).
  tags.push(metaName("twitter:card", "summary"));

  tags.push(jsonLd(articleJsonLd(r)));
  return tags.join("\n");
}

/**
 * The other language versions as Highwire tags (issue 50 item 4): Google Scholar documents one citation_title, the
 * article's own (it is kept first and alone, unmarked); the other titles, abstracts and keywords follow as OJS's
 * Google Scholar plugin writes them, each tag marked with its language.
 */
function otherLanguageHighwireTags(r: ScholarlyRecord): string[] {
  const tags: string[] = [];
  for (const v of r.versions) {
    if (v.title) tags.push(metaNameIn("citation_title", v.title, v.lang));
    if (v.abstract) tags.push(metaNameIn("citation_abstract", v.abstract, v.lang));
    if (v.keywords.length) tags.push(metaNameIn("citation_keywords", v.keywords.join("; "), v.lang));
  }
  return tags;
}

/** schema.org: the article inside its issue, volume and periodical, with licence, publisher, DOI and ORCID iDs. */
export function articleJsonLd(r: ScholarlyRecord): Record<string, unknown> {
  const j = r.journal;
  const publisher = j.publisher ? { "@type": "Organization", name: j.publisher } : undefined;
  return {
    "@context": "https://schema.org",
    "@type": "ScholarlyArticle",
    // The whole title: Google's 110-character advice for headline is no longer a limit, and a cut title is wrong.
    headline: r.title,
    name: r.title,
    image: r.urls.image,
    author: r.authors.map((a) => ({
      "@type": "Person",
      name: a.name,
      ...(a.given ? { givenName: a.given, familyName: a.family } : {}),
      // The affiliation's ROR record as the organization's sameAs (schema.org's link to an item's identity).
      ...(a.affiliation ? { affiliation: { "@type": "Organization", name: a.affiliation, ...(a.ror ? { sameAs: a.ror } : {}) } } : {}),
      ...(a.orcid ? { sameAs: orcidUrl(a.orcid) } : {}),
    })),
    datePublished: r.isoDate,
    dateModified: r.modified,
    ...(r.abstract ? { abstract: r.abstract } : {}),
    ...(r.keywords.length ? { keywords: r.keywords.join(", ") } : {}),
    ...(r.pages ? { pageStart: r.pages.first, pageEnd: r.pages.last, pagination: r.pagenumber } : {}),
    identifier: r.doi ? [r.refnumber, { "@type": "PropertyValue", propertyID: "DOI", value: r.doi }] : r.refnumber,
    ...(r.doi && r.doiRegistered ? { sameAs: doiUrl(r.doi) } : {}),
    url: r.urls.page,
    inLanguage: r.language,
    license: r.license.url,
    ...(r.funding.length
      ? {
          funder: r.funding.map((f) => ({ "@type": "Organization", name: f.funder })),
          funding: r.funding
            .filter((f) => f.award)
            .map((f) => ({ "@type": "Grant", identifier: f.award, funder: { "@type": "Organization", name: f.funder } })),
        }
      : {}),
    ...(publisher ? { publisher } : {}),
    ...(r.urls.pdf ? { encoding: { "@type": "MediaObject", contentUrl: r.urls.pdf, encodingFormat: "application/pdf" } } : {}),
    ...(r.references.length ? { citation: r.references.map((text) => ({ "@type": "CreativeWork", name: text })) } : {}),
    isPartOf: {
      "@type": "PublicationIssue",
      issueNumber: String(r.issue),
      datePublished: String(r.year),
      isPartOf: {
        "@type": "PublicationVolume",
        volumeNumber: String(r.volume),
        isPartOf: {
          "@type": "Periodical",
          name: j.name,
          ...(j.abbrev ? { alternateName: j.abbrev } : {}),
          ...(j.issns.length ? { issn: j.issns } : {}),
          ...(publisher ? { publisher } : {}),
        },
      },
    },
  };
}
