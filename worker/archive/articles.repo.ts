// Articles: the public reads (only enabled articles with a reference number are public), the staff reads of any
// status, and the writes. The UNIQUE constraints of the articles table (refnumber, title, txnid per journal) are
// the last word on duplicates, even for simultaneous requests. Reads answer rows; their API shapes are made
// beside the routes (article-answers.ts).
import { and, asc, eq, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { articles, type ArticleRow, type IssueRow, type sections } from "../core/data/schema";
import { isUniqueViolation, nextStamp, nowIso } from "../core/data/db";
import { publicIssueQuery } from "./issues.repo";
import { articleIssuePublished } from "./issue-visibility";
import { sectionsQuery } from "./sections.repo";

type SectionRow = typeof sections.$inferSelect;
import { storedCitationsByRefQuery, storedCitationsQuery, type StoredCitations } from "../scholarly/citations.repo";
import { titleKeyOf } from "./title-key";
import { STATUS_ENABLED } from "#contract/constants";
import { parseTranslations, translationSearchText } from "#contract/article-translations";
import { richTextToPlain } from "#contract/rich-text";
import type { ArticleColumns } from "#contract/admin";

// ---- Public reads ----------------------------------------------------------------------------------------

/** Numeric first page ("9-12" -> 9), so 9-12 sorts before 73-80. SQLite's CAST reads the leading digits. */
export const firstPageOrder = sql`CAST(${articles.pagenumber} AS INTEGER)`;

/** An article readers and indexers see: enabled, with a reference number, in no unpublished issue (decision 0383). */
export const isPublic = (journalId: number) =>
  and(
    eq(articles.journalId, journalId),
    eq(articles.status, STATUS_ENABLED),
    isNotNull(articles.refnumber),
    ne(articles.refnumber, ""),
    articleIssuePublished,
  );

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
    // With each article's section, which the issue page groups by (issue 37 item 5).
    .select({ ...listColumns, sectionId: articles.sectionId })
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));

/** A row read with listColumns. */
export type ArticleListRow = Pick<ArticleRow, keyof typeof listColumns>;

/** One issue's public articles as list rows, by first page number. */
export async function listPublicIssueArticles(
  db: Db,
  journalId: number,
  year: number,
  volume: number,
  issue: number,
): Promise<ArticleListRow[]> {
  return publicIssueListQuery(db, journalId, year, volume, issue);
}

/** An issue's public articles (list rows) and whether the issue exists, in one database round trip (a batch). */
export async function readPublicIssue(
  db: Db,
  journalId: number,
  year: number,
  volume: number,
  issue: number,
): Promise<{
  rows: (ArticleListRow & { sectionId: number | null })[];
  exists: boolean;
  issue: IssueRow | undefined;
  sections: SectionRow[];
}> {
  // One round trip: the articles, the issue's own row (title, description, date) and the journal's sections.
  const [rows, found, sectionRows] = await db.batch([
    publicIssueListQuery(db, journalId, year, volume, issue),
    publicIssueQuery(db, journalId, year, volume, issue),
    sectionsQuery(db, journalId),
  ]);
  return { rows, exists: found.length > 0, issue: found[0], sections: sectionRows };
}

/** One issue's public articles as whole rows (for exports that need every column: Crossref), by first page. */
export async function listPublicIssueArticleRows(
  db: Db,
  journalId: number,
  year: number,
  volume: number,
  issue: number,
): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));
}

/**
 * The query behind findPublicArticleByRef, for batching with others (at most one row). A reference number is
 * matched as people type it, in any letter case (index articles_refnumber_nocase, migration 0051); should two
 * differ only in case, the one written exactly as asked wins.
 */
export const publicArticleByRefQuery = (db: Db, journalId: number, refnumber: string) =>
  db
    .select()
    .from(articles)
    .where(and(isPublic(journalId), sql`${articles.refnumber} = ${refnumber} COLLATE NOCASE`))
    .orderBy(sql`${articles.refnumber} = ${refnumber} DESC`)
    .limit(1);

/** The id publicArticleByRefQuery finds, as a subquery other tables' reads can batch with it (the article page). */
export const publicArticleIdByRefQuery = (db: Db, journalId: number, refnumber: string) =>
  db
    .select({ id: articles.id })
    .from(articles)
    .where(and(isPublic(journalId), sql`${articles.refnumber} = ${refnumber} COLLATE NOCASE`))
    .orderBy(sql`${articles.refnumber} = ${refnumber} DESC`)
    .limit(1);

export async function findPublicArticleByRef(db: Db, journalId: number, refnumber: string): Promise<ArticleRow | undefined> {
  return (await publicArticleByRefQuery(db, journalId, refnumber))[0];
}

/**
 * The stored file of the public article of this issue that a public file name means: `{refnumber}.pdf` (SPEC §5,
 * the name staff and visitors see), or the internal versioned name an older link may carry (docs/decisions/0091).
 * undefined when no public article of the issue owns it, so a disabled article's PDF is never served by guessing.
 */
