// Staff's full-text calls (issue 51): attach the Word file (converted into the draft, pictures to R2), correct the
// draft, publish or withdraw it, and the references' parts (parsed, corrected, DOIs matched through Crossref).
// Mounted under /api/admin, behind the admin guard; the articles area's role (production) or above.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError, notFound } from "../core/errors";
import { idOf } from "../core/middleware/params";
import { limitBody, limitJsonBody } from "../core/middleware/body-size";
import { readFormBody } from "../core/middleware/form-body";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { uploadOf } from "../core/files/uploads";
import { versionedName } from "../core/files/keys";
import { mountedAt } from "../core/routing/declared";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { findArticle } from "../archive/articles.repo";
import { fulltextApi } from "#contract/routes/fulltext";
import {
  DOCX_MAX_BYTES,
  fulltextDraftSchema,
  fulltextPublishSchema,
  referencesSaveSchema,
  type FulltextAnswer,
  type ReferencesAnswer,
} from "#contract/fulltext";
import { sanitizeFulltextHtml } from "#contract/fulltext-html";
import { referenceLines } from "#contract/scholarly";
import { structuredReferences } from "#contract/reference-parse";
import type { ArticleFulltextRow, ArticleRow } from "../core/data/schema";
import { ImportSourceError } from "../transfer/import-model";
import { convertDocx } from "./docx-convert";
import { isZipHeader } from "./docx-package";
import { fulltextFileKey, fulltextImagePath, webCopyName } from "./fulltext-files";
import { imageSize } from "./image-size";
import { webCopyOf } from "./web-figure";
import {
  findFulltext,
  publishDraft,
  referenceCorrections,
  saveConversion,
  saveDraft,
  saveReferenceCorrections,
  setReferenceList,
} from "./fulltext.repo";
import { matchReferenceDoi } from "../scholarly/crossref-matching";

const at = mountedAt("/api/admin");

