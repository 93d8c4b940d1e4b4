// Issues of a journal: the public archive's years, and the issues as staff manage them.
import { and, desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { articles, editors, issues, submissions, type IssueRow } from "../core/data/schema";
import { isUniqueViolation, nowIso } from "../core/data/db";
import type { ArchiveYear, DashboardCounts } from "#contract/api";
import type { IssueFields } from "#contract/admin";

/** One row per (year, volume) with its highest issue number, newest year first. */
export const archiveYearsQuery = (db: Db, journalId: number) =>
  db
    .select({ year: issues.year, volume: issues.volume, total_issues: sql<number>`MAX(${issues.issue})` })
    .from(issues)
    .where(eq(issues.journalId, journalId))
    .groupBy(issues.year, issues.volume)
    .orderBy(desc(issues.year), desc(issues.volume));

export async function listArchiveYears(db: Db, journalId: number): Promise<ArchiveYear[]> {
  return archiveYearsQuery(db, journalId);
}

/** Every issue with its article count, newest first (year, then volume, then issue number). */
export function listIssuesWithCounts(db: Db, journalId: number) {
  return db
    .select({
      id: issues.id,
      year: issues.year,
      volume: issues.volume,
      issue: issues.issue,
      title: issues.title,
      articles: sql<number>`count(${articles.id})`,
      creation: issues.creation,
    })
    .from(issues)
    .leftJoin(
      articles,
      and(
        eq(articles.journalId, issues.journalId),
        eq(articles.year, issues.year),
        eq(articles.volume, issues.volume),
        eq(articles.issue, issues.issue),
      ),
    )
    .where(eq(issues.journalId, journalId))
    .groupBy(issues.id)
    .orderBy(desc(issues.year), desc(issues.volume), desc(issues.issue), desc(issues.id));
}

/** The query behind findIssue, for batching with others (at most one row). */
export const issueQuery = (db: Db, journalId: number, year: number, volume: number, issue: number) =>
  db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.year, year), eq(issues.volume, volume), eq(issues.issue, issue)))
    .limit(1);

export async function findIssue(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<IssueRow | undefined> {
  return (await issueQuery(db, journalId, year, volume, issue))[0];
}

/** Creates the issue; null when (year, volume, issue) already exists — the UNIQUE constraint decides, so two
 * simultaneous requests cannot both succeed. */
export async function insertIssue(
  db: Db,
  journalId: number,
  v: Omit<IssueFields, "publishedAt"> & { publishedAt: string | null },
  after: BatchItem<"sqlite">[] = [],
): Promise<IssueRow | null> {
  try {
    const insert = db
      .insert(issues)
      .values({ journalId, ...v, creation: nowIso() })
      .returning();
    const [rows] = (await db.batch([insert, ...after])) as [IssueRow[], ...unknown[]];
    return rows[0];
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** The dashboard tiles: issues, editors (any status), articles (any status), submissions — one query. */
export async function countDashboard(db: Db, journalId: number): Promise<DashboardCounts> {
  const count = (table: typeof issues | typeof editors | typeof articles | typeof submissions) =>
    sql<number>`(SELECT COUNT(*) FROM ${table} WHERE ${table.journalId} = ${journalId})`;
  const [row] = await db
    .select({ archives: count(issues), editors: count(editors), articles: count(articles), submissions: count(submissions) })
    .from(sql`(SELECT 1)`);
  return row;
}

/** One issue of the journal by its id (staff edit it by id). */
export async function findIssueById(db: Db, journalId: number, id: number): Promise<IssueRow | undefined> {
  const [row] = await db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.id, id)))
    .limit(1);
  return row;
}

/** The issue whose cover is `cover` (after a write whose answer was lost: did it land?). */
export async function findIssueByCover(db: Db, journalId: number, cover: string): Promise<IssueRow | undefined> {
  const [row] = await db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.cover, cover)))
    .limit(1);
  return row;
}

/**
 * Changes an issue's details (title, description, date, cover and its text): the row after, or undefined when the
 * issue is not the journal's. Its volume, number and year stay: its articles are filed under them.
 */
export async function updateIssueDetails(
  db: Db,
  journalId: number,
  id: number,
  set: Partial<Pick<IssueRow, "title" | "description" | "publishedAt" | "cover" | "coverAlt">>,
  after: BatchItem<"sqlite">[] = [],
): Promise<IssueRow | undefined> {
  const update = db
    .update(issues)
    .set(set)
    .where(and(eq(issues.journalId, journalId), eq(issues.id, id)))
    .returning();
  const [rows] = (await db.batch([update, ...after])) as [IssueRow[], ...unknown[]];
  return rows[0];
}

/** The issues that have a cover, for the archive list (year, volume, issue, the file and its text); batchable. */
export const issueCoversQuery = (db: Db, journalId: number) =>
  db
    .select({
      year: issues.year,
      volume: issues.volume,
      issue: issues.issue,
      title: issues.title,
      cover: issues.cover,
      coverAlt: issues.coverAlt,
    })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), sql`${issues.cover} != ''`));
