// Articles as staff manage them: reads of any status, and the writes. The UNIQUE constraints of the articles
// table (refnumber, title, txnid per journal) are the last word on duplicates, even for simultaneous requests.
import { and, asc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../env";
import { articles, type ArticleRow } from "./schema";
import { isUniqueViolation, nowIso } from "./db";
import { firstPageOrder } from "./articles.repo";
import { richTextToPlain } from "../schemas/rich-text";

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
  ...(v.title !== undefined ? { titleText: richTextToPlain(v.title) } : {}),
  ...(v.abstract !== undefined ? { abstractText: richTextToPlain(v.abstract) } : {}),
});

export async function findArticle(db: Db, journalId: number, id: number): Promise<ArticleRow | undefined> {
  const rows = await db.select().from(articles).where(and(eq(articles.journalId, journalId), eq(articles.id, id))).limit(1);
  return rows[0];
}

/** Every article of an issue, any status, by numeric first page. */
export async function listIssueArticlesAll(db: Db, journalId: number, year: number, volume: number, issue: number): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));
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
  const titleText = richTextToPlain(v.title);
  const rows = await db
    .select({ refnumber: articles.refnumber, title: articles.title, titleText: articles.titleText, txnid: articles.txnid, doi: articles.doi })
    .from(articles)
    .where(
      and(
        ...conds,
        or(
          eq(articles.refnumber, v.refnumber),
          eq(articles.title, v.title),
          sql`lower(${articles.titleText}) = lower(${titleText})`,
          eq(articles.txnid, v.txnid),
          v.doi ? sql`lower(${articles.doi}) = lower(${v.doi})` : undefined,
        ),
      ),
    )
    .limit(10);
  if (rows.some((r) => r.refnumber === v.refnumber)) return "duplicate_reference_number";
  if (rows.some((r) => r.title === v.title || r.titleText.toLowerCase() === titleText.toLowerCase())) return "duplicate_title";
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

export async function insertArticle(db: Db, journalId: number, v: ArticleValues & { status: string; createdby: string }): Promise<WriteResult> {
  const now = nowIso();
  try {
    const [row] = await db
      .insert(articles)
      .values({ journalId, ...withPlainText(v), creation: now, modifiedby: v.createdby, modification: now })
      .returning();
    return { ok: true, row };
  } catch (err) {
    const conflict = await conflictOf(db, journalId, err, v);
    if (conflict) return { ok: false, conflict };
    throw err;
  }
}

/**
 * Updates some columns of one article of the journal. Needs the unique trio (refnumber, title, txnid) of the
 * row as it will be, to name a clash. undefined when the article is not the journal's.
 */
export async function updateArticle(
  db: Db,
  journalId: number,
  id: number,
  v: Partial<ArticleValues> & Pick<ArticleValues, "refnumber" | "title" | "txnid"> & { modifiedby: string },
): Promise<WriteResult | undefined> {
  try {
    const [row] = await db
      .update(articles)
      .set({ ...withPlainText(v), modification: nowIso() })
      .where(and(eq(articles.journalId, journalId), eq(articles.id, id)))
      .returning();
    return row ? { ok: true, row } : undefined;
  } catch (err) {
    const conflict = await conflictOf(db, journalId, err, v, id);
    if (conflict) return { ok: false, conflict };
    throw err;
  }
}

/** Puts a row back exactly as it was (undoing a step of an edit whose file step failed). */
export async function restoreArticle(db: Db, row: ArticleRow): Promise<void> {
  const { id, journalId, ...columns } = row;
  await db.update(articles).set(columns).where(and(eq(articles.journalId, journalId), eq(articles.id, id)));
}

export async function deleteArticle(db: Db, journalId: number, id: number): Promise<void> {
  await db.delete(articles).where(and(eq(articles.journalId, journalId), eq(articles.id, id)));
}

/**
 * Whether some article of the journal still owns the object `file` at this location: it names the file there,
 * or it holds the reference number the name was made from ({refnumber}.pdf). Checked before deleting an old
 * object, so a file another article has just claimed is never removed.
 */
export async function isArticleFileClaimed(db: Db, journalId: number, at: { year: number; volume: number; issue: number }, file: string): Promise<boolean> {
  const ref = file.toLowerCase().endsWith(".pdf") ? file.slice(0, -4) : null;
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.journalId, journalId),
        eq(articles.year, at.year),
        eq(articles.volume, at.volume),
        eq(articles.issue, at.issue),
        ref ? or(eq(articles.file, file), eq(articles.refnumber, ref)) : eq(articles.file, file),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
