// The editor's API shapes (contract/api.ts), made from its rows: staff see every answer field, the public
// board only publicEditorSchema's (no e-mail, no phone).
import type { EditorRow } from "../data/schema";
import { filePaths } from "../files/keys";
import { editorAnswerSchema, publicEditorSchema, type Editor, type PublicEditor } from "#contract/api";

const answerFields = (row: EditorRow) => ({
  ...row,
  picture_url: row.picture ? filePaths.editorPicture(row.picture) : filePaths.defaultAvatar,
});

export const toEditor = (row: EditorRow): Editor => editorAnswerSchema.parse(answerFields(row));
export const toPublicEditor = (row: EditorRow): PublicEditor => publicEditorSchema.parse(answerFields(row));
