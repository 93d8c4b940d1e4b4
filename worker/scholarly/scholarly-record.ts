// One article's bibliographic record, built once from the rows the pages use and read by every machine-facing
// output: head meta tags, RIS, BibTeX, CSL citations, the Atom feed, OAI-PMH Dublin Core and Crossref deposits.
// Pure and runtime-neutral (no D1, no Workers APIs), so the React page renderer can call it too.
import { parse as parseName } from "@citation-js/name";
import type { ArticleRow, JournalRow } from "../core/data/schema";
import { richTextToPlain } from "#contract/rich-text";
import { articleAuthors, licenseOf, licenseOfUrl, normalizeIssn, referenceLines } from "#contract/scholarly";
import type { JournalRecord, RecordAuthor, ScholarlyRecord } from "#contract/scholarly-record";
import { articlePath, issuePath, pageRange, publicationDateParts } from "#contract/citation";
import { issnNumbers, journalName } from "#contract/journal-info";
import { brandingPath } from "#contract/branding";
import { parseFunding } from "#contract/funding";
import { otherVersions } from "#contract/article-translations";
import { structuredReferences, type StructuredReference } from "#contract/reference-parse";

export type { JournalRecord, RecordAuthor, ScholarlyRecord };

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
 * When an article's record last changed: the article itself, its DOI becoming registered (the record then links
 * it; docs/decisions/0271), or the journal metadata every record carries (journals.records_modified,
 * migrations/0020), whichever is latest. OAI datestamps, sitemap lastmod, Atom and JSON-LD dateModified all read it;
 * recordDatestamp (scholarly.repo.ts) is the same in SQL.
 */
export function recordModified(a: Pick<ArticleRow, "modification" | "doiRegisteredAt">, j: Pick<JournalRow, "recordsModified">): string {
  return [a.modification, a.doiRegisteredAt ?? "", j.recordsModified ?? ""].reduce((x, y) => (y > x ? y : x));
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

/** What the record takes from outside the article's row: its published full text and staff's reference corrections. */
export interface RecordExtras {
  fulltextHtml?: string;
  referenceCorrections?: StructuredReference[];
}

export function scholarlyRecord(a: ArticleRow, j: JournalRow, origin: string | null, extras: RecordExtras = {}): ScholarlyRecord {
  const loc = { year: a.year, volume: a.volume, issue: a.issue, refnumber: a.refnumber ?? "" };
  const abs = (path: string) => (origin ? `${origin}${path}` : path);
  const page = articlePath(loc);
  const date = publicationDateParts(a.publishdate);
  const journal = journalRecord(j);
  // A line of markup alone ("<i></i>") is no reference.
  const references = referenceLines(a.referenceList).filter((line) => richTextToPlain(line));
  const language = a.language || journal.language;
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
    doiRegistered: Boolean(a.doi && a.doiRegisteredAt),
    license: a.license ? licenseOf(a.license) : a.licenseUrl ? licenseOfUrl(a.licenseUrl) : journal.license,
    funding: parseFunding(a.funding),
    language,
    versions: otherVersions(a.translations, language),
    keywords: a.keywords
      .split(/[,;]/)
      .map((k) => k.trim())
      .filter(Boolean),
    references: references.map(richTextToPlain),
    referencesRichText: references,
    referencesStructured: structuredReferences(references, extras.referenceCorrections ?? []),
    fulltextHtml: extras.fulltextHtml ?? "",
    modified: recordModified(a, j),
    created: a.creation,
    urls: {
      page: abs(page),
      issue: abs(issuePath(loc)),
      pdf: a.file ? abs(`${page}.pdf`) : null,
      ris: abs(`${page}.ris`),
      bib: abs(`${page}.bib`),
      xml: abs(`${page}.xml`),
      // The full text is on the article page itself (issue 51): Google Scholar's citation_fulltext_html_url.
      fulltext: extras.fulltextHtml ? abs(page) : null,
      // The journal's own cover (uploaded in Settings, else drawn from its name and ISSN: decision 0163), what
      // link previews and schema.org's image show for an article; never another journal's.
      image: abs(brandingPath("cover", j.coverImageFile)),
    },
  };
}
