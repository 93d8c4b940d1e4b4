// Usage figures in D1 (migrations/0040): the UsageCounter's flush writes them, the stats routes read them.
// Readers never write here (docs/decisions/0165-usage-counting.md).
import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../core/env";
import { articles, usageDaily } from "../core/data/schema";
import { isPublic } from "../archive/articles.repo";
import type { ArticleFigures, IssueFigures, ItemReportRow, MonthFigures, TopArticle } from "#contract/stats";

/** One day's absolute figures for one article and country, as the counter holds them. */
export interface UsageDay {
  articleId: number;
  day: string;
  country: string;
  views: number;
  downloads: number;
  uniqueInvestigations: number;
  uniqueRequests: number;
  certificates: number;
  coverPages: number;
}

/** D1 allows 100 bound parameters a statement: lists of ids or names are looked up in slices of this size. */
const SLICE = 90;
const slices = <T>(list: T[]): T[][] =>
  Array.from({ length: Math.ceil(list.length / SLICE) }, (_, i) => list.slice(i * SLICE, (i + 1) * SLICE));

/** Article ids for reference numbers (any status: the request that named it was answered, so it was public). */
export async function articleIdsByRef(db: Db, journalId: number, refs: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of slices(refs)) {
    const rows = await db
      .select({ id: articles.id, refnumber: articles.refnumber })
      .from(articles)
      .where(and(eq(articles.journalId, journalId), inArray(articles.refnumber, part)));
    for (const r of rows) if (r.refnumber !== null) found.set(r.refnumber, r.id);
  }
  return found;
}

/** Article ids for stored PDF names, keyed "year/volume/issue/name" (the file's R2 folder and name). */
export async function articleIdsByFile(db: Db, journalId: number, names: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const part of slices(names)) {
    const rows = await db
      .select({ id: articles.id, year: articles.year, volume: articles.volume, issue: articles.issue, file: articles.file })
      .from(articles)
      .where(and(eq(articles.journalId, journalId), inArray(articles.file, part)));
    for (const r of rows) found.set(`${r.year}/${r.volume}/${r.issue}/${r.file}`, r.id);
  }
  return found;
}

/** Writes the days' absolute figures (insert or replace the numbers): repeating a flush changes nothing. One
 * statement per row (10 parameters), sent in batches. */
export async function writeUsageDays(db: Db, journalId: number, days: UsageDay[]): Promise<void> {
  const statements = days.map((d) => {
    const { articleId, day, country, ...figures } = d;
    return db
      .insert(usageDaily)
      .values({ journalId, articleId, day, country, ...figures })
      .onConflictDoUpdate({ target: [usageDaily.journalId, usageDaily.articleId, usageDaily.day, usageDaily.country], set: figures });
  });
  for (let i = 0; i < statements.length; i += 50) {
    const batch = statements.slice(i, i + 50);
    await db.batch(batch as [(typeof batch)[0], ...typeof batch]);
  }
}

const sumOf = (column: AnySQLiteColumn) => sql<number>`COALESCE(SUM(${column}), 0)`.mapWith(Number);

/** One article's figures of all time. */
export async function articleFigures(db: Db, journalId: number, articleId: number): Promise<ArticleFigures> {
  const [row] = await db
    .select({
      views: sumOf(usageDaily.views),
      downloads: sumOf(usageDaily.downloads),
      uniqueInvestigations: sumOf(usageDaily.uniqueInvestigations),
      uniqueRequests: sumOf(usageDaily.uniqueRequests),
      certificates: sumOf(usageDaily.certificates),
      coverPages: sumOf(usageDaily.coverPages),
    })
    .from(usageDaily)
    .where(and(eq(usageDaily.journalId, journalId), eq(usageDaily.articleId, articleId)));
  return row;
}