export async function findPublicArticleFile(
  db: Db,
  journalId: number,
  year: number,
  volume: number,
  issue: number,
  name: string,
): Promise<{ file: string; refnumber: string } | undefined> {
  const refnumber = name.toLowerCase().endsWith(".pdf") ? name.slice(0, -4) : null;
  const rows = await db
    .select({ file: articles.file, refnumber: articles.refnumber })
    .from(articles)
    .where(
      and(
        isPublic(journalId),
        eq(articles.year, year),
        eq(articles.volume, volume),
        eq(articles.issue, issue),
        ne(articles.file, ""),
        or(eq(articles.file, name), refnumber ? eq(articles.refnumber, refnumber) : undefined),
      ),
    )
    .limit(2);
  const row = rows.find((r) => r.refnumber === refnumber) ?? rows[0];
  return row ? { file: row.file, refnumber: row.refnumber ?? "" } : undefined;
}

/** The query behind findPublicArticleById, for batching with others (at most one row). */
export const publicArticleByIdQuery = (db: Db, journalId: number, id: number) =>
  db
    .select()
    .from(articles)
    .where(and(isPublic(journalId), eq(articles.id, id)))
    .limit(1);

export async function findPublicArticleById(db: Db, journalId: number, id: number): Promise<ArticleRow | undefined> {
  return (await publicArticleByIdQuery(db, journalId, id))[0];
}

/** A public article by reference number and its stored citations, in one round trip (a batch). */
export async function readPublicArticleByRef(
  db: Db,
  journalId: number,
  refnumber: string,
): Promise<{ row: ArticleRow | undefined; stored: StoredCitations | null }> {
  const [rows, stored] = await db.batch([
    publicArticleByRefQuery(db, journalId, refnumber),
    storedCitationsByRefQuery(db, journalId, refnumber),
  ]);
  return { row: rows[0], stored: stored[0] ?? null };
}

/** A public article by id and its stored citations, in one round trip (a batch). */
export async function readPublicArticleById(
  db: Db,
  journalId: number,
  id: number,
): Promise<{ row: ArticleRow | undefined; stored: StoredCitations | null }> {
  const [rows, stored] = await db.batch([publicArticleByIdQuery(db, journalId, id), storedCitationsQuery(db, id)]);
  return { row: rows[0], stored: stored[0] ?? null };
}

// ---- Staff reads and writes ----------------------------------------------------------------------------

export type ArticleConflict = "duplicate_reference_number" | "duplicate_title" | "duplicate_txnid" | "duplicate_doi";

/** The columns an article write sets: the form's (schemas/admin.ts) and the file; plain copies are derived here. */
export type ArticleValues = ArticleColumns & { file: string };

const withPlainText = <T extends Partial<ArticleValues>>(v: T) => ({
  ...v,
  ...(v.title !== undefined ? { titleText: richTextToPlain(v.title), titleKey: titleKeyOf(richTextToPlain(v.title)) } : {}),
  ...(v.abstract !== undefined ? { abstractText: richTextToPlain(v.abstract) } : {}),
  ...(v.translations !== undefined ? translationSearchText(parseTranslations(v.translations)) : {}),
});

/** The key the unique index compares (migration 0003): rows written before it fall back to lower(title_text). */
const storedTitleKey = sql<string>`coalesce(${articles.titleKey}, lower(${articles.titleText}))`;

export async function findArticle(db: Db, journalId: number, id: number): Promise<ArticleRow | undefined> {
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.id, id)))
    .limit(1);
  return rows[0];
}

/** The article (by id or reference number) if it names `file`: did a write whose answer was lost take effect? */
export async function findArticleNaming(
  db: Db,
  journalId: number,
  by: { id: number } | { refnumber: string },
  file: string,
): Promise<ArticleRow | undefined> {
  const which = "id" in by ? eq(articles.id, by.id) : eq(articles.refnumber, by.refnumber);
  const rows = await db
    .select()
    .from(articles)
    .where(and(eq(articles.journalId, journalId), which, eq(articles.file, file)))
    .limit(1);
  return rows[0];
}

/** Every article filed under an issue (any status), by page number, with the columns of the staff issue table. */
export async function listIssueArticlesAll(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select({ ...listColumns, status: articles.status, txnid: articles.txnid, ptype: articles.ptype, sectionId: articles.sectionId })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.year, year), eq(articles.volume, volume), eq(articles.issue, issue)))
    .orderBy(firstPageOrder, asc(articles.id));
}