async function articleOf(c: Context<AppEnv>): Promise<ArticleRow> {
  const row = await findArticle(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
  if (!row) throw notFound();
  return row;
}

const parse = (json: string): string[] => {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
};

function answerOf(row: ArticleFulltextRow | null, wordReferences = 0): FulltextAnswer {
  return {
    draft_html: row?.draftHtml ?? "",
    published_html: row?.publishedHtml ?? "",
    dropped: row ? parse(row.dropped) : [],
    source_name: row?.sourceName ?? "",
    converted_at: row?.convertedAt ?? "",
    published_at: row?.publishedAt ?? "",
    unpublished_changes: Boolean(row && row.draftHtml !== row.publishedHtml),
    word_references: wordReferences,
  };
}

async function referencesOf(c: Context<AppEnv>, a: ArticleRow): Promise<ReferencesAnswer> {
  const stored = await referenceCorrections(c.get("db"), a.journalId, a.id);
  return { references: structuredReferences(referenceLines(a.referenceList), stored) };
}

export const fulltextAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.articles))
  .get(at(fulltextApi.fulltext), async (c) => {
    const a = await articleOf(c);
    return c.json(answerOf(await findFulltext(c.get("db"), a.journalId, a.id)) satisfies FulltextAnswer);
  })
  .post(at(fulltextApi.convert), limitBody(DOCX_MAX_BYTES + 1024 * 1024, "file_too_large"), async (c) => {
    const a = await articleOf(c);
    const actor = actorOf(c);
    const { fields, files } = await readFormBody(c);
    const upload = uploadOf(files.docxFile);
    if (!upload) throw new HttpError(400, "missing_file");
    if (upload.size > DOCX_MAX_BYTES) throw new HttpError(413, "file_too_large");
    const bytes = new Uint8Array(await upload.arrayBuffer());
    if (!isZipHeader(bytes)) throw new HttpError(400, "not_docx");
    let converted: Awaited<ReturnType<typeof convertDocx>>;
    try {
      converted = await convertDocx(bytes);
    } catch (err) {
      if (err instanceof ImportSourceError) throw new HttpError(err.status, err.code === "invalid_zip" ? "invalid_docx" : err.code);
      throw err;
    }
    // Pictures to R2 under new names, each wider than the page with a web copy beside it (decision 0388); the draft
    // points at what readers get, with its width and height so the page does not shift while it loads.
    let html = converted.html;
    const names: string[] = [];
    for (const [i, img] of converted.images.entries()) {
      const ext = img.placeholder.split(".").pop() ?? "png";
      const name = versionedName(`figure${i + 1}`, ext);
      const put = (n: string, bytes: Uint8Array) =>
        c.var.files.put(fulltextFileKey(a.journalId, a.id, n), bytes, { httpMetadata: { contentType: img.contentType } });
      await put(name, img.bytes);
      names.push(name);
      const web = await webCopyOf(c.var.images, img.bytes, img.contentType);
      if (web) {
        await put(webCopyName(name), web.bytes);
        names.push(webCopyName(name));
      }
      const size = web ?? imageSize(img.bytes);
      const dims = size ? ` width="${size.width}" height="${size.height}"` : "";
      html = html.replace(`src="${img.placeholder}"`, `src="${fulltextImagePath(a.id, web ? webCopyName(name) : name)}"${dims}`);
    }
    html = sanitizeFulltextHtml(html);
    const db = c.get("db");
    await saveConversion(
      db,
      a.journalId,
      a.id,
      { draftHtml: html, dropped: converted.dropped, sourceName: upload.name.slice(0, 200), images: names },
      actor.username,
    );
    if (fields.references === "replace" && converted.references.length) {
      await setReferenceList(db, a.journalId, a.id, converted.references, a.modification, actor.username);
    }
    return c.json(answerOf(await findFulltext(db, a.journalId, a.id), converted.references.length) satisfies FulltextAnswer);
  })
  .put(at(fulltextApi.saveDraft), limitBody(4 * 1024 * 1024), jsonContent, jsonBody(fulltextDraftSchema), async (c) => {
    const a = await articleOf(c);
    const html = sanitizeFulltextHtml(c.req.valid("json").html);
    if (!(await saveDraft(c.get("db"), a.journalId, a.id, html, actorOf(c).username))) throw new HttpError(409, "no_draft");
    return c.json(answerOf(await findFulltext(c.get("db"), a.journalId, a.id)) satisfies FulltextAnswer);
  })
  .post(at(fulltextApi.publish), limitJsonBody, jsonContent, jsonBody(fulltextPublishSchema), async (c) => {
    const a = await articleOf(c);
    const { publish } = c.req.valid("json");
    const actor = actorOf(c);
    const after = afterAdminWrite(c.get("db"), actor, {
      action: publish ? "article.fulltext.publish" : "article.fulltext.withdraw",
      entity: "article",
      entityId: a.id,
      summary: a.refnumber ?? "",
    });
    if (!(await publishDraft(c.get("db"), a.journalId, a.id, actor.username, !publish, after))) throw new HttpError(409, "no_draft");
    return c.json(answerOf(await findFulltext(c.get("db"), a.journalId, a.id)) satisfies FulltextAnswer);
  })
  .get(at(fulltextApi.references), async (c) => c.json((await referencesOf(c, await articleOf(c))) satisfies ReferencesAnswer))
  .put(at(fulltextApi.saveReferences), limitJsonBody, jsonContent, jsonBody(referencesSaveSchema), async (c) => {
    const a = await articleOf(c);
    const lines = referenceLines(a.referenceList);
    const sent = c.req.valid("json").references;
    // Corrections belong to the article's current references, text for text.
    if (sent.some((r) => !lines.includes(r.raw))) throw new HttpError(409, "references_changed");
    const stored = await referenceCorrections(c.get("db"), a.journalId, a.id);
    const kept = stored.filter((r) => lines.includes(r.raw) && !sent.some((s) => s.raw === r.raw));
    const after = afterAdminWrite(c.get("db"), actorOf(c), {
      action: "article.references",
      entity: "article",
      entityId: a.id,
      summary: a.refnumber ?? "",
    });
    await saveReferenceCorrections(c.get("db"), a.journalId, a.id, [...kept, ...sent.map((r) => ({ ...r, checked: true }))], after);
    return c.json((await referencesOf(c, a)) satisfies ReferencesAnswer);
  })
  .post(at(fulltextApi.matchReferences), async (c) => {
    const a = await articleOf(c);
    const current = (await referencesOf(c, a)).references;
    const api = c.var.config.crossrefMatchingApi;
    const mailto = c.get("journal").websiteemail;
    let matched = 0;
    let error = "";
    const updated = [];
    // One at a time: Crossref asks polite clients not to run requests in parallel; at most 60 per call. A DOI staff
    // decided (typed, a match accepted, or "none" after rejecting one: doiFrom "staff") is never asked again.
    let asked = 0;
    for (const r of current) {
      if (r.doi || r.doiFrom === "staff" || asked >= 60 || error) {
        updated.push(r);
        continue;
      }
      asked++;
      const found = await matchReferenceDoi(api, r.raw.replace(/<[^>]*>/g, ""), mailto);
      if (found.error) error = found.error;
      if (found.doi) matched++;
      updated.push(found.doi ? { ...r, doi: found.doi, doiFrom: "crossref" as const } : r);
    }
    const changed = updated.filter((r, i) => r !== current[i]);
    if (changed.length) {
      const stored = await referenceCorrections(c.get("db"), a.journalId, a.id);
      const rest = stored.filter((s) => !changed.some((r) => r.raw === s.raw));
      const after = afterAdminWrite(c.get("db"), actorOf(c), {
        action: "article.references",
        entity: "article",
        entityId: a.id,
        summary: `${matched} DOI(s) from Crossref`,
      });
      await saveReferenceCorrections(c.get("db"), a.journalId, a.id, [...rest, ...changed], after);
    }
    return c.json({ ...(await referencesOf(c, a)), matched, ...(error ? { error } : {}) } satisfies ReferencesAnswer);
  });