/** Views and downloads of a public (enabled, numbered) article by reference number; undefined when there is none. */
export async function publicArticleFigures(
  db: Db,
  journalId: number,
  refnumber: string,
): Promise<{ views: number; downloads: number } | undefined> {
  const [row] = await db
    .select({
      id: articles.id,
      views:
        sql<number>`(SELECT COALESCE(SUM(views), 0) FROM usage_daily u WHERE u.journal_id = ${journalId} AND u.article_id = ${articles.id})`.mapWith(
          Number,
        ),
      downloads:
        sql<number>`(SELECT COALESCE(SUM(downloads), 0) FROM usage_daily u WHERE u.journal_id = ${journalId} AND u.article_id = ${articles.id})`.mapWith(
          Number,
        ),
    })
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.refnumber, refnumber)))
    .limit(1);
  return row && { views: row.views, downloads: row.downloads };
}

/** The journal per month, from `fromMonth` (YYYY-MM) on, oldest first. */
export async function monthlyFigures(db: Db, journalId: number, fromMonth: string): Promise<MonthFigures[]> {
  const month = sql<string>`substr(${usageDaily.day}, 1, 7)`;
  return db
    .select({ month, views: sumOf(usageDaily.views), downloads: sumOf(usageDaily.downloads) })
    .from(usageDaily)
    .where(and(eq(usageDaily.journalId, journalId), sql`${usageDaily.day} >= ${`${fromMonth}-01`}`))
    .groupBy(month)
    .orderBy(month);
}

/** The most read articles of all time (views + downloads), with their titles as plain text. */
export async function topArticles(db: Db, journalId: number, limit: number): Promise<TopArticle[]> {
  const views = sumOf(usageDaily.views);
  const downloads = sumOf(usageDaily.downloads);
  const rows = await db
    .select({ id: articles.id, refnumber: articles.refnumber, title: articles.titleText, views, downloads })
    .from(usageDaily)
    .innerJoin(articles, eq(articles.id, usageDaily.articleId))
    .where(and(eq(usageDaily.journalId, journalId), eq(articles.journalId, journalId)))
    .groupBy(articles.id)
    .orderBy(desc(sql`SUM(${usageDaily.views}) + SUM(${usageDaily.downloads})`), articles.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, refnumber: r.refnumber ?? "" }));
}

/** Every issue that was read, oldest first. */
export async function issueFigures(db: Db, journalId: number): Promise<IssueFigures[]> {
  return db
    .select({
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      views: sumOf(usageDaily.views),
      downloads: sumOf(usageDaily.downloads),
    })
    .from(usageDaily)
    .innerJoin(articles, eq(articles.id, usageDaily.articleId))
    .where(and(eq(usageDaily.journalId, journalId), eq(articles.journalId, journalId)))
    .groupBy(articles.year, articles.volume, articles.issue)
    .orderBy(articles.year, articles.volume, articles.issue);
}

/** COUNTER R5.1 item report lines for one month (YYYY-MM): every article read that month, by reference number.
 * Investigations include Requests (R5.1 §3.3.4): Total_Item_Investigations = views + downloads. */
export async function itemReport(db: Db, journalId: number, month: string): Promise<ItemReportRow[]> {
  const rows = await db
    .select({
      refnumber: articles.refnumber,
      title: articles.titleText,
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      views: sumOf(usageDaily.views),
      downloads: sumOf(usageDaily.downloads),
      uniqueInvestigations: sumOf(usageDaily.uniqueInvestigations),
      uniqueRequests: sumOf(usageDaily.uniqueRequests),
    })
    .from(usageDaily)
    .innerJoin(articles, eq(articles.id, usageDaily.articleId))
    .where(and(eq(usageDaily.journalId, journalId), eq(articles.journalId, journalId), like(usageDaily.day, `${month}-%`)))
    .groupBy(articles.id)
    .orderBy(articles.year, articles.volume, articles.issue, articles.refnumber);
  return rows
    .filter((r) => r.views + r.downloads > 0)
    .map((r) => ({
      refnumber: r.refnumber ?? "",
      title: r.title,
      year: r.year,
      volume: r.volume,
      issue: r.issue,
      Total_Item_Investigations: r.views + r.downloads,
      Unique_Item_Investigations: r.uniqueInvestigations,
      Total_Item_Requests: r.downloads,
      Unique_Item_Requests: r.uniqueRequests,
    }));
}