/**
 * Which unique value another article of the journal already holds, in the order the form reports them:
 * reference number, then title (same text, whatever its markup), then transaction id (on add only, `exceptId`
 * unset). null when none.
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
    .select({
      refnumber: articles.refnumber,
      title: articles.title,
      titleKey: storedTitleKey,
      txnid: articles.txnid,
      txnidClaim: articles.txnidClaim,
      doi: articles.doi,
    })
    .from(articles)
    .where(
      and(
        ...conds,
        or(
          eq(articles.refnumber, v.refnumber),
          eq(articles.title, v.title),
          sql`${storedTitleKey} = ${key}`,
          // A transaction id is checked on add only (SPEC §8): against every article's id and every add's claim.
          exceptId === undefined ? or(eq(articles.txnid, v.txnid), eq(articles.txnidClaim, v.txnid)) : undefined,
          v.doi ? sql`lower(${articles.doi}) = lower(${v.doi})` : undefined,
        ),
      ),
    )
    .limit(10);
  if (rows.some((r) => r.refnumber === v.refnumber)) return "duplicate_reference_number";
  if (rows.some((r) => r.title === v.title || r.titleKey === key)) return "duplicate_title";
  if (exceptId === undefined && rows.some((r) => r.txnid === v.txnid || r.txnidClaim === v.txnid)) return "duplicate_txnid";
  if (v.doi && rows.some((r) => r.doi.toLowerCase() === v.doi!.toLowerCase())) return "duplicate_doi";
  return null;
}

/** The code for a UNIQUE violation: asks the table which value clashes (stable order), else reads the message. */
async function conflictOf(
  db: Db,
  journalId: number,
  err: unknown,
  v: Pick<ArticleValues, "refnumber" | "title" | "txnid"> & { doi?: string },
  exceptId?: number,
): Promise<ArticleConflict | null> {
  if (!isUniqueViolation(err)) return null;
  const found = await findArticleConflict(db, journalId, v, exceptId);
  if (found) return found;
  if (isUniqueViolation(err, "refnumber")) return "duplicate_reference_number";
  if (isUniqueViolation(err, "txnid")) return "duplicate_txnid";
  if (isUniqueViolation(err, "doi")) return "duplicate_doi";
  return "duplicate_title";
}

export type WriteResult = { ok: true; row: ArticleRow } | { ok: false; conflict: ArticleConflict };

/**
 * Inserts an article and runs `after` (the audit event) in the same D1 batch: both or neither.
 * A UNIQUE violation (a simultaneous request won) answers the conflict's code.
 */
export async function insertArticle(
  db: Db,
  journalId: number,
  v: ArticleValues & { status: string; createdby: string },
  after: BatchItem<"sqlite">[] = [],
): Promise<WriteResult> {
  const now = nowIso();
  try {
    const insert = db
      .insert(articles)
      .values({ journalId, ...withPlainText(v), txnidClaim: v.txnid, creation: now, modifiedby: v.createdby, modification: now })
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
  v: Partial<ArticleValues> & Pick<ArticleValues, "refnumber" | "title" | "txnid"> & { modifiedby: string; doiRegisteredAt?: string },
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

/**
 * Enables or disables an article (the issue table's toggle), with `after` (the audit event, recorded only if the
 * status changed) in the same batch; the row, or undefined when the journal has no such article.
 */
export async function setArticleStatus(
  db: Db,
  journalId: number,
  id: number,
  status: string,
  modifiedby: string,
  after: BatchItem<"sqlite">[] = [],
): Promise<ArticleRow | undefined> {
  const update = db
    .update(articles)
    .set({ status, modifiedby, modification: nowIso() })
    .where(and(eq(articles.journalId, journalId), eq(articles.id, id), ne(articles.status, status)))
    .returning();
  await db.batch([update, ...after]);
  return findArticle(db, journalId, id);
}

/** Deletes an article (with `after` in the same batch); the deleted row, or undefined when it was not there. */
export async function deleteArticle(
  db: Db,
  journalId: number,
  id: number,
  after: BatchItem<"sqlite">[] = [],
): Promise<ArticleRow | undefined> {
  const del = db
    .delete(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.id, id)))
    .returning();
  const [rows] = (await db.batch([del, ...after])) as [ArticleRow[], ...unknown[]];
  return rows[0];
}

/**
 * Gives up to `limit` rows stored before migration 0003 their title key (the scheduled job runs this). A row whose
 * key clashes with another article's keeps its fallback key and is reported, so staff can rename one of them.
 */
export async function backfillTitleKeys(db: Db, limit: number): Promise<{ keyed: number; clashes: number[] }> {
  const rows = await db
    .select({ id: articles.id, titleText: articles.titleText })
    .from(articles)
    .where(isNull(articles.titleKey))
    .limit(limit);
  const clashes: number[] = [];
  for (const r of rows) {
    try {
      await db
        .update(articles)
        .set({ titleKey: titleKeyOf(r.titleText) })
        .where(eq(articles.id, r.id));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      clashes.push(r.id);
    }
  }
  return { keyed: rows.length - clashes.length, clashes };
}
