// One article's bibliographic record, built once from the rows the pages use and read by every machine-facing
// output: head meta tags, RIS, BibTeX, CSL citations, the Atom feed, OAI-PMH Dublin Core and Crossref deposits.
// Pure and runtime-neutral (no D1, no Workers APIs), so the React page renderer can call it too.
import { parse as parseName } from "@citation-js/name";
import type { ArticleRow, JournalRow } from "../data/schema";
import { richTextToPlain } from "#contract/rich-text";
import { articleAuthors, licenseOf, normalizeIssn, referenceLines, type License } from "#contract/scholarly";
import { articlePath, issuePath, pageRange, publicationDateParts } from "#contract/citation";
import { issnNumbers, journalName } from "#contract/journal-info";

/** The cover page image every page's sidebar shows (web/static/img). */
const COVER_IMAGE_PATH = "/img/cover-page.png";

export interface RecordAuthor {
  /** As typed in authorname ("Asha Verma"). */
  name: string;
  given: string;
  family: string;
  affiliation: string;
  /** "0000-0002-1825-0097" or "". */
  orcid: string;
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
  language: string;
  keywords: string[];
  /** One per reference, as plain text (meta tags, JSON-LD) ... */
  references: string[];
  /** ... and as stored: rich text that may carry <i>, <sup> ... (Crossref keeps them as face markup). */
  referencesRichText: string[];
  /** Last change of the article (ISO timestamp), for feeds, sitemaps and OAI-PMH. */
  modified: string;
  created: string;
  /** Absolute when the journal has an origin, else site-relative. */
  urls: { page: string; issue: string; pdf: string | null; ris: string; bib: string; image: string };
}

/** Given and family name of a person named as typed ("A. K. Rao", "Ravi van der Berg"). */
function nameParts(name: string): { given: string; family: string } {
  try {
    const p = parseName(name) as { given?: string; family?: string; "non-dropping-particle"?: string };
    const family = [p["non-dropping-particle"], p.family].filter(Boolean).join(" ");
    if (family) return { given: p.given ?? "", family };
  } catch {
    // fall through
  }
  return { given: "", family: name };
}

/**
 * When an article's record last changed: the article itself, or the journal metadata every record carries
 * (journals.records_modified, migrations/0020), whichever is later. OAI datestamps, sitemap lastmod, Atom and
 * JSON-LD dateModified all read it.
 */
export function recordModified(a: Pick<ArticleRow, "modification">, j: Pick<JournalRow, "recordsModified">): string {
  const journal = j.recordsModified ?? "";
  return journal > a.modification ? journal : a.modification;
}

export function journalRecord(j: JournalRow): JournalRecord {
  const found = issnNumbers(j.issn);
  const issnPrint = normalizeIssn(j.issn_print ?? "") ?? (j.issn_online ? "" : (found[0] ?? ""));
  const issnOnline = normalizeIssn(j.issn_online ?? "") ?? (j.issn_print ? "" : (found[1] ?? ""));
  return {
    name: journalName(j),
    abbrev: richTextToPlain(j.formatted_journal_name),
    publisher: (j.publisher ?? "").trim(),
    issnPrint,
    issnOnline,
    issns: [issnPrint, issnOnline].filter(Boolean),
    license: licenseOf(j.license),
    language: j.language || "en",
  };
}

export function scholarlyRecord(a: ArticleRow, j: JournalRow, origin: string | null): ScholarlyRecord {
  const loc = { year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" };
  const abs = (path: string) => (origin ? `${origin}${path}` : path);
  const page = articlePath(loc);
  const date = publicationDateParts(a.publishdate);
  const journal = journalRecord(j);
  // A line of markup alone ("<i></i>") is no reference.
  const references = referenceLines(a.referenceList).filter((line) => richTextToPlain(line));
  return {
    journal,
    refnumber: loc.refnumber,
    titleHtml: a.title,
    title: richTextToPlain(a.title),
    abstractHtml: a.abstract,
    abstract: richTextToPlain(a.abstract),
    authors: articleAuthors(a.authorname, a.authorDetails).map((au) => ({ ...au, ...nameParts(au.name) })),
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    pagenumber: a.pagenumber,
    pages: pageRange(a.pagenumber),
    date,
    isoDate: date ? date.join("-") : String(a.year),
    doi: a.doi ?? "",
    language: a.language || journal.language,
    keywords: a.keywords
      .split(/[,;]/)
      .map((k) => k.trim())
      .filter(Boolean),
    references: references.map(richTextToPlain),
    referencesRichText: references,
    modified: recordModified(a, j),
    created: a.creation,
    urls: {
      page: abs(page),
      issue: abs(issuePath(loc)),
      pdf: a.file ? abs(`${page}.pdf`) : null,
      ris: abs(`${page}.ris`),
      bib: abs(`${page}.bib`),
      // The journal's cover, what link previews and schema.org's image show for an article.
      image: abs(COVER_IMAGE_PATH),
    },
  };
}
