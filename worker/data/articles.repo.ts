// Articles and issues: public reads. Only enabled articles with a reference number are public.
import { and, asc, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../env";
import { articles, issues, type ArticleRow } from "./schema";
import type { AdminArticle, Article, ArchiveYear, ArticleListItem } from "../schemas/api";
import { filePaths } from "../files/keys";
import { STATUS_ENABLED } from "../schemas/constants";
import { articleAuthors, referenceLines } from "../schemas/scholarly";
import { articlePath } from "../seo/citation";

export function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    refnumber: row.refnumber ?? "",
    title: row.title,
    authorname: row.authorname,
    abstract: row.abstract,
    year: row.year,
    volume: row.volume,
    issue: row.issue,
    pagenumber: row.pagenumber,
    country: row.country,
    file: row.file,
    file_url: row.file ? filePaths.article(row.year, row.volume, row.issue, row.file) : null,
    publishdate: row.publishdate,
    subject: row.subject,
    keywords: row.keywords,
    doi: row.doi,
    language: row.language,
    authors: articleAuthors(row.authorname, row.authorDetails),
    references: referenceLines(row.referenceList),
    ris_url: `${articlePath(location(row))}.ris`,
    bib_url: `${articlePath(location(row))}.bib`,
  };
}

const location = (row: ArticleRow) => ({ year: row.year, volume: row.volume, issue: row.issue, refnumber: row.refnumber ?? "" });

export function toAdminArticle(row: ArticleRow): AdminArticle {
  return {
    ...toArticle(row),
    status: row.status,
    txnid: row.txnid ?? "",
    ptype: row.ptype,
    email: row.email,
    mobile: row.mobile,
    description: row.description,
    createdby: row.createdby,
    creation: row.creation,
    modifiedby: row.modifiedby,
    modification: row.modification,
  };
}

/** Numeric first page ("9-12" -> 9), so 9-12 sorts before 73-80. SQLite's CAST reads the leading digits. */
export const firstPageOrder = sql`CAST(${articles.pagenumber} AS INTEGER)`;

export const isPublic = (journalId: number) =>
  and(eq(articles.journalId, journalId), eq(articles.status, STATUS_ENABLED), isNotNull(articles.refnumber), ne(articles.refnumber, ""));

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

const issueExistsQuery = (db: Db, journalId: number, year: number, volume: number, issue: number) =>
  db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.journalId, journalId), eq(issues.year, year), eq(issues.volume, volume), eq(issues.issue, issue)))
    .limit(1);

export async function issueExists(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<boolean> {
  return (await issueExistsQuery(db, journalId, year, volume, issue)).length > 0;
}

/** The columns a list row shows (no abstract): what the issue table needs. */
export const listColumns = {
  id: articles.id,
  refnumber: articles.refnumber,
  title: articles.title,
  authorname: articles.authorname,
  year: articles.year,
  volume: articles.volume,
  issue: articles.issue,
  pagenumber: articles.pagenumber,
  country: articles.country,
  file: articles.file,
};

const publicIssueListQuery = (db: Db, journalId: number, year: number, volume: number, issue: number) =>
  db
    .select(listColumns)
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));

/** One issue's public articles as list rows, by first page number. */
export async function listPublicIssueArticles(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<ArticleListItem[]> {
  return (await publicIssueListQuery(db, journalId, year, volume, issue)).map(toListItem);
}

/** An issue's public articles (list rows) and whether the issue exists, in one database round trip (a batch). */
export async function readPublicIssue(
  db: Db,
  journalId: number,
  year: number,
  volume: number,
  issue: number,
): Promise<{ rows: ArticleListItem[]; exists: boolean }> {
  const [rows, found] = await db.batch([publicIssueListQuery(db, journalId, year, volume, issue), issueExistsQuery(db, journalId, year, volume, issue)]);
  return { rows: rows.map(toListItem), exists: found.length > 0 };
}

/** One issue's public articles as whole rows (for exports that need every column: Crossref), by first page. */
export async function listPublicIssueArticleRows(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));
}

/** A row read with listColumns, as the API sends it. */
export function toListItem<R extends { refnumber: string | null; file: string; year: number; volume: number; issue: number }>({ file, refnumber, ...rest }: R) {
  return { ...rest, refnumber: refnumber ?? "", file_url: file ? filePaths.article(rest.year, rest.volume, rest.issue, file) : null };
}

/** The query behind findPublicArticleByRef, for batching with others (at most one row). */
export const publicArticleByRefQuery = (db: Db, journalId: number, refnumber: string) =>
  db.select().from(articles).where(and(isPublic(journalId), eq(articles.refnumber, refnumber))).limit(1);

export async function findPublicArticleByRef(db: Db, journalId: number, refnumber: string): Promise<ArticleRow | undefined> {
  return (await publicArticleByRefQuery(db, journalId, refnumber))[0];
}

/** Whether a public article of this issue owns this stored file name (only such files are served publicly). */
export async function isPublicArticleFile(db: Db, journalId: number, year: number, volume: number, issue: number, file: string): Promise<boolean> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue), eq(articles.file, file)))
    .limit(1);
  return rows.length > 0;
}

/** The query behind findPublicArticleById, for batching with others (at most one row). */
export const publicArticleByIdQuery = (db: Db, journalId: number, id: number) =>
  db.select().from(articles).where(and(isPublic(journalId), eq(articles.id, id))).limit(1);

export async function findPublicArticleById(db: Db, journalId: number, id: number): Promise<ArticleRow | undefined> {
  return (await publicArticleByIdQuery(db, journalId, id))[0];
}
