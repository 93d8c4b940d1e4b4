// Indexing partners for journal managers (issue 37 item 3):
//   under /api/indexing, after the public list (indexing.routes.ts): POST / (multipart: fields plus imgFile, like
//   editors) adds one; POST /{id} (fields sent, an optional imgFile, or only a status) changes one; DELETE /{id}
//   removes one and then its image object (docs/decisions/0262-deleting-sections-and-partners.md);
//   under /api/admin/indexing: GET / (every status, in order), POST /order (a new order).
// Images pass the editor-picture checks (readImageUpload) and are stored under a fresh name before the row names them
// (docs/decisions/0091). Every write bumps the content version, so the public grid and the home page follow at once.
import { Hono, type Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../core/env";
import type { IndexingRow } from "../core/data/schema";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError, notFound } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite, type AdminEvent } from "../core/audit/admin-events.repo";
import { idOf } from "../core/middleware/params";
import { limitJsonBody, limitUploadBody } from "../core/middleware/body-size";
import { readFormBody, validated as validatedAny } from "../core/middleware/form-body";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { deleteFileQuietly, readImageUpload, uploadOf } from "../core/files/uploads";
import { commitWithObject, putNewObject } from "../core/files/commit-with-object";
import { fileKeys } from "../core/files/keys";
import { sentFields } from "#contract/admin";
import { INDEXING_FORM_FIELDS, indexingOrderSchema, indexingSchema, indexingStatusSchema, type IndexingValues } from "#contract/indexing";
import {
  deleteIndexing,
  findIndexing,
  findIndexingByImage,
  insertIndexing,
  listAllIndexing,
  reorderIndexing,
  updateIndexing,
} from "./indexing.repo";
import { toIndexingEntry } from "./indexing-answers";
import { mountedAt } from "../core/routing/declared";
import { indexingApi } from "#contract/routes/journals";

const atAdminIndexing = mountedAt("/api/admin/indexing");
const atIndexing = mountedAt("/api/indexing");

/** validated(), with the link's own code: a link that is no web address says so (invalid_link), not just invalid_input. */
function validated<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success && result.error.issues.some((i) => i.message === "invalid_link")) throw new HttpError(400, "invalid_link");
  return validatedAny(schema, data);
}

const event = (action: "add" | "edit" | "status" | "order" | "delete", summary: string, entityId?: number): AdminEvent => ({
  action: `indexing.${action}`,
  entity: "indexing",
  entityId,
  summary,
});

/** A row that may name a new image: the image first (fresh name), the row in one batch, clean-up either way. */
async function writeWithImage(
  c: Context<AppEnv>,
  file: File | null,
  write: (image: string | undefined) => Promise<IndexingRow | undefined>,
  oldImage?: string,
): Promise<IndexingRow> {
  const journalId = c.get("journal").id;
  let image: string | undefined;
  if (file) {
    const checked = await readImageUpload(file);
    image = `${crypto.randomUUID()}.${checked.extension}`;
    await putNewObject(c.var.files, fileKeys.indexingLogo(journalId, image), checked.bytes, checked.contentType);
  }
  const row = await commitWithObject(
    c.var.files,
    image ? fileKeys.indexingLogo(journalId, image) : null,
    async () => {
      const written = await write(image);
      if (!written) throw notFound();
      return written;
    },
    () => findIndexingByImage(c.get("db"), journalId, image!),
  );
  if (image && oldImage && oldImage !== image) await deleteFileQuietly(c.var.files, fileKeys.indexingLogo(journalId, oldImage));
  return row;
}

/** Mounted at /api/indexing after the public list: every method that reaches it is guarded. */
export const indexingAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.indexing))
  .post(atIndexing(indexingApi.create), limitUploadBody, async (c) => {
    const { fields, files } = await readFormBody(c);
    const input = validated(indexingSchema, sentFields(fields, INDEXING_FORM_FIELDS));
    const db = c.get("db");
    const actor = actorOf(c);
    const row = await writeWithImage(c, uploadOf(files.imgFile), (image) =>
      insertIndexing(db, actor.journalId, { ...input, image: image ?? "" }, afterAdminWrite(db, actor, event("add", input.title))),
    );
    return c.json({ entry: toIndexingEntry(row) }, 201);
  })
  .post(atIndexing(indexingApi.update), limitUploadBody, async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const old = await findIndexing(db, journalId, idOf(c.req.param("id")));
    if (!old) throw notFound();
    const { fields, files } = await readFormBody(c);
    const sent = sentFields(fields, INDEXING_FORM_FIELDS);
    const file = uploadOf(files.imgFile);
    const statusOnly = !file && Object.keys(sent).length === 1 && "status" in sent;
    const values: Partial<IndexingValues> = statusOnly
      ? validated(indexingStatusSchema, sent)
      : validated(indexingSchema, { ...old, ...sent });
    const summary = statusOnly ? `${old.title} → ${values.status}` : (values.title ?? old.title);
    const after = afterAdminWrite(db, actorOf(c), event(statusOnly ? "status" : "edit", summary, old.id));
    const row = await writeWithImage(
      c,
      file,
      (image) => updateIndexing(db, journalId, old.id, image ? { ...values, image } : values, after),
      old.image,
    );
    return c.json({ entry: toIndexingEntry(row) });
  })
  .delete(atIndexing(indexingApi.delete), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const id = idOf(c.req.param("id"));
    const old = await findIndexing(db, actor.journalId, id);
    if (!old) throw notFound();
    const row = await deleteIndexing(
      db,
      actor.journalId,
      id,
      afterAdminWrite(db, actor, event("delete", old.title, id), { ifChanged: true }),
    );
    if (!row) throw notFound();
    // The row names it no more: now its image (0091: rows first, objects after).
    if (row.image) await deleteFileQuietly(c.var.files, fileKeys.indexingLogo(actor.journalId, row.image));
    return c.json({ deleted: toIndexingEntry(row) });
  });

/** Mounted under /api/admin/indexing. */
export const indexingAdminListRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.indexing))
  .get(atAdminIndexing(indexingApi.adminList), async (c) =>
    c.json((await listAllIndexing(c.get("db"), c.get("journal").id)).map(toIndexingEntry)),
  )
  .post(atAdminIndexing(indexingApi.order), limitJsonBody, jsonContent, jsonBody(indexingOrderSchema), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const { ids } = c.req.valid("json");
    const rows = await reorderIndexing(db, actor.journalId, ids, afterAdminWrite(db, actor, event("order", `${ids.length} partners`)));
    if (!rows) throw new HttpError(409, "order_mismatch");
    return c.json(rows.map(toIndexingEntry));
  });
