// Staff issue calls, mounted under /api/admin (behind its requireAdmin):
//   GET /archives/ (issue list), POST /create-issue, GET /archives/{year}/{vol}/{issue} (articles of any status);
//   an issue's details after it was made (docs/decisions/0261-issue-covers-and-edits.md): GET /issues/{year}/{vol}/{issue},
//   POST /issues/{id} (title, description, date, the cover's text), POST /issues/{id}/cover (multipart coverFile,
//   the editor-picture checks, a fresh object name), DELETE /issues/{id}/cover; POST /issues/{id}/publication
//   (publish, unpublish, schedule: docs/decisions/0383).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { HttpError } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { digitsOf } from "../core/middleware/params";
import { limitJsonBody } from "../core/middleware/body-size";
import { jsonBody, jsonContent } from "../core/middleware/json-body";
import { createIssueSchema } from "#contract/admin";
import { adminIssueSchema, type AdminIssueArticles } from "#contract/api";
import { listIssueArticlesAll } from "./articles.repo";
import { toAdminListItem } from "./article-answers";
import {
  findIssue,
  findIssueByCover,
  findIssueById,
  insertIssue,
  listIssuesWithCounts,
  setIssuePublication,
  updateIssueDetails,
} from "./issues.repo";
import { nowIso } from "../core/data/db";
import { idOf } from "../core/middleware/params";
import { limitUploadBody } from "../core/middleware/body-size";
import { readFormBody } from "../core/middleware/form-body";
import { deleteFileQuietly, readImageUpload, uploadOf } from "../core/files/uploads";
import { commitWithObject, putNewObject } from "../core/files/commit-with-object";
import { fileKeys, filePaths } from "../core/files/keys";
import type { IssueRow } from "../core/data/schema";
import { ISSUE_STATUS, issueEditSchema, issuePublicationSchema, type IssueDetails } from "#contract/issues";
import { issueLabel } from "#contract/citation";
import { mountedAt } from "../core/routing/declared";
import { archiveApi } from "#contract/routes/archive";

const at = mountedAt("/api/admin");

const detailsOf = (r: IssueRow): IssueDetails => ({
  id: r.id,
  year: r.year,
  volume: r.volume,
  issue: r.issue,
  title: r.title,
  description: r.description,
  publishedAt: r.publishedAt,
  coverUrl: r.cover ? filePaths.issueCover(r.cover) : "",
  coverAlt: r.coverAlt,
  status: r.status,
  publishOn: r.publishOn,
});

