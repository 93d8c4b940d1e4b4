// Production staff's side of the workflow (issue 48 item 3), guarded for the production role and up: the accepted
// manuscripts and after (never those in review, never reviewers' names), and sending the author a file to check —
// the copyedited manuscript in Copyediting, the proofs in Production — through the author's tracking link.
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError, notFound } from "../core/errors";
import { idOf } from "../core/middleware/params";
import { limitUploadBody } from "../core/middleware/body-size";
import { fileKeys, versionedName } from "../core/files/keys";
import { putNewObject } from "../core/files/commit-with-object";
import { STAGE_RULES, stagesWhere } from "#contract/workflow";
import { AREA_ROLES } from "#contract/roles";
import { requireRole } from "../auth/admin-guard";
import { mountedAt } from "../core/routing/declared";
import { workflowApi } from "#contract/routes/workflow";
import { findManuscript, listManuscripts } from "./manuscripts.repo";
import { toManuscriptSummary } from "./workflow-answers";
import { pdfFrom } from "./pdf-upload";
import { sendForAuthorCheck } from "./author-checks";
import { staffActor, workflowCtx } from "./workflow-context";

const at = mountedAt("/api/admin");

export const productionAdminRoutes = new Hono<AppEnv>()
  .use("/production/*", requireRole(AREA_ROLES.production))
  .get(at(workflowApi.productionList), async (c) => {
    const stages = stagesWhere((r) => r.productionSees);
    const rows = (await Promise.all(stages.map((stage) => listManuscripts(c.get("db"), c.get("journal").id, { stage })))).flat();
    rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return c.json({ stages, manuscripts: rows.map(toManuscriptSummary) });
  })
  .post(at(workflowApi.authorCheck), limitUploadBody, async (c) => {
    const m = await findManuscript(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
    if (!m || !STAGE_RULES[m.stage].productionSees) throw notFound();
    const what = STAGE_RULES[m.stage].authorChecks;
    if (!what) throw new HttpError(409, "no_author_check");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "invalid_input");
    }
    const note = String(form.get("note") ?? "")
      .trim()
      .slice(0, 5000);
    const bytes = (await pdfFrom(form, "pdfFile", true))!;
    const name = versionedName(`${m.reference}-${what}`, "pdf");
    await putNewObject(c.var.files, fileKeys.submission(m.journalId, name), bytes, "application/pdf");
    await sendForAuthorCheck(workflowCtx(c, staffActor(c)), m, what, { name, size: bytes.byteLength }, note);
    return c.json({ ok: true, kind: what }, 201);
  });
