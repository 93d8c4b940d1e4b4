// Editors of a journal: the public board's reads (enabled editors), the staff reads of every status, and the
// writes. Each write runs its `after` statements (the audit event) in the same D1 batch. The unique index on
// (journal, lower(trim(name))) (migration 0004) has the last word on duplicates, even for simultaneous requests.
// Reads answer rows; their API shapes are made beside the routes (editor-answers.ts).
import { and, asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { editors, type EditorRow } from "../core/data/schema";
import { isUniqueViolation, nextStamp, nowIso } from "../core/data/db";
import { STATUS_ENABLED } from "#contract/constants";
import type { EditorFields } from "#contract/admin";

/** The query behind listEnabledEditors, for batching with others. */
export const enabledEditorsQuery = (db: Db, journalId: number) =>
  db
    .select()
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.status, STATUS_ENABLED)))
    .orderBy(asc(editors.id));

export async function listEnabledEditors(db: Db, journalId: number): Promise<EditorRow[]> {
  return enabledEditorsQuery(db, journalId);
}

export async function findEditor(db: Db, journalId: number, id: number, opts: { enabledOnly: boolean }): Promise<EditorRow | undefined> {
  const conds = [eq(editors.journalId, journalId), eq(editors.id, id)];
  if (opts.enabledOnly) conds.push(eq(editors.status, STATUS_ENABLED));
  const rows = await db
    .select()
    .from(editors)
    .where(and(...conds))
    .limit(1);
  return rows[0];
}

/** The columns an editor write sets: the form's (schemas/admin.ts) and the picture; the stamps are set here. */
export type EditorValues = EditorFields & { picture: string };

export type EditorWriteResult = { ok: true; row: EditorRow } | { ok: false; conflict: "duplicate_editor" | "stale_edit" | "not_found" };

/** Every editor of the journal, any status, in the order the public board uses (id). */
export async function listAllEditors(db: Db, journalId: number): Promise<EditorRow[]> {
  return db.select().from(editors).where(eq(editors.journalId, journalId)).orderBy(asc(editors.id));
}

async function inBatch(db: Db, first: BatchItem<"sqlite">, after: BatchItem<"sqlite">[]): Promise<EditorRow | undefined> {
  const [rows] = (await db.batch([first, ...after])) as [EditorRow[], ...unknown[]];
  return rows[0];
}

export async function insertEditor(
  db: Db,
  journalId: number,
  v: EditorValues,
  after: BatchItem<"sqlite">[] = [],
): Promise<EditorWriteResult> {
  const now = nowIso();
  try {
    const row = await inBatch(
      db,
      db
        .insert(editors)
        .values({ journalId, ...v, creation: now, updated_at: now })
        .returning(),
      after,
    );
    return { ok: true, row: row! };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, conflict: "duplicate_editor" };
    throw err;
  }
}

/**
 * Updates the given columns, only while the row's `updated_at` is still `expectedStamp` (optimistic
 * concurrency; omit it for a status toggle, which is last-writer-wins by nature).
 */
export async function updateEditor(
  db: Db,
  journalId: number,
  id: number,
  v: Partial<EditorValues>,
  expectedStamp: string | null,
  after: BatchItem<"sqlite">[] = [],
): Promise<EditorWriteResult> {
  const conds = [eq(editors.journalId, journalId), eq(editors.id, id)];
  if (expectedStamp !== null) conds.push(eq(editors.updated_at, expectedStamp));
  try {
    const row = await inBatch(
      db,
      db
        .update(editors)
        .set({ ...v, updated_at: nextStamp(expectedStamp ?? "") })
        .where(and(...conds))
        .returning(),
      after,
    );
    if (row) return { ok: true, row };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, conflict: "duplicate_editor" };
    throw err;
  }
  const exists = await db
    .select({ id: editors.id })
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.id, id)))
    .limit(1);
  return { ok: false, conflict: exists.length ? "stale_edit" : "not_found" };
}

/** Whether `picture` is the picture of an enabled editor: the only editor pictures served publicly (a disabled
 * editor's picture is not served by guessing its name, as a hidden article's PDF is not). */
export async function isPublicEditorPicture(db: Db, journalId: number, picture: string): Promise<boolean> {
  const rows = await db
    .select({ id: editors.id })
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.picture, picture), eq(editors.status, STATUS_ENABLED)))
    .limit(1);
  return rows.length > 0;
}

/** The editor whose picture is `picture`: did a write whose answer was lost take effect? */
export async function findEditorByPicture(db: Db, journalId: number, picture: string): Promise<EditorRow | undefined> {
  const rows = await db
    .select()
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.picture, picture)))
    .limit(1);
  return rows[0];
}

export async function deleteEditor(
  db: Db,
  journalId: number,
  id: number,
  after: BatchItem<"sqlite">[] = [],
): Promise<EditorRow | undefined> {
  return inBatch(
    db,
    db
      .delete(editors)
      .where(and(eq(editors.journalId, journalId), eq(editors.id, id)))
      .returning(),
    after,
  );
}
