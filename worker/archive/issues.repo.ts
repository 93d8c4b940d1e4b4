// Issues of a journal: the public archive's years, and the issues as staff manage them.
import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { articles, editors, issues, submissions, type IssueRow } from "../core/data/schema";
import { isUniqueViolation, nowIso } from "../core/data/db";
import type { ArchiveYear, DashboardCounts } from "#contract/api";
import type { IssueFields } from "#contract/admin";
import { ISSUE_STATUS, type IssueStatus } from "#contract/issues";
import { issueIsPublished } from "./issue-visibility";

/** One row per (year, volume) with its highest published issue number, newest year first. */
export const archiveYearsQuery = (db: Db, journalId: number) =>
  db
    .select({ year: issues.year, volume: issues.volume, total_issues: sql<number>`MAX(${issues.issue})` })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), issueIsPublished))
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
      status: issues.status,
      publish_on: issues.publishOn,
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

/** issueQuery for readers: the issue only when it is published (docs/decisions/0383). */
export const publicIssueQuery = (db: Db, journalId: number, year: number, volume: number, issue: number) =>
  db
    .select()
    .from(issues)
    .where(
      and(eq(issues.journalId, journalId), eq(issues.year, year), eq(issues.volume, volume), eq(issues.issue, issue), issueIsPublished),
    )
    .limit(1);

/** The journal's published issues, oldest first (sitemaps, OAI-PMH sets). */
export function listPublishedIssues(db: Db, journalId: number): Promise<IssueRow[]> {
  return db
    .select()
    .from(issues)
    .where(and(eq(issues.journalId, journalId), issueIsPublished))
    .orderBy(issues.year, issues.volume, issues.issue);
}

export async function findIssue(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<IssueRow | undefined> {
  return (await issueQuery(db, journalId, year, volume, issue))[0];
}

/** Creates the issue; null when (year, volume, issue) already exists — the UNIQUE constraint decides, so two
 * simultaneous requests cannot both succeed. */
export async function insertIssue(
  db: Db,
  journalId: number,
  v: Omit<IssueFields, "publishedAt"> & { publishedAt: string | null; status?: IssueStatus },
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
    .where(and(eq(issues.journalId, journalId), sql`${issues.cover} != ''`, issueIsPublished));

/**
 * Publishes an issue, takes it back to staff only (draft) or schedules it for `publishOn` (docs/decisions/0383); the
 * row after, or undefined when the issue is not the journal's. Publishing gives an issue without a publication date
 * today's (`today`, YYYY-MM-DD).
 */
export async function setIssuePublication(
  db: Db,
  journalId: number,
  id: number,
  to: { status: IssueStatus; publishOn: string | null; today: string },
  after: BatchItem<"sqlite">[] = [],
): Promise<IssueRow | undefined> {
  const published = to.status === ISSUE_STATUS.published;
  const update = db
    .update(issues)
    .set({
      status: to.status,
      publishOn: to.status === ISSUE_STATUS.scheduled ? to.publishOn : null,
      ...(published ? { publishedAt: sql`coalesce(${issues.publishedAt}, ${to.today})` } : {}),
    })
    .where(and(eq(issues.journalId, journalId), eq(issues.id, id)))
    .returning();
  const [rows] = (await db.batch([update, ...after])) as [IssueRow[], ...unknown[]];
  return rows[0];
}

/** The Cron Trigger's part: every scheduled issue whose day has come (publishOn <= today) is published; the rows. */
export async function publishDueIssues(db: Db, today: string): Promise<IssueRow[]> {
  return db
    .update(issues)
    .set({ status: ISSUE_STATUS.published, publishedAt: sql`coalesce(${issues.publishedAt}, ${issues.publishOn})`, publishOn: null })
    .where(and(eq(issues.status, ISSUE_STATUS.scheduled), lte(issues.publishOn, today)))
    .returning();
}
