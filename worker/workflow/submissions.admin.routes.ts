// Staff reading the Submit Online manuscripts, under /api/admin/submissions (behind the admin router's guard).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { notFound } from "../core/errors";
import { idOf } from "../core/middleware/params";
import { fileKeys, isSafeFileName } from "../core/files/keys";
import { serveR2Object } from "../core/files/serve";
import { findSubmission, listSubmissions } from "./submissions.repo";
import { toSubmission } from "./submission-answers";
import { mountedAt } from "../core/routing/declared";
import { workflowApi } from "#contract/routes/workflow";

const at = mountedAt("/api/admin/submissions");

export const submissionsAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.submissions))
  .get(at(workflowApi.submissions), async (c) => c.json((await listSubmissions(c.get("db"), c.get("journal").id)).map(toSubmission)))
  .get(at(workflowApi.submission), async (c) => {
    const row = await findSubmission(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!row) throw notFound();
    return c.json(toSubmission(row));
  })
  .get(at(workflowApi.submissionFile), async (c) => {
    const row = await findSubmission(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!row || !isSafeFileName(row.file)) throw notFound();
    const res = await serveR2Object(c, fileKeys.submission(row.journalId, row.file), { cacheControl: "private, no-store" });
    const name = `${row.reference}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
    res.headers.set("Content-Disposition", `attachment; filename="${name}"`);
    return res;
  });
