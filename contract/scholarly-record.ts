// One article's bibliographic record as every machine-facing output reads it (head meta tags, RIS, BibTeX, CSL,
// Atom, OAI-PMH, Crossref). Built by the Worker (worker/scholarly/scholarly-record.ts); the shape lives here because
// the citation helpers of contract/citation.ts read it too.
import type { License } from "./scholarly";
import type { Funder } from "./funding";
import type { LanguageVersion } from "./article-translations";
import type { StructuredReference } from "./reference-parse";

export interface RecordAuthor {
  /** As typed in authorname ("Asha Verma"). */
  name: string;
  given: string;
  family: string;
  affiliation: string;
  /** "0000-0002-1825-0097" or "". */
  orcid: string;
  /** The affiliation's ROR id ("https://ror.org/03yrm5c26"), when staff gave one. */
  ror?: string;
}

export interface JournalRecord {
  name: string;
  /** formatted_journal_name as plain text ("Int. J. Appl. Nat. Sci."), or "". */
  abbrev: string;
  publisher: string;
  issnPrint: string;
  issnOnline: string;
  /** Every ISSN, print first. */
  issns: string[];
  license: License;
  language: string;
}

export interface ScholarlyRecord {
  journal: JournalRecord;
  refnumber: string;
  /** Sanitized rich text, and its plain text. */
  titleHtml: string;
  title: string;
  abstractHtml: string;
  abstract: string;
  authors: RecordAuthor[];
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  pages: { first: string; last: string } | null;
  /** [year, month, day] of publication, or null when publishdate holds no date (then the year alone counts). */
  date: [string, string, string] | null;
  /** "2024-03-15", or "2024" when only the year is known. */
  isoDate: string;
  doi: string;
  /** Crossref confirmed the DOI (issue 40 item 5): only then is it printed as a https://doi.org/ link. */
  doiRegistered: boolean;
  /** The article's licence: its own, else the journal's. */
  license: License;
  /** Who funded the work, as the article states it (contract/funding.ts). */
  funding: Funder[];
  language: string;
  keywords: string[];
  /**
   * The article's other language versions of title, abstract and keywords (issue 50 item 4), each in a shipped
   * language other than `language`; every output carries them as its schema says.
   */
  versions: LanguageVersion[];
  /** One per reference, as plain text (meta tags, JSON-LD) ... */
  references: string[];
  /** ... and as stored: rich text that may carry <i>, <sup> ... (Crossref keeps them as face markup). */
  referencesRichText: string[];
  /** ... and read into their parts (contract/reference-parse.ts; staff's corrections when they made any). */
  referencesStructured: StructuredReference[];
  /** The published full text (contract/fulltext-html.ts), '' when the article has none (issue 51). */
  fulltextHtml: string;
  /** Last change of the article (ISO timestamp), for feeds, sitemaps and OAI-PMH. */
  modified: string;
  created: string;
  /** Absolute when the journal has an origin, else site-relative. */
  urls: { page: string; issue: string; pdf: string | null; ris: string; bib: string; image: string; xml: string; fulltext: string | null };
}
