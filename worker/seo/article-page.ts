// The head of an article (abstract) page: Google Scholar (Highwire Press) citation_* tags, Dublin Core,
// Open Graph and a schema.org ScholarlyArticle JSON-LD block (see docs/decisions/0041). The visible page is
// the React article page, rendered in the Worker (worker/pages/, docs/decisions/0070).
import type { ArticleRow, JournalRow } from "../data/schema";
import { richTextToPlain } from "../schemas/rich-text";
import {
  articlePath,
  articlePdfPath,
  pageRange,
  publicationDateParts,
  splitAuthors,
} from "./citation";
import { clip, jsonLd, linkRel, metaName, metaProperty } from "./html";
import { journalName, issnNumbers } from "./journal-info";

export interface ArticleHead {
  title: string;
  description: string;
  /** Everything for <head> besides <title>, description and canonical. */
  head: string;
}

export function articleHead(a: ArticleRow, journal: JournalRow, origin: string | null): ArticleHead {
  const name = journalName(journal);
  const titleText = richTextToPlain(a.title);
  const abstractText = richTextToPlain(a.abstract);
  const authors = splitAuthors(a.authorname);
  const pages = pageRange(a.pagenumber);
  const date = publicationDateParts(a.publishdate);
  const ref = a.refnumber ?? "";
  const loc = { year: a.year, volume: a.volume, issue: a.issue, refnumber: ref };
  const abs = (path: string) => (origin ? `${origin}${path}` : path);
  const pageUrl = abs(articlePath(loc));
  const pdfUrl = a.file ? abs(articlePdfPath(loc)) : null;
  const issns = issnNumbers(journal.issn);
  const keywords = a.keywords
    .split(/[,;]/)
    .map((k) => k.trim())
    .filter(Boolean);

  const tags: string[] = [];
  // Highwire Press tags, the ones Google Scholar reads.
  tags.push(metaName("citation_title", titleText));
  for (const author of authors) tags.push(metaName("citation_author", author));
  tags.push(metaName("citation_publication_date", date ? date.join("/") : String(a.year)));
  tags.push(metaName("citation_journal_title", name));
  for (const issn of issns) tags.push(metaName("citation_issn", issn));
  tags.push(metaName("citation_volume", String(a.volume)));
  tags.push(metaName("citation_issue", String(a.issue)));
  if (pages) {
    tags.push(metaName("citation_firstpage", pages.first));
    tags.push(metaName("citation_lastpage", pages.last));
  }
  if (pdfUrl) tags.push(metaName("citation_pdf_url", pdfUrl));
  tags.push(metaName("citation_abstract_html_url", pageUrl));
  if (keywords.length) tags.push(metaName("citation_keywords", keywords.join("; ")));
  tags.push(metaName("citation_language", "en"));

  // Dublin Core.
  tags.push(linkRel("schema.DC", "http://purl.org/dc/elements/1.1/"));
  tags.push(metaName("DC.title", titleText));
  for (const author of authors) tags.push(metaName("DC.creator", author));
  tags.push(metaName("DC.date", date ? date.join("-") : String(a.year)));
  tags.push(metaName("DC.type", "Text.Serial.Journal"));
  tags.push(metaName("DC.format", "text/html"));
  tags.push(metaName("DC.identifier", pageUrl));
  tags.push(metaName("DC.source", name));
  for (const issn of issns) tags.push(metaName("DC.source.issn", issn));
  tags.push(metaName("DC.source.volume", String(a.volume)));
  tags.push(metaName("DC.source.issue", String(a.issue)));
  if (abstractText) tags.push(metaName("DC.description", clip(abstractText, 1000)));
  if (keywords.length) tags.push(metaName("DC.subject", keywords.join("; ")));
  tags.push(metaName("DC.language", "en"));

  // Open Graph.
  tags.push(metaProperty("og:type", "article"));
  tags.push(metaProperty("og:title", titleText));
  tags.push(metaProperty("og:description", clip(abstractText || titleText, 300)));
  if (origin) tags.push(metaProperty("og:url", pageUrl));
  tags.push(metaProperty("og:site_name", name));
  if (date) tags.push(metaProperty("article:published_time", date.join("-")));
  for (const author of authors) tags.push(metaProperty("article:author", author));

  // schema.org: the article inside its issue, volume and periodical.
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "ScholarlyArticle",
    headline: clip(titleText, 110),
    name: titleText,
    author: authors.map((n) => ({ "@type": "Person", name: n })),
    datePublished: date ? date.join("-") : String(a.year),
    ...(abstractText ? { abstract: abstractText } : {}),
    ...(keywords.length ? { keywords: keywords.join(", ") } : {}),
    ...(pages ? { pageStart: pages.first, pageEnd: pages.last, pagination: a.pagenumber } : {}),
    identifier: ref,
    url: pageUrl,
    ...(pdfUrl ? { encoding: { "@type": "MediaObject", contentUrl: pdfUrl, encodingFormat: "application/pdf" } } : {}),
    isPartOf: {
      "@type": "PublicationIssue",
      issueNumber: String(a.issue),
      datePublished: String(a.year),
      isPartOf: {
        "@type": "PublicationVolume",
        volumeNumber: String(a.volume),
        isPartOf: { "@type": "Periodical", name, ...(issns.length ? { issn: issns } : {}) },
      },
    },
  };
  tags.push(jsonLd(ld));

  return {
    title: titleText,
    description: clip(abstractText || `${titleText}. ${authors.join(", ")}.`, 300),
    head: tags.join("\n"),
  };
}
