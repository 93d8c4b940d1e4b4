// Staff editor calls (docs/api.md "Admin API"):
//   under /api/admin/editors (behind the admin router's guard): GET / (every status), GET /{id};
//   under /api/editors, next to the public reads: POST / (create), POST /{id} (update, or status toggle).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import type { EditorRow } from "../core/data/schema";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError, notFound } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite, type AdminEvent } from "../core/audit/admin-events.repo";
import { idOf } from "../core/middleware/params";
import { limitUploadBody } from "../core/middleware/body-size";
import { readFormBody, validated } from "../core/middleware/form-body";
import { deleteFileQuietly, readImageUpload, uploadOf } from "../core/files/uploads";
import { commitWithObject, putNewObject } from "../core/files/commit-with-object";
import { fileKeys } from "../core/files/keys";
import { serveR2Object } from "../core/files/serve";
import { EDITOR_FORM_FIELDS, editorSchema, editorStatusSchema, sentFields } from "#contract/admin";
import type { Editor } from "#contract/api";
import {
  deleteEditor,
  findEditor,
  findEditorByPicture,
  insertEditor,
  listAllEditors,
  updateEditor,
  type EditorValues,
  type EditorWriteResult,
} from "./editors.repo";
import { toEditor } from "./editor-answers";
import { mountedAt } from "../core/routing/declared";
import { editorsApi } from "#contract/routes/editors";

const atAdminEditors = mountedAt("/api/admin/editors");
const atEditors = mountedAt("/api/editors");

/** A checked picture stored under a fresh unique name (never the client's); returns that name. */
async function storePicture(c: Context<AppEnv>, file: File): Promise<string> {
  const image = await readImageUpload(file);
  const name = `${crypto.randomUUID()}.${image.extension}`;
  await putNewObject(c.var.files, fileKeys.editorPicture(c.get("journal").id, name), image.bytes, image.contentType);
  return name;
}

/**
 * Writes a row that may name a new picture (docs/decisions/0091): the picture is stored first under a new
 * unique name; the row (and its audit event) switches to it in one batch; if that fails or is refused, the new
 * object is deleted; a replaced picture is deleted only once the row no longer names it.
 */
async function writeWithPicture(
  c: Context<AppEnv>,
  file: File | null,
  write: (picture: string | undefined) => Promise<EditorWriteResult>,
  oldPicture?: string,
): Promise<EditorRow> {
  const journalId = c.get("journal").id;
  const picture = file ? await storePicture(c, file) : undefined;
  const row = await commitWithObject(
    c.var.files,
    picture ? fileKeys.editorPicture(journalId, picture) : null,
    async () => {
      const result = await write(picture);
      if (!result.ok) throw new HttpError(result.conflict === "not_found" ? 404 : 409, result.conflict);
      return result.row;
    },
    () => findEditorByPicture(c.get("db"), journalId, picture!),
  );
  if (picture && oldPicture && oldPicture !== picture) await deleteFileQuietly(c.var.files, fileKeys.editorPicture(journalId, oldPicture));
  return row;
}

const event = (action: "add" | "edit" | "status" | "delete", name: string, entityId?: number): AdminEvent => ({
  action: `editor.${action}`,
  entity: "editor",
  entityId,
  summary: name,
});

/** Mounted under /api/admin/editors, behind the admin router's guard. */
export const editorsAdminListRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.editors))
  .get(atAdminEditors(editorsApi.adminList), async (c) =>
    c.json((await listAllEditors(c.get("db"), c.get("journal").id)).map(toEditor) satisfies Editor[]),
  )
  .get(atAdminEditors(editorsApi.adminOne), async (c) => {
    const row = await findEditor(c.get("db"), c.get("journal").id, idOf(c.req.param("id")), { enabledOnly: false });
    if (!row) throw notFound();
    return c.json(toEditor(row) satisfies Editor);
  })
  // Any editor's picture for staff (a disabled editor's is not public: /assets/editors serves enabled editors only).
  .get(atAdminEditors(editorsApi.picture), async (c) => {
    const row = await findEditor(c.get("db"), c.get("journal").id, idOf(c.req.param("id")), { enabledOnly: false });
    if (!row?.picture) throw notFound();
    return serveR2Object(c, fileKeys.editorPicture(row.journalId, row.picture), { cacheControl: "private, no-store" });
  })
  // Deletes the editor and its picture: 204, or 404 when it is not the journal's.
  .delete(atAdminEditors(editorsApi.delete), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const old = await findEditor(db, actor.journalId, idOf(c.req.param("id")), { enabledOnly: false });
    if (!old) throw notFound();
    const deleted = await deleteEditor(
      db,
      actor.journalId,
      old.id,
      afterAdminWrite(db, actor, event("delete", old.name, old.id), { ifChanged: true }),
    );
    if (!deleted) throw notFound();
    if (deleted.picture) await deleteFileQuietly(c.var.files, fileKeys.editorPicture(actor.journalId, deleted.picture));
    return c.body(null, 204);
  });

/** Mounted at /api/editors after the public reads (editors.routes.ts): every method that reaches it is guarded. */
export const editorsAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.editors))
  .post(atEditors(editorsApi.create), limitUploadBody, async (c) => {
    const { fields, files } = await readFormBody(c);
    const input = validated(editorSchema, sentFields(fields, EDITOR_FORM_FIELDS));
    const db = c.get("db");
    const actor = actorOf(c);
    const row = await writeWithPicture(c, uploadOf(files.imgFile), (picture) =>
      insertEditor(db, actor.journalId, { ...input, picture: picture ?? "" }, afterAdminWrite(db, actor, event("add", input.name))),
    );
    return c.json({ editor: toEditor(row) satisfies Editor }, 201);
  })
  .post(atEditors(editorsApi.update), limitUploadBody, async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const old = await findEditor(db, journalId, idOf(c.req.param("id")), { enabledOnly: false });
    if (!old) throw notFound();
    const { fields, files } = await readFormBody(c);
    const sent = sentFields(fields, EDITOR_FORM_FIELDS);
    const file = uploadOf(files.imgFile);
    // The list's toggle sends only a status (SPEC §7); anything else is a full or partial edit, checked whole.
    const statusOnly = !file && Object.keys(sent).length === 1 && "status" in sent;
    const values: Partial<EditorValues> = statusOnly ? validated(editorStatusSchema, sent) : validated(editorSchema, { ...old, ...sent });
    // Optimistic concurrency: an edit applies only over the version the form loaded (its `updated_at`, else the
    // row as read here); the status toggle is last-writer-wins.
    const stamp = statusOnly ? null : typeof fields.updated_at === "string" && fields.updated_at ? fields.updated_at : old.updated_at;
    const after = afterAdminWrite(
      db,
      actorOf(c),
      event(statusOnly ? "status" : "edit", `${values.name ?? old.name}${statusOnly ? ` → ${values.status}` : ""}`, old.id),
      { ifChanged: true },
    );
    const row = await writeWithPicture(
      c,
      file,
      (picture) => updateEditor(db, journalId, old.id, picture ? { ...values, picture } : values, stamp, after),
      old.picture,
    );
    return c.json({ editor: toEditor(row) satisfies Editor });
  });
