// Loads the search benchmark's data set (search-dataset.ts) into the bench's local D1, in workerd: journals and
// their hosts, 100,000 articles (bulk inserts through json_each, so the index triggers run as in production),
// and the issues they are filed under.
import { BENCH_JOURNALS, benchArticles, type BenchArticle } from "./search-dataset";

const CHUNK = 400;
const STAMP = "2026-01-01T00:00:00.000Z";

const INSERT_ARTICLES = `
INSERT INTO articles (journal_id, refnumber, title, title_text, authorname, abstract, abstract_text, year, volume, issue,
  pagenumber, country, file, status, txnid, creation, modification)
SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[2]'),
  json_extract(value, '$[3]'), '<p>' || json_extract(value, '$[4]') || '</p>', json_extract(value, '$[4]'),
  json_extract(value, '$[5]'), json_extract(value, '$[6]'), json_extract(value, '$[7]'), json_extract(value, '$[8]'),
  json_extract(value, '$[9]'), json_extract(value, '$[1]') || '.pdf', json_extract(value, '$[10]'), 'T' || json_extract(value, '$[1]'),
  '${STAMP}', '${STAMP}'
FROM json_each(?)`;

/** Creates the journals and loads every article; returns the journal ids in BENCH_JOURNALS order. */
export async function loadBenchData(db: D1Database): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, j] of BENCH_JOURNALS.entries()) {
    const row = await db
      .prepare(
        "INSERT INTO journals (slug, websitename, domain, issn, created_at, updated_at) VALUES (?, ?, ?, '1234-5678', ?, ?) RETURNING id",
      )
      .bind(`bench-${i + 1}`, `Bench Journal ${i + 1}`, j.host, STAMP, STAMP)
      .first<{ id: number }>();
    ids.push(row!.id);
    await db.prepare("INSERT INTO journal_domains (domain, journal_id, is_primary) VALUES (?, ?, 1)").bind(j.host, row!.id).run();
  }
  let chunk: unknown[][] = [];
  const flush = async () => {
    if (chunk.length) await db.prepare(INSERT_ARTICLES).bind(JSON.stringify(chunk)).run();
    chunk = [];
  };
  const tuple = (a: BenchArticle) => [
    ids[a.journal],
    a.refnumber,
    a.title,
    a.authorname,
    a.abstract,
    a.year,
    a.volume,
    a.issue,
    a.pagenumber,
    a.country,
    a.status,
  ];
  for (const a of benchArticles()) {
    chunk.push(tuple(a));
    if (chunk.length === CHUNK) await flush();
  }
  await flush();
  await db
    .prepare(
      `INSERT INTO issues (journal_id, year, volume, issue, creation) SELECT DISTINCT journal_id, year, volume, issue, '${STAMP}' FROM articles WHERE journal_id IN (${ids.join(",")})`,
    )
    .run();
  return ids;
}
