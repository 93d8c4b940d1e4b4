// Reads for indexers: the Atom feed, sitemaps and OAI-PMH. Only public articles (enabled, with a reference
// number), like every public page.
import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../core/env";
import { articles, oaiDeletedRecords, type ArticleRow, type OaiDeletedRecordRow } from "../core/data/schema";
import { isPublic } from "../archive/articles.repo";
import { listPublishedIssues } from "../archive/issues.repo";

/** The newest public articles: by publication date, then by id (the later entry first). */
export async function listLatestPublicArticles(db: Db, journalId: number, limit: number): Promise<ArticleRow[]> {
  return db.select().from(articles).where(isPublic(journalId)).orderBy(desc(articles.publishdate), desc(articles.id)).limit(limit);
}

export interface SitemapArticle {
  year: number;
  volume: number;
  issue: number;
  refnumber: string | null;
  file: string;
  modification: string;
  doiRegisteredAt: string;
}

/** Just what a sitemap lists, for every public article of the journal (optionally of one volume). */
export async function listSitemapArticles(db: Db, journalId: number, volume?: number): Promise<SitemapArticle[]> {
  return db
    .select({
      year: articles.year,
      volume: articles.volume,
      issue: articles.issue,
      refnumber: articles.refnumber,
      file: articles.file,
      modification: articles.modification,
      doiRegisteredAt: articles.doiRegisteredAt,
    })
    .from(articles)
    .where(and(isPublic(journalId), volume === undefined ? undefined : eq(articles.volume, volume)))
    .orderBy(asc(articles.year), asc(articles.volume), asc(articles.issue), asc(articles.id));
}

/** The published issues (sitemaps, OAI-PMH sets): one shared read, docs/decisions/0383. */
export const listIssues = listPublishedIssues;

/** One OAI-PMH set: a volume, or one issue of a volume. */
export interface ArticleSet {
  volume: number;
  issue?: number;
}

/** Where a harvest resumes: after this (datestamp, key) position; an item's key is the article id, or minus the tombstone id. */
export interface HarvestPosition {
  datestamp: string;
  key: number;
}

export interface HarvestQuery {
  /** From (inclusive) and until (exclusive) bounds on the datestamp (ISO strings sort in time order). */
  from?: string;
  until?: string;
  set?: ArticleSet;
  /** Resume strictly after this position. */
  after?: HarvestPosition;
  limit: number;
}

/** One record of a harvest: a public article, or the tombstone of one that stopped being public. */
export type HarvestItem = HarvestPosition &
  ({ article: ArticleRow; deleted?: undefined } | { article?: undefined; deleted: OaiDeletedRecordRow });

/**
 * An article record's datestamp: its own last change, its DOI's registration, or the last change of the
 * journal-level metadata every record carries (publisher, licence, ISSNs ...; journals.records_modified), whichever
 * is latest (recordModified in scholarly-record.ts, in SQL).
 */
export const recordDatestamp = (recordsModified: string) =>
  sql<string>`max(${articles.modification}, ${articles.doiRegisteredAt}, ${recordsModified})`;

/**
 * A page of a harvest in (datestamp, key) order: public articles and deleted records, merged. The position of the
 * last item is the resumption point, so a page boundary never repeats or skips a record, even between two
 * records stamped in the same instant. Each kind is read in its own keyset order (the first `limit` of the merge
 * are among the first `limit` of each).
 */
