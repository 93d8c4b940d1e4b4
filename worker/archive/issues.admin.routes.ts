// Staff issue calls, mounted under /api/admin (behind its requireAdmin):
//   GET /archives/ (issue list), POST /create-issue, GET /archives/{year}/{vol}/{issue} (articles of any status).
import { Hono } from "hono";
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
import { findIssue, insertIssue, listIssuesWithCounts } from "./issues.repo";
import { mountedAt } from "../core/routing/declared";
import { archiveApi } from "#contract/routes/archive";

const at = mountedAt("/api/admin");

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
      { ...input, publishedAt: input.publishedAt || null },
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
  });
