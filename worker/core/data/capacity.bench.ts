// `npm run capacity` (issue 42 item 1): what each kind of record costs the database, measured on the real local D1
// binding with the real migrations. D1 reports the database's size after every statement (meta.size_after, the
// figure its 10 GB limit is checked against), so each figure is the growth of the whole database — row, indexes,
// full-text index, triggers' rows — divided by the number of records added, for records shaped like real ones.
// It also counts the rows each kind of write touches (meta.rows_written), the input of the write-rate model in
// docs/capacity.md. Prints one JSON line per measure and a table.
import { env } from "cloudflare:test";
import { it } from "vitest";
import { bindingOf, shardOf } from "./shards";
import { createArticle, createEditor, createIssue, createJournal, request } from "#tests/api/fixtures";
import { drained, linkIn, linkRequest, openSession, outboxOf, staffOf, submitManuscript, inDays } from "../../workflow/workflow.fixtures";

/** A fixed-seed word source, so every run writes the same bytes. */
function words(seed: number) {
  const vocabulary = (
    "soil nitrogen yield rhizobium wheat irrigation salinity drought phosphorus maize sorghum cassava climate " +
    "adaptation smallholder district season model regression spatial temporal analysis estimate variance " +
    "microbial community diversity sequencing isolate strain resistance antibiotic hospital patient cohort " +
    "randomised trial outcome mortality incidence prevalence survey household income education policy market"
  ).split(" ");
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % vocabulary.length;
  };
  return (n: number) => Array.from({ length: n }, () => vocabulary[next()]).join(" ");
}

/** The database holding the journal measured (its shard, docs/decisions/0240); set once the journal exists. */
let jdb: D1Database;

/** The database's size now, as D1 reports it. */
async function sizeNow(): Promise<number> {
  const r = await jdb.prepare("UPDATE journals SET content_version = content_version WHERE id = -1").run();
  return r.meta.size_after;
}

interface Measure {
  what: string;
  records: number;
  bytesPerRecord: number;
}

async function measure(what: string, records: number, add: (i: number) => Promise<unknown>): Promise<Measure> {
  const before = await sizeNow();
  for (let i = 0; i < records; i++) await add(i);
  const after = await sizeNow();
  const m = { what, records, bytesPerRecord: Math.round((after - before) / records) };
  console.log(JSON.stringify(m));
  return m;
}

/** Rows one statement writes, as D1 counts them (what its write ceiling is made of). */
async function rowsWritten(sql: string, ...binds: unknown[]): Promise<number> {
  const r = await jdb
    .prepare(sql)
    .bind(...binds)
    .run();
  return r.meta.rows_written;
}

const ARTICLES = 1000;

/** Rows of the journal in the workflow's tables (what one manuscript, review or decision adds). */
async function journalRowCount(journalId: number): Promise<number> {
  const tables = [
    "submissions",
    "manuscripts",
    "manuscript_files",
    "manuscript_events",
    "reviewers",
    "review_assignments",
    "access_links",
    "mail_outbox",
  ];
  const r = await jdb
    .prepare(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t} WHERE journal_id = ?)`).join(" + ")} AS n`)
    .bind(...tables.map(() => journalId))
    .all<{ n: number }>();
  return r.results.reduce((a, x) => a + x.n, 0);
}

