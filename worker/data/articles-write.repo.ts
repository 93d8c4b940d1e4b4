// Articles as staff manage them: reads of any status, and the writes. The UNIQUE constraints of the articles
// table (refnumber, title, txnid per journal) are the last word on duplicates, even for simultaneous requests.
import { and, asc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../env";
import { articles, type ArticleRow } from "./schema";
import { isUniqueViolation, nowIso } from "./db";
import { firstPageOrder, listColumns, toListItem } from "./articles.repo";
import type { AdminIssueArticle } from "../schemas/api";
import { richTextToPlain } from "../schemas/rich-text";
import { titleKeyOf } from "./title-key";
import type { BatchItem } from "drizzle-orm/batch";

export type ArticleConflict = "duplicate_reference_number" | "duplicate_title" | "duplicate_txnid" | "duplicate_doi";

/** The writable columns of an article (title and abstract already sanitized; plain copies are derived here). */
export interface ArticleValues {
  refnumber: string;
  title: string;
  authorname: string;
  abstract: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  country: string;
  file: string;
  txnid: string;
  ptype: string;
  publishdate: string;
  subject: string;
  email: string;
  mobile: string;
  description: string;
  keywords: string;
  /** "" or a DOI, unique per journal (case-insensitive). */
  doi: string;
  language: string;
  referenceList: string;
  /** JSON array of { affiliation, orcid }, one per author. */
  authorDetails: string;
}

const withPlainText = <T extends Partial<ArticleValues>>(v: T) => ({
  ...v,
  ...(v.title !== undefined ? { titleText: richTextToPlain(v.title), titleKey: titleKeyOf(richTextToPlain(v.title)) } : {}),
  ...(v.abstract !== undefined ? { abstractText: richTextToPlain(v.abstract) } : {}),
});

/** The key the unique index compares (migration 0003): rows written before it fall back to lower(title_text). */
const storedTitleKey = sql<string>`coalesce(${articles.titleKey}, lower(${articles.titleText}))`;

export async function findArticle(db: Db, journalId: number, id: number): Promise<ArticleRow | undefined> {
  const rows = await db.select().from(articles).where(and(eq(articles.journalId, journalId), eq(articles.id, id))).limit(1);
  return rows[0];
}

/** The article (by id or reference number) if it names `file`: did a write whose answer was lost take effect? */
export async function findArticleNaming(db: Db, journalId: number, by: { id: number } | { refnumber: string }, file: string): Promise<ArticleRow | undefined> {
  const which = "id" in by ? eq(articles.id, by.id) : eq(articles.refnumber, by.refnumber);
  const rows = await db.select().from(articles).where(and(eq(articles.journalId, journalId), which, eq(articles.file, file))).limit(1);
  return rows[0];
}

/** Every article of an issue, any status, by numeric first page. */
/** Every article filed under an issue (any status), by page number, with the columns of the staff issue table. */
export async function listIssueArticlesAll(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<AdminIssueArticle[]> {
  const rows = await db
    .select({ ...listColumns, status: articles.status, txnid: articles.txnid, ptype: articles.ptype })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));
  return rows.map((r) => ({ ...toListItem(r), txnid: r.txnid ?? "" }));
}

/**
 * Which unique value another article of the journal already holds, in the order the form reports them:
 * reference number, then title (same text, whatever its markup), then transaction id. null when none.
 */
export async function findArticleConflict(
  db: Db,
  journalId: number,
  v: Pick<ArticleValues, "refnumber" | "title" | "txnid"> & { doi?: string },
  exceptId?: number,
): Promise<ArticleConflict | null> {
  const conds: SQL[] = [eq(articles.journalId, journalId)];
  if (exceptId !== undefined) conds.push(ne(articles.id, exceptId));
  const key = titleKeyOf(richTextToPlain(v.title));
  const rows = await db
    .select({ refnumber: articles.refnumber, title: articles.title, titleKey: storedTitleKey, txnid: articles.txnid, doi: articles.doi })
    .from(articles)
    .where(
      and(
        ...conds,
        or(
          eq(articles.refnumber, v.refnumber),
          eq(articles.title, v.title),
          sql`${storedTitleKey} = ${key}`,
          eq(articles.txnid, v.txnid),
          v.doi ? sql`lower(${articles.doi}) = lower(${v.doi})` : undefined,
        ),
      ),
    )
    .limit(10);
  if (rows.some((r) => r.refnumber === v.refnumber)) return "duplicate_reference_number";
  if (rows.some((r) => r.title === v.title || r.titleKey === key)) return "duplicate_title";
  if (rows.some((r) => r.txnid === v.txnid)) return "duplicate_txnid";
  if (v.doi && rows.some((r) => r.doi.toLowerCase() === v.doi!.toLowerCase())) return "duplicate_doi";
  return null;
}

