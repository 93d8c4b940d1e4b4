// An article's full text (migrations/0260): the converter's draft, staff's corrections, the published text, and
// staff's corrections of the references' parts. One row per article, in the article's journal.
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { articleFulltext, articleReferenceData, articles, type ArticleFulltextRow } from "../core/data/schema";
import { nextStamp, nowIso } from "../core/data/db";
import { storedReferences, type StructuredReference } from "#contract/reference-parse";

export async function findFulltext(db: Db, journalId: number, articleId: number): Promise<ArticleFulltextRow | null> {
  const rows = await db
    .select()
    .from(articleFulltext)
    .where(and(eq(articleFulltext.journalId, journalId), eq(articleFulltext.articleId, articleId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The published full text of an article ('' when it has none). */
/** The published full text of the article `articleIds` selects (a one-row subquery), for a caller's batch. */
export const publishedFulltextQuery = (db: Db, journalId: number, articleIds: SQLWrapper) =>
  db
    .select({ html: articleFulltext.publishedHtml })
    .from(articleFulltext)
    .where(and(eq(articleFulltext.journalId, journalId), inArray(articleFulltext.articleId, articleIds)))
    .limit(1);

/** Staff's corrections of the references of the article `articleIds` selects, for a caller's batch. */
export const referenceDataQuery = (db: Db, journalId: number, articleIds: SQLWrapper) =>
  db
    .select({ data: articleReferenceData.data })
    .from(articleReferenceData)
    .where(and(eq(articleReferenceData.journalId, journalId), inArray(articleReferenceData.articleId, articleIds)))
    .limit(1);

export async function publishedFulltext(db: Db, journalId: number, articleId: number): Promise<string> {
  const rows = await db
    .select({ html: articleFulltext.publishedHtml })
    .from(articleFulltext)
    .where(and(eq(articleFulltext.journalId, journalId), eq(articleFulltext.articleId, articleId)))
    .limit(1);
  return rows[0]?.html ?? "";
}

export interface ConvertedDraft {
  draftHtml: string;
  dropped: string[];
  sourceName: string;
  images: string[];
}

/** Stores a new conversion as the draft (the published text, if any, stays until staff publish again). */
export async function saveConversion(
  db: Db,
  journalId: number,
  articleId: number,
  draft: ConvertedDraft,
  actor: string,
  after: BatchItem<"sqlite">[] = [],
): Promise<void> {
  const now = nowIso();
  const values = {
    draftHtml: draft.draftHtml,
    dropped: JSON.stringify(draft.dropped),
    sourceName: draft.sourceName,
    images: JSON.stringify(draft.images),
    convertedAt: now,
    modified: now,
    modifiedby: actor,
  };
  await db.batch([
    db
      .insert(articleFulltext)
      .values({ articleId, journalId, ...values })
      .onConflictDoUpdate({ target: articleFulltext.articleId, set: values }),
    ...after,
  ]);
}

/** Staff's corrected draft. False when the article has no full text yet. */
export async function saveDraft(db: Db, journalId: number, articleId: number, html: string, actor: string): Promise<boolean> {
  // The draft is staff's alone: readers see it only once published, so no content version moves here.
  const done = await db
    .update(articleFulltext)
    .set({ draftHtml: html, modified: nowIso(), modifiedby: actor })
    .where(and(eq(articleFulltext.journalId, journalId), eq(articleFulltext.articleId, articleId)))
    .returning({ id: articleFulltext.articleId });
  return done.length > 0;
}

/** Publishes the draft (or withdraws the full text with `withdraw`). False when there is no draft. */
export async function publishDraft(
  db: Db,
  journalId: number,
  articleId: number,
  actor: string,
  withdraw: boolean,
  after: BatchItem<"sqlite">[] = [],
): Promise<boolean> {
  const row = await findFulltext(db, journalId, articleId);
  if (!row || (!withdraw && !row.draftHtml)) return false;
  const now = nowIso();
  await db.batch([
    db
      .update(articleFulltext)
      .set({ publishedHtml: withdraw ? "" : row.draftHtml, publishedAt: withdraw ? "" : now, modified: now, modifiedby: actor })
      .where(and(eq(articleFulltext.journalId, journalId), eq(articleFulltext.articleId, articleId))),
    ...after,
  ]);
  return true;
}

export async function referenceCorrections(db: Db, journalId: number, articleId: number): Promise<StructuredReference[]> {
  const rows = await db
    .select({ data: articleReferenceData.data })
    .from(articleReferenceData)
    .where(and(eq(articleReferenceData.journalId, journalId), eq(articleReferenceData.articleId, articleId)))
    .limit(1);
  return storedReferences(rows[0]?.data);
}

export async function saveReferenceCorrections(
  db: Db,
  journalId: number,
  articleId: number,
  refs: StructuredReference[],
  after: BatchItem<"sqlite">[] = [],
): Promise<void> {
  const now = nowIso();
  const data = JSON.stringify(refs);
  await db.batch([
    db
      .insert(articleReferenceData)
      .values({ articleId, journalId, data, modified: now })
      .onConflictDoUpdate({ target: articleReferenceData.articleId, set: { data, modified: now } }),
    ...after,
  ]);
}

/** The article's reference list replaced by the Word file's (one per line), with a new modification stamp. */
export async function setReferenceList(
  db: Db,
  journalId: number,
  articleId: number,
  lines: string[],
  previousStamp: string,
  actor: string,
): Promise<void> {
  await db
    .update(articles)
    .set({ referenceList: lines.join("\n"), modification: nextStamp(previousStamp), modifiedby: actor })
    .where(and(eq(articles.journalId, journalId), eq(articles.id, articleId)));
}