it("measures bytes per record and rows per write", { timeout: 1_800_000 }, async () => {
  const journal = await createJournal({ websitename: "Journal of Capacity Planning" });
  jdb = bindingOf(env, (await shardOf(env, journal.id))!);
  await createIssue(journal.id, 2025, 1, 1);
  const w = words(42);
  const results: Measure[] = [];

  // A typical published article: a 15-word title, a 220-word abstract, five authors with affiliation and ORCID, 30
  // references of about 160 characters, keywords, DOI.
  const authors = ["Asha Verma", "Rahul Singh", "Li Wei", "María José García", "Oluwaseun Adeyemi"];
  const articleIds: number[] = [];
  results.push(
    await measure("article (row, search indexes, title key)", ARTICLES, async (i) => {
      const row = await createArticle(journal.id, {
        refnumber: `CAP-${i}`,
        title: `${w(15)} ${i}`,
        abstract: `<p>${w(220)}</p>`,
        authorname: authors.join(", "),
        authorDetails: JSON.stringify(
          authors.map(() => ({ affiliation: `Department of ${w(3)}, University of ${w(1)}`, orcid: "0000-0002-1825-0097" })),
        ),
        referenceList: Array.from({ length: 30 }, () => `${w(4)}. ${w(12)}. Journal of ${w(2)}. 2021;12(3):45-67.`).join("\n"),
        keywords: w(6).replaceAll(" ", ", "),
        doi: `10.5555/cap.${i}`,
        year: 2025,
        volume: 1,
        issue: 1,
        pagenumber: `${i * 8 + 1}-${i * 8 + 8}`,
        file: `CAP-${i}.pdf`,
        email: `author${i}@example.org`,
      });
      articleIds.push(row.id);
    }),
  );

  // Stored "How to cite" strings: made when an article page is first rendered.
  const cited = Math.min(200, ARTICLES);
  results.push(
    await measure("citations of an article (four styles, stored on first view)", cited, async (i) => {
      const res = await request(journal.host, `/api/archives/ref/CAP-${i}`);
      await res.arrayBuffer();
    }),
  );

  // An OAI-PMH deleted record: an article that stops being public.
  const withdrawn = Math.min(200, ARTICLES);
  results.push(
    await measure("OAI-PMH deleted record (an article withdrawn)", withdrawn, async (i) => {
      await jdb.prepare("UPDATE articles SET status = 'disabled' WHERE id = ?").bind(articleIds[i]).run();
    }),
  );

  results.push(
    await measure("editor", 200, async (i) =>
      createEditor(journal.id, {
        name: `Dr. ${w(2)} ${i}`,
        content: `Department of ${w(4)}, University of ${w(2)}`,
        email: `editor${i}@example.org`,
        phone: "+91 98765 43210",
        degree: "Ph.D.",
      }),
    ),
  );

  // A day of usage figures: one row per article, day and country with any use that day.
  let day = 0;
  results.push(
    await measure("usage figures of one article for one day and country", 5000, async (i) => {
      if (i % ARTICLES === 0) day++;
      const date = new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
      await jdb
        .prepare(
          "INSERT INTO usage_daily (journal_id, article_id, day, country, views, downloads, unique_investigations, unique_requests) VALUES (?, ?, ?, 'IN', 3, 1, 3, 1)",
        )
        .bind(journal.id, articleIds[i % ARTICLES], date)
        .run();
    }),
  );

  // The editorial workflow (issue 36), through the real paths: a Submit Online manuscript (submission, manuscript,
  // file rows, timeline, acknowledgement mail, the author's link), a review (invitation mail and link, the
  // reviewer's answer, a 300-word report for the author and one for the editor, the timeline), and a decision with
  // its letter mailed to the author.
  const staff = await staffOf(journal);
  const MANUSCRIPTS = 60;
  const manuscriptIds: number[] = [];
  const rowsBefore = await journalRowCount(journal.id);
  results.push(
    await measure("manuscript (Submit Online: rows, timeline, acknowledgement mail, link)", MANUSCRIPTS, async (i) => {
      const m = await submitManuscript(journal, `${w(14)} ${i}`);
      manuscriptIds.push(m.id);
    }),
  );
  const rowsAfterManuscripts = await journalRowCount(journal.id);
  await drained(journal.id, 60_000);
  results.push(
    await measure("review (invitation mail and link, answer, reports, timeline)", MANUSCRIPTS, async (i) => {
      const invited = await staff.post(`/manuscripts/${manuscriptIds[i]}/reviewers`, {
        name: `Dr. ${w(2)} ${i}`,
        email: `reviewer${i}@rev.example`,
        dueDate: inDays(21),
      });
      if (invited.status !== 201) throw new Error(`invite: ${JSON.stringify(invited.body)}`);
      const invitation = (await outboxOf(staff)).find((x) => x.kind === "review.invitation" && x.to === `reviewer${i}@rev.example`);
      const s = await openSession(journal.host, "review", linkIn(invitation!.text, "review").token);
      await linkRequest(journal.host, "/review/respond", s.cookie, { method: "POST", body: new URLSearchParams({ answer: "accept" }) });
      const review = new FormData();
      review.set("recommendation", "minor_revisions");
      review.set("commentsAuthor", w(300));
      review.set("commentsEditor", w(300));
      const sent = await linkRequest(journal.host, "/review/submit", s.cookie, { method: "POST", body: review });
      if (sent.status !== 303) throw new Error(`review: ${sent.status}`);
    }),
  );
  const rowsAfterReviews = await journalRowCount(journal.id);
  results.push(
    await measure("decision with its letter mailed to the author", MANUSCRIPTS, async (i) => {
      const draft = await staff.get(`/manuscripts/${manuscriptIds[i]}/letter?decision=revisions_requested`);
      const r = await staff.post(`/manuscripts/${manuscriptIds[i]}/decision`, { decision: "revisions_requested", ...draft.body });
      if (r.status !== 200) throw new Error(`decision: ${JSON.stringify(r.body)}`);
    }),
  );
  const rowsAfterDecisions = await journalRowCount(journal.id);
  const rowsAdded = {
    manuscript: (rowsAfterManuscripts - rowsBefore) / MANUSCRIPTS,
    review: (rowsAfterReviews - rowsAfterManuscripts) / MANUSCRIPTS,
    decision: (rowsAfterDecisions - rowsAfterReviews) / MANUSCRIPTS,
  };
  console.log(JSON.stringify({ rowsAddedPerWorkflowStep: rowsAdded }));

  // Rows a write touches: an article insert with its indexes and full-text rows, a settings save, a day's flush.
  const writes = {
    articleInsert: await rowsWritten(
      "INSERT INTO articles (journal_id, refnumber, title, title_text, title_key, authorname, abstract, abstract_text, year, volume, issue, pagenumber, txnid, txnid_claim, creation, modification) VALUES (?, 'CAP-W', 't w', 't w', 'tw', 'A B', '<p>a</p>', 'a', 2025, 1, 1, '1-2', 'TW', 'TW', '2025-01-01', '2025-01-01')",
      journal.id,
    ),
    usageRow: await rowsWritten(
      "INSERT INTO usage_daily (journal_id, article_id, day, country, views) VALUES (?, ?, '2030-01-01', 'IN', 1)",
      journal.id,
      articleIds[0],
    ),
    settingsSave: await rowsWritten(
      "UPDATE journals SET websitename = websitename, content_version = content_version + 1 WHERE id = ?",
      journal.id,
    ),
  };
  console.log(JSON.stringify({ rowsWritten: writes }));

  console.log("\nWhat                                                         records   bytes each");
  for (const r of results) console.log(`${r.what.padEnd(60)} ${String(r.records).padStart(7)}   ${String(r.bytesPerRecord).padStart(10)}`);
  console.log(`rows written: article insert ${writes.articleInsert}, usage row ${writes.usageRow}, settings save ${writes.settingsSave}`);
  console.log(`rows added: manuscript ${rowsAdded.manuscript}, review ${rowsAdded.review}, decision ${rowsAdded.decision}`);
});