async function issueOf(c: Context<AppEnv>): Promise<IssueRow> {
  const row = await findIssueById(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

export const issuesAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.issues))
  .get(at(archiveApi.adminIssues), async (c) =>
    c.json((await listIssuesWithCounts(c.get("db"), c.get("journal").id)).map((row) => adminIssueSchema.parse(row))),
  )
  .post(at(archiveApi.createIssue), limitJsonBody, jsonContent, jsonBody(createIssueSchema), async (c) => {
    const input = c.req.valid("json");
    const db = c.get("db");
    const actor = actorOf(c);
    const summary = `Vol. ${input.volume}, Issue ${input.issue} (${input.year})${input.title ? `: ${input.title}` : ""}`;
    const row = await insertIssue(
      db,
      actor.journalId,
      // Staff build a new issue before readers see it (issue 48 item 8, docs/decisions/0383).
      { ...input, publishedAt: input.publishedAt || null, status: ISSUE_STATUS.draft },
      afterAdminWrite(db, actor, { action: "issue.create", entity: "issue", summary }),
    );
    if (!row) throw new HttpError(409, "duplicate_issue");
    const { journalId: _journal, ...issue } = row;
    return c.json({ issue: { ...issue, articles: 0 } }, 201);
  })
  .get(at(archiveApi.adminIssue), async (c) => {
    const [year, volume, issue] = [digitsOf(c.req.param("year")), digitsOf(c.req.param("vol")), digitsOf(c.req.param("issue"))];
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const [rows, found] = await Promise.all([
      listIssueArticlesAll(db, journalId, year, volume, issue),
      findIssue(db, journalId, year, volume, issue),
    ]);
    if (!found && rows.length === 0) throw new HttpError(404, "issue_not_found");
    // Each row with its section (issue 37 item 5), which the staff table lets them change.
    const body: AdminIssueArticles = {
      year,
      volume,
      issue,
      articles: rows.map((r) => ({ ...toAdminListItem(r), section_id: r.sectionId })),
    };
    return c.json(body);
  })
  .get(at(archiveApi.issueDetails), async (c) => {
    const [year, volume, issue] = [digitsOf(c.req.param("year")), digitsOf(c.req.param("vol")), digitsOf(c.req.param("issue"))];
    const found = await findIssue(c.get("db"), c.get("journal").id, year, volume, issue);
    if (!found) throw new HttpError(404, "issue_not_found");
    return c.json({ issue: detailsOf(found) });
  })
  .post(at(archiveApi.editIssue), limitJsonBody, jsonContent, jsonBody(issueEditSchema), async (c) => {
    const old = await issueOf(c);
    const input = c.req.valid("json");
    const db = c.get("db");
    const actor = actorOf(c);
    const set = Object.fromEntries(
      Object.entries({ ...input, ...(input.publishedAt !== undefined ? { publishedAt: input.publishedAt || null } : {}) }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    // Nothing this call may change was sent (volume, number and year are not editable): the issue as it is.
    if (Object.keys(set).length === 0) return c.json({ issue: detailsOf(old) });
    const row = await updateIssueDetails(
      db,
      actor.journalId,
      old.id,
      set,
      afterAdminWrite(
        db,
        actor,
        { action: "issue.edit", entity: "issue", entityId: old.id, summary: issueLabel(old) },
        { ifChanged: true },
      ),
    );
    if (!row) throw new HttpError(404, "not_found");
    return c.json({ issue: detailsOf(row) });
  })
  .post(at(archiveApi.issuePublication), limitJsonBody, jsonContent, jsonBody(issuePublicationSchema), async (c) => {
    const old = await issueOf(c);
    const input = c.req.valid("json");
    const today = nowIso().slice(0, 10);
    const publishOn = input.status === ISSUE_STATUS.scheduled ? input.publishOn : null;
    if (publishOn !== null && publishOn <= today) throw new HttpError(400, "publish_on_not_future");
    const db = c.get("db");
    const actor = actorOf(c);
    const { action, what } = {
      published: { action: "issue.publish", what: "published" },
      draft: { action: "issue.unpublish", what: "unpublished" },
      scheduled: { action: "issue.schedule", what: `to be published on ${publishOn}` },
    }[input.status];
    const row = await setIssuePublication(
      db,
      actor.journalId,
      old.id,
      { status: input.status, publishOn, today },
      // The audit line bumps the journal's content version in this same batch: the edge cache's copies of the
      // archive, the issue and its articles' pages go stale at once (docs/decisions/0110), as for any issue edit.
      afterAdminWrite(
        db,
        actor,
        { action: action as `issue.${string}`, entity: "issue", entityId: old.id, summary: `${issueLabel(old)}: ${what}` },
        { ifChanged: true },
      ),
    );
    if (!row) throw new HttpError(404, "not_found");
    return c.json({ issue: detailsOf(row) });
  })
  .post(at(archiveApi.issueCover), limitUploadBody, async (c) => {
    const old = await issueOf(c);
    const { fields, files } = await readFormBody(c);
    const file = uploadOf(files.coverFile);
    if (!file) throw new HttpError(400, "cover_required");
    const alt = fields.coverAlt === undefined ? {} : issueEditSchema.pick({ coverAlt: true }).safeParse({ coverAlt: fields.coverAlt });
    if ("success" in alt && !alt.success) throw new HttpError(400, "invalid_input");
    // The editor-picture checks (type by content, 2 MB), then a name no object has had: the row switches to it.
    const checked = await readImageUpload(file);
    const db = c.get("db");
    const actor = actorOf(c);
    const cover = `${crypto.randomUUID()}.${checked.extension}`;
    const key = fileKeys.issueCover(actor.journalId, cover);
    await putNewObject(c.var.files, key, checked.bytes, checked.contentType);
    const row = await commitWithObject(
      c.var.files,
      key,
      async () => {
        const written = await updateIssueDetails(
          db,
          actor.journalId,
          old.id,
          { cover, ...("data" in alt && alt.data ? alt.data : {}) },
          afterAdminWrite(db, actor, {
            action: "issue.cover",
            entity: "issue",
            entityId: old.id,
            summary: `${issueLabel(old)}: new cover`,
          }),
        );
        if (!written) throw new HttpError(404, "not_found");
        return written;
      },
      () => findIssueByCover(db, actor.journalId, cover),
    );
    if (old.cover) await deleteFileQuietly(c.var.files, fileKeys.issueCover(actor.journalId, old.cover));
    return c.json({ issue: detailsOf(row) });
  })
  .delete(at(archiveApi.deleteIssueCover), async (c) => {
    const old = await issueOf(c);
    if (!old.cover) return c.json({ issue: detailsOf(old) });
    const db = c.get("db");
    const actor = actorOf(c);
    const row = await updateIssueDetails(
      db,
      actor.journalId,
      old.id,
      { cover: "" },
      afterAdminWrite(db, actor, {
        action: "issue.cover",
        entity: "issue",
        entityId: old.id,
        summary: `${issueLabel(old)}: cover removed`,
      }),
    );
    if (!row) throw new HttpError(404, "not_found");
    // The row names it no more: now the object.
    await deleteFileQuietly(c.var.files, fileKeys.issueCover(actor.journalId, old.cover));
    return c.json({ issue: detailsOf(row) });
  });
