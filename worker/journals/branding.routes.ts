// A journal's own images (docs/decisions/0163-journal-images.md):
//   GET  /assets/branding/{kind}.svg   the default drawn from this journal's name and ISSN
//   GET  /assets/branding/{file}       the uploaded image, only the one this journal's row names
//   POST /api/settings/images/{kind}   upload (multipart imgFile; the checks of editor pictures), admins only
//   DELETE /api/settings/images/{kind} back to the default
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError, notFound } from "../core/errors";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { actorOf } from "../core/audit/admin-actor";
import { limitUploadBody } from "../core/middleware/body-size";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import type { JournalRow } from "../core/data/schema";
import { fileKeys, versionedName } from "../core/files/keys";
import { deleteFileQuietly, putFile, readImageUpload, uploadOf } from "../core/files/uploads";
import { serveR2Object } from "../core/files/serve";
import { brandingSvg } from "./branding-svg";
import { type JournalFileColumn, setJournalFile } from "./journals.repo";
import { brandingUrlsOf } from "./settings-answers";
import { BRANDING_KINDS, isBrandingKind, type BrandingKind } from "#contract/branding";
import { issnList } from "#contract/journal-info";
import { mountedAt } from "../core/routing/declared";
import { settingsApi } from "#contract/routes/journals";

const at = mountedAt("/api/settings/images");

const COLUMN = { logo: "logoFile", cover: "coverImageFile", certificate: "certificateImageFile" } as const satisfies Record<
  BrandingKind,
  JournalFileColumn & keyof JournalRow
>;

function kindParam(c: Context<AppEnv>): BrandingKind {
  const kind = c.req.param("kind") ?? "";
  if (!isBrandingKind(kind)) throw notFound();
  return kind;
}

export const brandingFilesRoutes = new Hono<AppEnv>().get("/:file", async (c) => {
  const journal = c.get("journal");
  const file = c.req.param("file");
  const drawn = /^(logo|cover|certificate)\.svg$/.exec(file);
  if (drawn) {
    const svg = brandingSvg(drawn[1] as BrandingKind, {
      name: journal.websitename,
      abbreviation: journal.formatted_journal_name,
      issn: issnList(journal.issn).join(", ") || journal.issn_print || journal.issn_online,
    });
    return c.body(svg, 200, { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, no-cache" });
  }
  // Only a file this journal's row names: an old or foreign upload is not served by guessing.
  if (!BRANDING_KINDS.some((k) => journal[COLUMN[k]] === file)) throw notFound();
  return serveR2Object(c, fileKeys.branding(journal.id, file));
});

async function setImage(c: Context<AppEnv>, kind: BrandingKind, file: string) {
  const db = c.get("db");
  const journal = c.get("journal");
  const row = await setJournalFile(
    c.var.platformDb,
    db,
    journal,
    COLUMN[kind],
    file,
    afterAdminWrite(db, actorOf(c), {
      action: `settings.image_${kind}`,
      entity: "settings",
      entityId: journal.id,
      summary: file || "default",
    }),
  );
  if (!row) throw notFound();
  const old = journal[COLUMN[kind]];
  if (old && old !== file) await deleteFileQuietly(c.get("files"), fileKeys.branding(journal.id, old));
  return brandingUrlsOf(row);
}

export const brandingAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.settings))
  .post(at(settingsApi.saveImage), limitUploadBody, async (c) => {
    const kind = kindParam(c);
    const body = await c.req.parseBody().catch(() => {
      throw new HttpError(400, "invalid_input");
    });
    const upload = uploadOf(body.imgFile);
    if (!upload) throw new HttpError(400, "missing_file");
    const image = await readImageUpload(upload);
    const file = versionedName(kind, image.extension);
    await putFile(c.get("files"), fileKeys.branding(c.get("journal").id, file), image.bytes, image.contentType);
    try {
      return c.json(await setImage(c, kind, file));
    } catch (err) {
      await deleteFileQuietly(c.get("files"), fileKeys.branding(c.get("journal").id, file));
      throw err;
    }
  })
  .delete(at(settingsApi.deleteImage), async (c) => c.json(await setImage(c, kindParam(c), "")));
