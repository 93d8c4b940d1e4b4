// Editors as staff manage them: every status, and the writes.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../env";
import { editors, type EditorRow } from "./schema";
import { nowIso } from "./db";

export type EditorValues = Omit<typeof editors.$inferInsert, "id" | "journalId" | "creation" | "updated_at">;

/** Every editor of the journal, any status, in the order the public board uses (id). */
export async function listAllEditors(db: Db, journalId: number): Promise<EditorRow[]> {
  return db.select().from(editors).where(eq(editors.journalId, journalId)).orderBy(asc(editors.id));
}

export async function insertEditor(db: Db, journalId: number, v: EditorValues): Promise<EditorRow> {
  const now = nowIso();
  const [row] = await db.insert(editors).values({ journalId, ...v, creation: now, updated_at: now }).returning();
  return row;
}

/** Updates the given columns; undefined when the editor is not the journal's. */
export async function updateEditor(db: Db, journalId: number, id: number, v: Partial<EditorValues>): Promise<EditorRow | undefined> {
  const [row] = await db
    .update(editors)
    .set({ ...v, updated_at: nowIso() })
    .where(and(eq(editors.journalId, journalId), eq(editors.id, id)))
    .returning();
  return row;
}
