// Editors of a journal.
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../env";
import { editors, type EditorRow } from "./schema";
import { publicEditorSchema, type Editor, type PublicEditor } from "../schemas/api";
import { filePaths } from "../files/keys";
import { STATUS_ENABLED } from "../schemas/constants";

export function toEditor(row: EditorRow): Editor {
  const { journalId: _journal, ...rest } = row;
  return { ...rest, picture_url: row.picture ? filePaths.editorPicture(row.picture) : filePaths.defaultAvatar };
}

/** The public board's view: only publicEditorSchema's keys (no e-mail, no phone). */
export function toPublicEditor(row: EditorRow): PublicEditor {
  return publicEditorSchema.parse(toEditor(row));
}

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
  const rows = await db.select().from(editors).where(and(...conds)).limit(1);
  return rows[0];
}
