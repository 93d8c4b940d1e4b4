// A journal with full scholarly metadata and a few public and hidden articles, for the indexer outputs' tests.
import { eq } from "drizzle-orm";
import { createArticle, createIssue, createJournal, db, unique, type TestJournal } from "./fixtures";
import { adminToken } from "./auth-fixtures";
import { journals } from "../../worker/core/data/schema";

export interface ScholarlyJournal extends TestJournal {
  domain: string;
  /** Reference numbers of the public articles. */
  publicRefs: string[];
  hiddenRefs: string[];
}

/** Sets the scholarly settings; the domain is the host the tests call (so absolute URLs are predictable). */
export async function scholarlyJournal(over: Partial<typeof journals.$inferInsert> = {}): Promise<ScholarlyJournal> {
  const j = await createJournal({ websitename: "International Journal of Soil & Crop Science" });
  const domain = `www.${unique("soil")}.example.org`;
  await db
    .update(journals)
    .set({
      domain,
      formatted_journal_name: "Int. J. Soil Crop Sci.",
      publisher: "Soil <Society> Press",
      doi_prefix: "10.55501",
      license: "CC-BY-NC-4.0",
      issn_print: "2049-3630",
      issn_online: "2434-561X",
      language: "en",
      ...over,
    })
    .where(eq(journals.id, j.id));
  // As if the metadata had been set long ago (the trigger of migrations/0020 stamps it now), so the records'
  // datestamps are the articles' own unless a test changes the journal.
  await db.update(journals).set({ recordsModified: "1970-01-01T00:00:00.000Z" }).where(eq(journals.id, j.id));
  return { ...j, domain, publicRefs: [], hiddenRefs: [] };
}

/** Adds a public article with every metadata field filled. */
export async function fullArticle(j: ScholarlyJournal, over: Parameters<typeof createArticle>[1] = {}) {
  const ref = over.refnumber ?? unique("SCS").replace(/[^A-Za-z0-9-]/g, "");
  const a = await createArticle(j.id, {
    refnumber: ref,
    title: `Effect of <i>Rhizobium</i> on pulse yield & soil ${ref}`,
    abstract: "<p>We measured nitrogen fixation in <b>12</b> districts &lt;with&gt; care.</p><p>Second paragraph of a long abstract.</p>",
    authorname: "Asha Verma, Rahul Singh, Aynur Məmmədova",
    authorDetails: JSON.stringify([
      { affiliation: "University of Pune", orcid: "0000-0002-1825-0097" },
      { affiliation: "", orcid: "" },
      { affiliation: "Baku State University", orcid: "0000-0002-1694-233X" },
    ]),
    year: 2024,
    volume: 3,
    issue: 2,
    pagenumber: "73-80",
    publishdate: "2024-03-15",
    keywords: "soil, rhizobium",
    file: `${ref}.pdf`,
    doi: `10.55501/${ref}`,
    // Registered with Crossref (issue 40 item 5: only then is the DOI a link); a test of the unregistered state says so.
    // A test that dates the article has it registered at that instant: the registration moves no datestamp then
    // (it is one of a record's changes, docs/decisions/0271).
    doiRegisteredAt: over.modification ?? "2024-03-20T10:00:00.000Z",
    referenceList: "Smith J. Soil nitrogen. Soil Biol. 2019;12:1-9.\nRao A. Pulses in India. Agron J. 2020;4:20-29.",
    ...over,
  });
  if (a.status === "enabled" && a.refnumber) j.publicRefs.push(a.refnumber);
  else if (a.refnumber) j.hiddenRefs.push(a.refnumber);
  return a;
}

export async function ensureIssue(j: TestJournal, year: number, volume: number, issue: number) {
  return createIssue(j.id, year, volume, issue);
}

/**
 * The issue both readers of its Crossref deposit check (worker/scholarly/crossref.admin.test.ts, and xmllint against
 * Crossref's schema in crossref.admin.tools.test.ts): face markup in a title and references, a three-paragraph
 * abstract, funders (fundref), and an article with no contributors' details, references or abstract; 2024/vol3/issue2.
 */
export async function faceMarkupIssue(): Promise<{ j: ScholarlyJournal; token: string }> {
  const j = await scholarlyJournal();
  await ensureIssue(j, 2024, 3, 2);
  const token = await adminToken(j);
  await fullArticle(j, {
    pagenumber: "1-9",
    title: "Removal of Cr<sup>6+</sup> by <i>Zingiber <b>officinale</b></i> &amp; CuO-H<sub>2</sub>O",
    abstract: "<p>First <i>paragraph with italics</i> and 5 &lt; 7.</p><p><b>Second <i>one</i></b></p><p>Third &amp; last.</p>",
    referenceList: [
      "Rao A. (2020). Studies on soil. <i>Sci. Rep.</i> 10(2): 1-9.",
      "Khan B. Smith &amp; Sons <b>2</b>. <i>J. Chem.</i> 4: 20-29.",
      "Lee C. Plain & typed, with a < sign. Soil Biol. 2019;12:1-9.",
    ].join("\n"),
    // Funders go into fundref (issue 40 item 6), also checked by the schema.
    funding: "National Science Foundation | CHE-2101234\nWellcome Trust",
  });
  await fullArticle(j, { pagenumber: "10-20", authorDetails: "[]", referenceList: "", abstract: "" });
  return { j, token };
}