/** The code for a UNIQUE violation: asks the table which value clashes (stable order), else reads the message. */
async function conflictOf(db: Db, journalId: number, err: unknown, v: Pick<ArticleValues, "refnumber" | "title" | "txnid"> & { doi?: string }, exceptId?: number): Promise<ArticleConflict | null> {
  if (!isUniqueViolation(err)) return null;
  const found = await findArticleConflict(db, journalId, v, exceptId);
  if (found) return found;
  if (isUniqueViolation(err, "refnumber")) return "duplicate_reference_number";
  if (isUniqueViolation(err, "txnid")) return "duplicate_txnid";
  if (isUniqueViolation(err, "doi")) return "duplicate_doi";
  return "duplicate_title";
}

export type WriteResult = { ok: true; row: ArticleRow } | { ok: false; conflict: ArticleConflict };

/** A modification stamp later than `previous` (ISO time, bumped by 1 ms when the clock has not moved on). */
export function nextStamp(previous: string): string {
  const now = nowIso();
  if (now > previous) return now;
  const t = Date.parse(previous);
  return Number.isNaN(t) ? now : new Date(t + 1).toISOString();
}

/**
 * Inserts an article and runs `after` (the audit event) in the same D1 batch: both or neither.
 * A UNIQUE violation (a simultaneous request won) answers the conflict's code.
 */
export async function insertArticle(db: Db, journalId: number, v: ArticleValues & { status: string; createdby: string }, after: BatchItem<"sqlite">[] = []): Promise<WriteResult> {
  const now = nowIso();
  try {
    const insert = db
      .insert(articles)
      .values({ journalId, ...withPlainText(v), creation: now, modifiedby: v.createdby, modification: now })
      .returning();
    const [rows] = (await db.batch([insert, ...after])) as [ArticleRow[], ...unknown[]];
    return { ok: true, row: rows[0] };
  } catch (err) {
    const conflict = await conflictOf(db, journalId, err, v);
    if (conflict) return { ok: false, conflict };
    throw err;
  }
}

export type UpdateResult = WriteResult | { ok: false; conflict: "stale_edit" | "not_found" };

/**
 * Updates one article of the journal, only if its `modification` stamp is still `expectedStamp` (optimistic
 * concurrency), with `after` (the audit event, recorded only if the row changed) in the same batch. Needs the
 * unique trio (refnumber, title, txnid) of the row as it will be, to name a clash.
 */
export async function updateArticle(
  db: Db,
  journalId: number,
  id: number,
  expectedStamp: string,
  v: Partial<ArticleValues> & Pick<ArticleValues, "refnumber" | "title" | "txnid"> & { modifiedby: string },
  after: BatchItem<"sqlite">[] = [],
): Promise<UpdateResult> {
  try {
    const update = db
      .update(articles)
      .set({ ...withPlainText(v), modification: nextStamp(expectedStamp) })
      .where(and(eq(articles.journalId, journalId), eq(articles.id, id), eq(articles.modification, expectedStamp)))
      .returning();
    const [rows] = (await db.batch([update, ...after])) as [ArticleRow[], ...unknown[]];
    if (rows[0]) return { ok: true, row: rows[0] };
    return { ok: false, conflict: (await findArticle(db, journalId, id)) ? "stale_edit" : "not_found" };
  } catch (err) {
    const conflict = await conflictOf(db, journalId, err, v, id);
    if (conflict) return { ok: false, conflict };
    throw err;
  }
}

/** Deletes an article (with `after` in the same batch); the deleted row, or undefined when it was not there. */
export async function deleteArticle(db: Db, journalId: number, id: number, after: BatchItem<"sqlite">[] = []): Promise<ArticleRow | undefined> {
  const del = db.delete(articles).where(and(eq(articles.journalId, journalId), eq(articles.id, id))).returning();
  const [rows] = (await db.batch([del, ...after])) as [ArticleRow[], ...unknown[]];
  return rows[0];
}

/**
 * Gives up to `limit` rows stored before migration 0003 their title key (the scheduled job runs this). A row whose
 * key clashes with another article's keeps its fallback key and is reported, so staff can rename one of them.
 */
export async function backfillTitleKeys(db: Db, limit: number): Promise<{ keyed: number; clashes: number[] }> {
  const rows = await db.select({ id: articles.id, titleText: articles.titleText }).from(articles).where(isNull(articles.titleKey)).limit(limit);
  const clashes: number[] = [];
  for (const r of rows) {
    try {
      await db.update(articles).set({ titleKey: titleKeyOf(r.titleText) }).where(eq(articles.id, r.id));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      clashes.push(r.id);
    }
  }
  return { keyed: rows.length - clashes.length, clashes };
}
