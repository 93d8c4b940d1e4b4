// Reads for indexers: the Atom feed, sitemaps and OAI-PMH. Only public articles (enabled, with a reference
// number), like every public page.
import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../env";
import { articles, issues, type ArticleRow, type IssueRow } from "./schema";
import { isPublic } from "./articles.repo";

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
    })
    .from(articles)
    .where(and(isPublic(journalId), volume === undefined ? undefined : eq(articles.volume, volume)))
    .orderBy(asc(articles.year), asc(articles.volume), asc(articles.issue), asc(articles.id));
}

export async function listIssues(db: Db, journalId: number): Promise<IssueRow[]> {
  return db.select().from(issues).where(eq(issues.journalId, journalId)).orderBy(asc(issues.year), asc(issues.volume), asc(issues.issue));
}

/** One OAI-PMH set: a volume, or one issue of a volume. */
export interface ArticleSet {
  volume: number;
  issue?: number;
}

export interface HarvestQuery {
  /** From (inclusive) and until (exclusive) bounds on the modification timestamp (ISO strings sort in time order). */
  from?: string;
  until?: string;
  set?: ArticleSet;
  /** Resume strictly after this (modification, id) position. */
  after?: { modification: string; id: number };
  limit: number;
}

/**
 * A page of public articles in (modification, id) order. The position of the last row is the resumption point,
 * so a page boundary never repeats or skips a record, even between two articles modified in the same instant.
 */
export async function harvestPublicArticles(db: Db, journalId: number, q: HarvestQuery): Promise<ArticleRow[]> {
  const after = q.after
    ? or(gt(articles.modification, q.after.modification), and(eq(articles.modification, q.after.modification), gt(articles.id, q.after.id)))
    : undefined;
  return db
    .select()
    .from(articles)
    .where(and(harvestConditions(journalId, q), after))
    .orderBy(asc(articles.modification), asc(articles.id))
    .limit(q.limit);
}

function harvestConditions(journalId: number, q: Omit<HarvestQuery, "after" | "limit">): SQL | undefined {
  const conds: (SQL | undefined)[] = [isPublic(journalId)];
  if (q.from) conds.push(gte(articles.modification, q.from));
  if (q.until) conds.push(lt(articles.modification, q.until));
  if (q.set) {
    conds.push(eq(articles.volume, q.set.volume));
    if (q.set.issue !== undefined) conds.push(eq(articles.issue, q.set.issue));
  }
  return and(...conds);
}

/** How many public articles a harvest matches in all (OAI-PMH completeListSize). */
export async function countHarvest(db: Db, journalId: number, q: Omit<HarvestQuery, "after" | "limit">): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(articles).where(harvestConditions(journalId, q));
  return row?.n ?? 0;
}

/** The oldest modification among public articles (OAI-PMH earliestDatestamp). */
export async function earliestModification(db: Db, journalId: number): Promise<string | null> {
  const [row] = await db
    .select({ m: sql<string | null>`min(${articles.modification})` })
    .from(articles)
    .where(isPublic(journalId));
  return row?.m ?? null;
}
