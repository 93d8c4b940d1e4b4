// Staff editor calls (docs/api.md "Admin API"):
//   under /api/admin/editors (behind the admin router's guard): GET / (every status), GET /{id};
//   under /api/editors, next to the public reads: POST / (create), POST /{id} (update, or status toggle).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../env";
import type { EditorRow } from "../../data/schema";
import { requireAdmin } from "../../middleware/auth";
import { notFound } from "../../middleware/errors";
import { idOf } from "../../middleware/params";
import { limitUploadBody } from "../../middleware/body-size";
import { readFormBody, validated } from "../../middleware/form-body";
import { deleteFileQuietly, putFile, readImageUpload, uploadOf } from "../../files/uploads";
import { fileKeys } from "../../files/keys";
import { editorSchema, editorStatusSchema } from "../../schemas/admin";
import type { Editor } from "../../schemas/api";
import { findEditor, toEditor } from "../../data/editors.repo";
import { insertEditor, listAllEditors, updateEditor, type EditorValues } from "../../data/editors-write.repo";

const FIELDS = ["name", "degree", "post", "content", "category", "email", "phone", "country", "status"] as const;

function pick(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of FIELDS) if (fields[name] !== undefined) out[name] = fields[name];
  return out;
}

/** A checked picture stored under a fresh unique name (never the client's); returns that name. */
async function storePicture(c: Context<AppEnv>, file: File): Promise<string> {
  const image = await readImageUpload(file);
  const name = `${crypto.randomUUID()}.${image.extension}`;
  await putFile(c.env.FILES, fileKeys.editorPicture(c.get("journal").id, name), image.bytes, image.contentType);
  return name;
}

/**
 * Writes a row that may name a new picture. The object is stored first under a unique name; if the row
 * write fails it is deleted again, and a replaced picture is deleted only once the row no longer names it.
 */
async function writeWithPicture(c: Context<AppEnv>, file: File | null, write: (picture: string | undefined) => Promise<EditorRow | undefined>, oldPicture?: string): Promise<EditorRow | undefined> {
  const journalId = c.get("journal").id;
  const picture = file ? await storePicture(c, file) : undefined;
  let row: EditorRow | undefined;
  try {
    row = await write(picture);
  } catch (err) {
    if (picture) await deleteFileQuietly(c.env.FILES, fileKeys.editorPicture(journalId, picture));
    throw err;
  }
  if (picture && !row) await deleteFileQuietly(c.env.FILES, fileKeys.editorPicture(journalId, picture));
  if (picture && row && oldPicture && oldPicture !== picture) await deleteFileQuietly(c.env.FILES, fileKeys.editorPicture(journalId, oldPicture));
  return row;
}

/** Mounted under /api/admin/editors, behind the admin router's guard. */
export const editorsAdminListRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json((await listAllEditors(c.get("db"), c.get("journal").id)).map(toEditor) satisfies Editor[]))
  .get("/:id", async (c) => {
    const row = await findEditor(c.get("db"), c.get("journal").id, idOf(c.req.param("id")), { enabledOnly: false });
    if (!row) throw notFound();
    return c.json(toEditor(row) satisfies Editor);
  });

/** Mounted at /api/editors next to the public reads: only its POSTs need (and get) the admin guard. */
export const editorsAdminRoutes = new Hono<AppEnv>()
  .post("*", requireAdmin)
  .post("/", limitUploadBody, async (c) => {
    const { fields, files } = await readFormBody(c);
    const input: EditorValues = validated(editorSchema, pick(fields));
    const row = await writeWithPicture(c, uploadOf(files.imgFile), (picture) =>
      insertEditor(c.get("db"), c.get("journal").id, { ...input, picture: picture ?? "" }),
    );
    return c.json({ editor: toEditor(row!) satisfies Editor }, 201);
  })
  .post("/:id", limitUploadBody, async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const old = await findEditor(db, journalId, idOf(c.req.param("id")), { enabledOnly: false });
    if (!old) throw notFound();
    const { fields, files } = await readFormBody(c);
    const sent = pick(fields);
    const file = uploadOf(files.imgFile);
    // The list's toggle sends only a status (SPEC §7); anything else is a full or partial edit, checked whole.
    const statusOnly = !file && Object.keys(sent).length === 1 && "status" in sent;
    const values: Partial<EditorValues> = statusOnly
      ? validated(editorStatusSchema, sent)
      : validated(editorSchema, { ...pick(old), ...sent });
    const row = await writeWithPicture(c, file, (picture) => updateEditor(db, journalId, old.id, picture ? { ...values, picture } : values), old.picture);
    if (!row) throw notFound();
    return c.json({ editor: toEditor(row) satisfies Editor });
  });
