// A journal's sections (migrations/0052) and each article's section (issue 37 item 5). Every function is scoped by
// journal id; writes carry their audit rows in the same batch.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { articles, sections } from "../core/data/schema";
import { isUniqueViolation } from "../core/data/db";
import { HttpError } from "../core/errors";
import type { Section } from "#contract/issues";

type Audit = BatchItem<"sqlite">[];
type SectionRow = typeof sections.$inferSelect;

export const toSection = (r: SectionRow): Section => ({ id: r.id, title: r.title, abbrev: r.abbrev, seq: r.seq });

/** The journal's sections in their order. */
export const sectionsQuery = (db: Db, journalId: number) =>
  db.select().from(sections).where(eq(sections.journalId, journalId)).orderBy(asc(sections.seq), asc(sections.id));

export async function listSections(db: Db, journalId: number): Promise<SectionRow[]> {
  return sectionsQuery(db, journalId);
}

const duplicate = (err: unknown) => {
  if (isUniqueViolation(err)) throw new HttpError(409, "duplicate_section");
  throw err;
};

/** A new section, last in the order. */
export async function insertSection(db: Db, journalId: number, v: { title: string; abbrev: string }, audit: Audit): Promise<SectionRow> {
  const seq = sql<number>`coalesce((SELECT max(seq) FROM sections WHERE journal_id = ${journalId}), 0) + 10`;
  try {
    const [rows] = await db.batch([
      db
        .insert(sections)
        .values({ journalId, ...v, seq })
        .returning(),
      ...audit,
    ]);
    return (rows as SectionRow[])[0];
  } catch (err) {
    return duplicate(err);
  }
}

export async function updateSection(db: Db, journalId: number, id: number, v: { title: string; abbrev: string }, audit: Audit) {
  try {
    const [rows] = await db.batch([
      db
        .update(sections)
        .set(v)
        .where(and(eq(sections.journalId, journalId), eq(sections.id, id)))
        .returning(),
      ...audit,
    ]);
    const row = (rows as SectionRow[])[0];
    if (!row) throw new HttpError(404, "not_found");
    return row;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return duplicate(err);
  }
}

/** A new order: exactly this journal's sections; seq becomes 10, 20, 30 ... in one batch. */
export async function reorderSections(db: Db, journalId: number, ids: number[], audit: Audit): Promise<SectionRow[] | null> {
  const current = await listSections(db, journalId);
  const known = new Set(current.map((r) => r.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) return null;
  const updates = ids.map((id, i) =>
    db
      .update(sections)
      .set({ seq: (i + 1) * 10 })
      .where(and(eq(sections.journalId, journalId), eq(sections.id, id))),
  );
  await db.batch([updates[0], ...updates.slice(1), ...audit] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return listSections(db, journalId);
}

/**
 * Puts an article of this journal in a section of this journal (or in none). 404 when either is not the journal's.
 * The section is checked inside the UPDATE, so a section deleted meanwhile never ends up named by an article.
 */
export async function setArticleSection(db: Db, journalId: number, articleId: number, sectionId: number | null, audit: Audit) {
  const sectionOk =
    sectionId === null ? sql`1` : sql`EXISTS (SELECT 1 FROM sections WHERE id = ${sectionId} AND journal_id = ${journalId})`;
  const [rows] = await db.batch([
    db
      .update(articles)
      .set({ sectionId })
      .where(and(eq(articles.journalId, journalId), eq(articles.id, articleId), sectionOk))
      .returning({ id: articles.id, sectionId: articles.sectionId }),
    ...audit,
  ]);
  const row = (rows as { id: number; sectionId: number | null }[])[0];
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

/**
 * Files the article under the section only when it has none (a published manuscript brings the section its author
 * chose; a section staff already set stays). The audit rows (ifChanged) count only a change.
 */
export async function fileUnsectionedArticle(db: Db, journalId: number, articleId: number, sectionId: number, audit: Audit) {
  await db.batch([
    db
      .update(articles)
      .set({ sectionId })
      .where(
        and(
          eq(articles.journalId, journalId),
          eq(articles.id, articleId),
          isNull(articles.sectionId),
          sql`EXISTS (SELECT 1 FROM sections WHERE id = ${sectionId} AND journal_id = ${journalId})`,
        ),
      ),
    ...audit,
  ]);
}

/** The section of each of these articles (id -> section id or null), for an issue's table. */
export const articleSectionsQuery = (db: Db, journalId: number, ids: number[]) =>
  db
    .select({ id: articles.id, sectionId: articles.sectionId })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), inArray(articles.id, ids.length ? ids : [0])));

/** How many of the journal's articles are in this section. */
export async function countSectionArticles(db: Db, journalId: number, sectionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(articles)
    .where(and(eq(articles.journalId, journalId), eq(articles.sectionId, sectionId)));
  return Number(row?.n ?? 0);
}

/**
 * Deletes a section of this journal (docs/decisions/0262-deleting-sections-and-partners.md).
 * - `moveTo` undefined: only while no article is in it — the condition is part of the DELETE, so an article put in
 *   the section meanwhile keeps it; false when it was refused for that.
 * - `moveTo` a section id (this journal's, not this one) or null: its articles move there (or to no section) and the
 *   section goes, in one batch.
 * undefined when the section (or the target) is not the journal's.
 */
export async function deleteSection(
  db: Db,
  journalId: number,
  id: number,
  moveTo: number | null | undefined,
  audit: Audit,
): Promise<{ deleted: SectionRow; moved: number } | false | undefined> {
  const [current] = await db
    .select()
    .from(sections)
    .where(and(eq(sections.journalId, journalId), eq(sections.id, id)))
    .limit(1);
  if (!current) return undefined;
  if (moveTo !== undefined && moveTo !== null) {
    if (moveTo === id) return undefined;
    const [target] = await db
      .select({ id: sections.id })
      .from(sections)
      .where(and(eq(sections.journalId, journalId), eq(sections.id, moveTo)))
      .limit(1);
    if (!target) return undefined;
  }
  const unused = sql`NOT EXISTS (SELECT 1 FROM articles WHERE articles.section_id = ${id})`;
  const remove = db
    .delete(sections)
    .where(and(eq(sections.journalId, journalId), eq(sections.id, id), moveTo === undefined ? unused : sql`1`))
    .returning();
  if (moveTo === undefined) {
    const [rows] = await db.batch([remove, ...audit]);
    const deleted = (rows as SectionRow[])[0];
    return deleted ? { deleted, moved: 0 } : false;
  }
  const move = db
    .update(articles)
    .set({ sectionId: moveTo })
    .where(and(eq(articles.journalId, journalId), eq(articles.sectionId, id)))
    .returning({ id: articles.id });
  const [moved, rows] = await db.batch([move, remove, ...audit]);
  const deleted = (rows as SectionRow[])[0];
  return deleted ? { deleted, moved: (moved as unknown[]).length } : undefined;
}
