// The editor's API shapes (contract/api.ts), made from its rows: staff see every answer field, the public
// board only publicEditorSchema's (no e-mail, no phone).
import type { EditorRow } from "../core/data/schema";
import { filePaths } from "../core/files/keys";
import { STATUS_ENABLED } from "#contract/constants";
import { editorAnswerSchema, publicEditorSchema, type Editor, type PublicEditor } from "#contract/api";

const answerFields = (row: EditorRow) => ({
  ...row,
  picture_url: row.picture ? filePaths.editorPicture(row.picture) : filePaths.defaultAvatar,
});

/** Staff see a disabled editor's picture through the admin API (with their token): it is not served publicly. */
const staffPictureUrl = (row: EditorRow) =>
  row.picture && row.status !== STATUS_ENABLED ? `/api/admin/editors/${row.id}/picture` : answerFields(row).picture_url;

export const toEditor = (row: EditorRow): Editor => editorAnswerSchema.parse({ ...answerFields(row), picture_url: staffPictureUrl(row) });
export const toPublicEditor = (row: EditorRow): PublicEditor => publicEditorSchema.parse(answerFields(row));