export async function harvestRecords(db: Db, journalId: number, recordsModified: string, q: HarvestQuery): Promise<HarvestItem[]> {
  const stamp = recordDatestamp(recordsModified);
  const after = q.after;
  const articleAfter = after ? or(gt(stamp, after.datestamp), and(eq(stamp, after.datestamp), gt(articles.id, after.key))) : undefined;
  // Tombstone keys are -id: "key > after.key" is "id < -after.key".
  const deletedAfter = after
    ? or(
        gt(oaiDeletedRecords.deletedAt, after.datestamp),
        and(eq(oaiDeletedRecords.deletedAt, after.datestamp), lt(oaiDeletedRecords.id, -after.key)),
      )
    : undefined;
  const [rows, deleted] = await Promise.all([
    db
      .select({ article: articles, datestamp: stamp })
      .from(articles)
      .where(and(articleConditions(journalId, stamp, q), articleAfter))
      .orderBy(asc(stamp), asc(articles.id))
      .limit(q.limit),
    db
      .select()
      .from(oaiDeletedRecords)
      .where(and(deletedConditions(journalId, q), deletedAfter))
      .orderBy(asc(oaiDeletedRecords.deletedAt), desc(oaiDeletedRecords.id))
      .limit(q.limit),
  ]);
  const items: HarvestItem[] = [
    ...rows.map((r) => ({ article: r.article, datestamp: r.datestamp, key: r.article.id })),
    ...deleted.map((d) => ({ deleted: d, datestamp: d.deletedAt, key: -d.id })),
  ];
  items.sort((x, y) => (x.datestamp < y.datestamp ? -1 : x.datestamp > y.datestamp ? 1 : x.key - y.key));
  return items.slice(0, q.limit);
}

type HarvestFilter = Omit<HarvestQuery, "after" | "limit">;

function articleConditions(journalId: number, stamp: SQL<string>, q: HarvestFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [isPublic(journalId)];
  if (q.from) conds.push(gte(stamp, q.from));
  if (q.until) conds.push(lt(stamp, q.until));
  if (q.set) {
    conds.push(eq(articles.volume, q.set.volume));
    if (q.set.issue !== undefined) conds.push(eq(articles.issue, q.set.issue));
  }
  return and(...conds);
}

function deletedConditions(journalId: number, q: HarvestFilter): SQL | undefined {
  const t = oaiDeletedRecords;
  const conds: (SQL | undefined)[] = [eq(t.journalId, journalId)];
  if (q.from) conds.push(gte(t.deletedAt, q.from));
  if (q.until) conds.push(lt(t.deletedAt, q.until));
  if (q.set) {
    conds.push(eq(t.volume, q.set.volume));
    if (q.set.issue !== undefined) conds.push(eq(t.issue, q.set.issue));
  }
  return and(...conds);
}

/** How many records (public articles and deleted ones) a harvest matches in all (OAI-PMH completeListSize). */
export async function countHarvest(db: Db, journalId: number, recordsModified: string, q: HarvestFilter): Promise<number> {
  const stamp = recordDatestamp(recordsModified);
  const [[a], [d]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(articles)
      .where(articleConditions(journalId, stamp, q)),
    db.select({ n: sql<number>`count(*)` }).from(oaiDeletedRecords).where(deletedConditions(journalId, q)),
  ]);
  return (a?.n ?? 0) + (d?.n ?? 0);
}

/** The oldest datestamp of any record, public or deleted (OAI-PMH earliestDatestamp); null when there is none. */
export async function earliestDatestamp(db: Db, journalId: number, recordsModified: string): Promise<string | null> {
  const [[a], [d]] = await Promise.all([
    db
      .select({ m: sql<string | null>`min(${recordDatestamp(recordsModified)})` })
      .from(articles)
      .where(isPublic(journalId)),
    db
      .select({ m: sql<string | null>`min(${oaiDeletedRecords.deletedAt})` })
      .from(oaiDeletedRecords)
      .where(eq(oaiDeletedRecords.journalId, journalId)),
  ]);
  const found = [a?.m, d?.m].filter((m): m is string => Boolean(m)).sort();
  return found[0] ?? null;
}

/** The tombstone of a reference number that is no longer public, if there is one. */
export async function findDeletedRecord(db: Db, journalId: number, refnumber: string): Promise<OaiDeletedRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(oaiDeletedRecords)
    .where(and(eq(oaiDeletedRecords.journalId, journalId), eq(oaiDeletedRecords.refnumber, refnumber)))
    .limit(1);
  return row;
}

/** Any one public article's reference number (Identify's sampleIdentifier must name a record that exists). */
export async function anyPublicRefnumber(db: Db, journalId: number): Promise<string | null> {
  const [row] = await db.select({ ref: articles.refnumber }).from(articles).where(isPublic(journalId)).orderBy(asc(articles.id)).limit(1);
  return row?.ref ?? null;
}
