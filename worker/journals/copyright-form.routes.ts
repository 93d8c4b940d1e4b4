// A journal's own copyright form (issue 37 item 4, docs/decisions/0202), the PDF /instructions offers for download:
//   GET    /assets/copyright-form/{file}   the uploaded form, only the one this journal's row names
//   POST   /api/settings/copyright-form    upload (multipart pdfFile; the article PDF checks), journal managers only
//   DELETE /api/settings/copyright-form    back to the site's shared form (/docs/copyright-form.pdf)
// Stored beside the journal's images (fileKeys.branding) under a versioned name; the old file goes once the row no
// longer names it.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError, notFound } from "../core/errors";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { limitUploadBody } from "../core/middleware/body-size";
import { setJournalFile } from "./journals.repo";
import { fileKeys, versionedName } from "../core/files/keys";
import { deleteFileQuietly, putFile, readPdfUpload, uploadOf } from "../core/files/uploads";
import { serveR2Object } from "../core/files/serve";
import { copyrightFormPath } from "#contract/site-content";
import { mountedAt } from "../core/routing/declared";
import { settingsApi } from "#contract/routes/journals";

const at = mountedAt("/api/settings/copyright-form");

export const copyrightFormFilesRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const journal = c.get("journal");
  const file = c.req.param("file");
  if (!journal.copyrightFormFile || journal.copyrightFormFile !== file) throw notFound();
  return serveR2Object(c, fileKeys.branding(journal.id, file), { downloadName: "Copyright-Form.pdf" });
});

async function setForm(c: Context<AppEnv>, file: string) {
  const db = c.get("db");
  const journal = c.get("journal");
  const row = await setJournalFile(
    c.var.platformDb,
    db,
    journal,
    "copyrightFormFile",
    file,
    afterAdminWrite(db, actorOf(c), {
      action: "settings.copyright_form",
      entity: "settings",
      entityId: journal.id,
      summary: file ? "uploaded" : "shared form",
    }),
  );
  if (!row) throw notFound();
  const old = journal.copyrightFormFile;
  if (old && old !== file) await deleteFileQuietly(c.get("files"), fileKeys.branding(journal.id, old));
  return { copyright_form_url: copyrightFormPath(row.copyrightFormFile) };
}

export const copyrightFormAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.siteContent))
  .post(at(settingsApi.saveCopyrightForm), limitUploadBody, async (c) => {
    const body = await c.req.parseBody().catch(() => {
      throw new HttpError(400, "invalid_input");
    });
    const upload = uploadOf(body.pdfFile);
    if (!upload) throw new HttpError(400, "missing_file");
    const bytes = await readPdfUpload(upload);
    const file = versionedName("copyright-form", "pdf");
    await putFile(c.get("files"), fileKeys.branding(c.get("journal").id, file), bytes, "application/pdf");
    try {
      return c.json(await setForm(c, file));
    } catch (err) {
      await deleteFileQuietly(c.get("files"), fileKeys.branding(c.get("journal").id, file));
      throw err;
    }
  })
  .delete(at(settingsApi.deleteCopyrightForm), async (c) => c.json(await setForm(c, "")));
