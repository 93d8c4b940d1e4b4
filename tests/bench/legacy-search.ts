// Today's search and issue list before issue #11, kept verbatim for the benchmark's "before" column: one FTS5
// index over every journal (the DDL of migrations/0001, here as legacy_articles_fts), every match ranked with
// bm25 and filtered by journal afterwards, 200 full rows with abstracts; the issue list with every abstract.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../worker/core/env";
import { articles } from "../../worker/core/data/schema";
import { firstPageOrder } from "../../worker/archive/articles.repo";
import { toAdminArticle, toArticle } from "../../worker/archive/article-answers";
import { STATUS_ENABLED } from "#contract/constants";

export async function createLegacyIndex(db: D1Database): Promise<void> {
  await db
    .prepare(`CREATE VIRTUAL TABLE IF NOT EXISTS legacy_articles_fts USING fts5 (
    title_text, authorname, abstract_text, keywords, refnumber,
    content = 'articles', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2')`)
    .run();
  await db.prepare("INSERT INTO legacy_articles_fts (legacy_articles_fts) VALUES ('rebuild')").run();
}

function legacyFtsQuery(text: string): string | null {
  const words =
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, 64)))].slice(0, 12);
  return unique.length ? unique.map((w) => `"${w}"*`).join(" ") : null;
}

/** GET /api/search (or /api/admin/search) as it was: the answer body. */
export async function legacySearch(db: Db, journalId: number, q: string, admin = false): Promise<string> {
  const match = legacyFtsQuery(q);
  const scope = admin
    ? eq(articles.journalId, journalId)
    : and(eq(articles.journalId, journalId), eq(articles.status, STATUS_ENABLED), sql`coalesce(${articles.refnumber}, '') <> ''`);
  const rows = match
    ? await db
        .select()
        .from(articles)
        .innerJoin(sql`legacy_articles_fts`, sql`legacy_articles_fts.rowid = ${articles.id}`)
        .where(and(scope, sql`legacy_articles_fts MATCH ${match}`))
        .orderBy(sql`bm25(legacy_articles_fts, 10.0, 5.0, 1.0, 3.0, 8.0)`, articles.id)
        .limit(200)
        .then((r) => r.map((x) => x.articles))
    : [];
  return JSON.stringify({ q, count: rows.length, results: rows.map(admin ? toAdminArticle : toArticle) });
}

/** GET /api/archives/{y}/{v}/{i} (public) or /api/admin/archives/{y}/{v}/{i} as it was: every column, abstracts included. */
export async function legacyIssueList(
  db: Db,
  journalId: number,
  at: { year: number; volume: number; issue: number },
  admin = false,
): Promise<string> {
  const where = and(
    eq(articles.journalId, journalId),
    eq(articles.year, at.year),
    eq(articles.volume, at.volume),
    eq(articles.issue, at.issue),
    ...(admin ? [] : [eq(articles.status, STATUS_ENABLED), sql`coalesce(${articles.refnumber}, '') <> ''`]),
  );
  const rows = await db.select().from(articles).where(where).orderBy(firstPageOrder, asc(articles.id));
  return JSON.stringify({ ...at, articles: rows.map(admin ? toAdminArticle : toArticle) });
}
