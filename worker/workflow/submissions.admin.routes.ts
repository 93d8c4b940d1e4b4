// Staff reading the Submit Online manuscripts, under /api/admin/submissions (behind the admin router's guard).
import { Hono, type Context } from "hono";
import type { SubmissionRow } from "../core/data/schema";
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
    return serveSubmissionFile(c, row, row?.file ?? null, "pdf");
  })
  // The Word file the author sent beside the PDF (issue 48 item 2): for staff only, as the author sent it.
  .get(at(workflowApi.submissionSource), async (c) => {
    const row = await findSubmission(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    return serveSubmissionFile(c, row, row?.sourceFile ?? null, "docx");
  });

/** A submission's stored file, downloaded under its reference (never the uploader's file name), never cached. */
async function serveSubmissionFile(c: Context<AppEnv>, row: SubmissionRow | undefined, file: string | null, ext: "pdf" | "docx") {
  if (!row || !file || !isSafeFileName(file)) throw notFound();
  const res = await serveR2Object(c, fileKeys.submission(row.journalId, file), { cacheControl: "private, no-store" });
  const name = `${row.reference}.${ext}`.replace(/[^A-Za-z0-9._-]/g, "_");
  res.headers.set("Content-Disposition", `attachment; filename="${name}"`);
  res.headers.set("X-Content-Type-Options", "nosniff");
  return res;
}
