// Staff article calls (docs/api.md "Admin API"):
//   under /api/admin (guarded by the admin router): POST /archives/ (add), GET /articles/{id}, GET /search?q=&page=
//   under /api/archives: POST /{id} (edit) — guarded here, next to the public reads of that prefix.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError, notFound } from "../core/errors";
import { idOf } from "../core/middleware/params";
import { limitJsonBody, limitUploadBody } from "../core/middleware/body-size";
import { readFormBody, validated } from "../core/middleware/form-body";
import { readPdfUpload, uploadOf } from "../core/files/uploads";
import { articleFormFieldsOf, articleStatusSchema } from "#contract/admin";
import { articleAddSchema, articleEditSchema } from "#contract/article-form";
import { articleFormOf, toAdminArticle, toAdminSearchResults } from "./article-answers";
import type { AdminArticle, AdminSearchResults, ArticleSaved } from "#contract/api";
// The warnings measure the documents' texts with their fonts: imported on first use, off every page's path.
const documentWarnings = async (row: Parameters<typeof import("../documents/document-warnings").documentWarnings>[0]) =>
  (await import("../documents/document-warnings")).documentWarnings(row);
import { findArticle, setArticleStatus } from "./articles.repo";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { actorOf } from "../core/audit/admin-actor";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { findIssue } from "./issues.repo";
import { searchAllArticles } from "./search.repo";
import { searchParams } from "./search-params";
import { addArticle, editArticle, removeArticle } from "./article-store";
import { mountedAt } from "../core/routing/declared";
import { archiveApi } from "#contract/routes/archive";

const atAdmin = mountedAt("/api/admin");
const atArchives = mountedAt("/api/archives");

async function requireIssue(c: Context<AppEnv>, at: { year: number; volume: number; issue: number }): Promise<void> {
  if (!(await findIssue(c.get("db"), c.get("journal").id, at.year, at.volume, at.issue))) throw new HttpError(404, "issue_not_found");
}

/** Mounted under /api/admin, behind its requireAdmin. */
export const articlesAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.articles))
  .post(atAdmin(archiveApi.addArticle), limitUploadBody, async (c) => {
    const { fields, files } = await readFormBody(c);
    const input = validated(articleAddSchema, articleFormFieldsOf(fields));
    const upload = uploadOf(files.pdfFile);
    if (!upload) throw new HttpError(400, "missing_file");
    const pdf = await readPdfUpload(upload);
    await requireIssue(c, input);
    const row = await addArticle(c, input, pdf);
    return c.json({ article: toAdminArticle(row), warnings: await documentWarnings(row) } satisfies ArticleSaved, 201);
  })
  .get(atAdmin(archiveApi.adminArticle), async (c) => {
    const row = await findArticle(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!row) throw notFound();
    return c.json(toAdminArticle(row) satisfies AdminArticle);
  })
  // Enables or disables the article from the issue table (issue 26 item 4): { status } -> the article.
  .post(atAdmin(archiveApi.articleStatus), limitJsonBody, jsonContent, jsonBody(articleStatusSchema), async (c) => {
    const db = c.get("db");
    const actor = actorOf(c);
    const old = await findArticle(db, actor.journalId, idOf(c.req.param("id")));
    if (!old) throw notFound();
    const { status } = c.req.valid("json");
    const after = afterAdminWrite(
      db,
      actor,
      { action: "article.status", entity: "article", entityId: old.id, summary: `${old.refnumber ?? ""} → ${status}`.trim() },
      { ifChanged: true },
    );
    const row = await setArticleStatus(db, actor.journalId, old.id, status, actor.username, after);
    if (!row) throw notFound();
    return c.json(toAdminArticle(row) satisfies AdminArticle);
  })
  // Deletes the article and its PDF: 204, or 404 when it is not the journal's.
  .delete(atAdmin(archiveApi.deleteArticle), async (c) => {
    const row = await findArticle(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!row) throw notFound();
    await removeArticle(c, row);
    return c.body(null, 204);
  })
  .get(atAdmin(archiveApi.adminSearch), async (c) => {
    const { q, page } = searchParams(c);
    const body: AdminSearchResults = toAdminSearchResults(await searchAllArticles(c.get("db"), c.get("journal").id, q, page));
    return c.json(body);
  });

/** Mounted at /api/archives next to the public reads: only its POSTs need (and get) the admin guard. */
export const articleEditRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.articles))
  .post(atArchives(archiveApi.editArticle), limitUploadBody, async (c) => {
    const old = await findArticle(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!old) throw notFound();
    const { fields, files } = await readFormBody(c);
    const input = validated(articleEditSchema, { ...articleFormOf(old), ...articleFormFieldsOf(fields) });
    const upload = uploadOf(files.pdfFile);
    const pdf = upload ? await readPdfUpload(upload) : null;
    if (input.year !== old.year || input.volume !== old.volume || input.issue !== old.issue) await requireIssue(c, input);
    // The stamp the form loaded (optimistic concurrency): a save over a newer version is 409 stale_edit.
    const stamp = typeof fields.modification === "string" && fields.modification ? fields.modification : old.modification;
    const row = await editArticle(c, old, input, pdf, stamp);
    return c.json({ article: toAdminArticle(row), warnings: await documentWarnings(row) } satisfies ArticleSaved);
  });
