// Staff side of the workflow (issue 36), mounted once under /api/admin behind requireAdmin (a role guard can be
// added to this one router): manuscripts and their stages, reviewers, decisions and letters, publishing, the
// outbox, replies that matched nothing, the workflow's settings and figures.
import { Hono, type Context } from "hono";
import { and, eq, isNull } from "drizzle-orm";
import type { AppEnv } from "../core/env";
import { HttpError, notFound } from "../core/errors";
import { idOf } from "../core/middleware/params";
import { jsonContent } from "../core/middleware/json-body";
import { limitJsonBody, limitUploadBody } from "../core/middleware/body-size";
import { fileKeys, isSafeFileName, versionedName } from "../core/files/keys";
import { serveR2Object } from "../core/files/serve";
import { putNewObject } from "../core/files/commit-with-object";
import { accessLinks, manuscriptFiles } from "../core/data/schema";
import { submissionFieldsSchema } from "#contract/submission";
import {
  ASSIGNMENT_RULES,
  decisionSchema,
  DECISIONS,
  inviteReviewerSchema,
  authorMessageSchema,
  isStage,
  STAGES,
  letterTemplateSchema,
  publishedSchema,
  REVIEW_STATUS,
  reviewerSchema,
  stageMoveSchema,
  STAGE_RULES,
  workflowSettingsSchema,
  type Decision,
  type ManuscriptDetail,
  type ReviewerEntry,
  type UnmatchedPage,
  unmatchedQuerySchema,
  outboxQuerySchema,
  type OutboxPage,
} from "#contract/workflow";
import { zValidator } from "@hono/zod-validator";
import { unmatchedPage } from "./mail-inbound.repo";
import {
  adoptSubmissions,
  countByStage,
  createManuscript,
  findManuscript,
  listAssignments,
  listDiscussion,
  listEvents,
  listFiles,
  listManuscripts,
} from "./manuscripts.repo";
import { findOutbox, outboxPage, enqueue, requeueFailed } from "./mail-outbox.repo";
import { listJournalAssignments, listReviewers, upsertReviewer } from "./reviewers.repo";
import { addReviewCopy, reissueTrackingLink } from "./workflow";
import {
  acknowledge,
  draftLetter,
  inviteReviewer,
  markPublished,
  messageAuthor,
  moveWithoutLetter,
  recordDecision,
  reviewMailDraft,
  revokeAssignment,
} from "./workflow";
import { staffActor, workflowBody, workflowCtx } from "./workflow-context";
import {
  daysBetween,
  median,
  toAssignmentEntry,
  toDiscussionEntry,
  toFileEntry,
  toManuscriptSummary,
  toOutboxMessage,
  toTimelineEntry,
} from "./workflow-answers";
import { saveTemplate, templateFor } from "./letter-templates.repo";
import { workflowFigures } from "./figures";
import { readWorkflowSettings, saveWorkflowSettings } from "./workflow-settings.repo";
import { newReference } from "./submissions.routes";
import { findSubmission } from "./submissions.repo";
import { toSubmittedDetails } from "./submission-answers";
import { nowIso } from "../core/data/db";
import { afterAdminWrite, recordAdminWrite, type AdminEvent } from "../core/audit/admin-events.repo";
import { fileUnsectionedArticle } from "../archive/sections.repo";
import { actorOf } from "../core/audit/admin-actor";
import { pdfFrom } from "./pdf-upload";
import { noteUnreadFiles } from "./review-copies";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { mountedAt } from "../core/routing/declared";
import { workflowApi } from "#contract/routes/workflow";

const at = mountedAt("/api/admin");

/**
 * Every staff action of the workflow is in the journal's history too (admin_events, the dashboard's Recent changes),
 * beside the manuscript's own timeline. Not a content change (no public page moves) but for the mail settings, whose
 * public-figures switch shows or hides the figures on /instructions.
 */
async function audit(c: Context<AppEnv>, action: `manuscript.${string}`, entityId: number | null, summary: string, content = false) {
  await recordAdminWrite(c.get("db"), actorOf(c), { action, entity: "manuscript", entityId: entityId ?? 0, summary }, { content });
}

async function manuscriptOf(c: Context<AppEnv>) {
  const m = await findManuscript(c.get("db"), c.get("journal").id, idOf(c.req.param("id")));
  if (!m) throw notFound();
  return m;
}

async function detailOf(c: Context<AppEnv>, id: number): Promise<ManuscriptDetail> {
  const db = c.get("db");
  const m = await findManuscript(db, c.get("journal").id, id);
  if (!m) throw notFound();
  await noteUnreadFiles(db, c.var.files, await listFiles(db, m.id));
  const [events, files, discussion, assignments, overdueRows] = await Promise.all([
    listEvents(db, m.id),
    listFiles(db, m.id),
    listDiscussion(db, m.id),
    listAssignments(db, m.id),
    listManuscripts(db, m.journalId, { q: m.reference }),
  ]);
  const links = await db
    .select()
    .from(accessLinks)
    .where(and(eq(accessLinks.journalId, m.journalId), isNull(accessLinks.revokedAt)));
  const now = nowIso();
  const live = (purpose: string, subject: number) =>
    links.find((l) => l.purpose === purpose && l.subjectId === subject && l.expiresAt > now);
  const track = live("track", m.id);
  const reviewFiles = files.filter((f) => f.kind === "review");
  const submission = m.submissionId ? await findSubmission(db, m.journalId, m.submissionId) : undefined;
  return {
    ...toManuscriptSummary({ ...m, overdue: overdueRows.find((r) => r.id === m.id)?.overdue ?? 0 }),
    phone: m.phone,
    address: m.address,
    sectionId: m.sectionId,
    submitted: submission ? toSubmittedDetails(submission) : null,
    publishedAt: m.publishedAt,
    firstDecisionAt: m.firstDecisionAt,
    allowed: [...STAGE_RULES[m.stage].next],
    timeline: events.map(toTimelineEntry),
    discussion: discussion.map(toDiscussionEntry),
    files: files.map(toFileEntry),
    reviews: assignments.map(({ a, r }) =>
      toAssignmentEntry(a, r, Boolean(live("review", a.id)), a.file ? (reviewFiles.find((f) => f.file === a.file)?.id ?? null) : null),
    ),
    trackingLink: track ? { active: true, expiresAt: track.expiresAt } : null,
  };
}

const textOf = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
};

async function formOf(c: Context<AppEnv>): Promise<FormData> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) throw new HttpError(400, "invalid_input");
  try {
    return await c.req.formData();
  } catch {
    throw new HttpError(400, "invalid_input");
  }
}

/** The sender address and the letter templates are what every author reads: the manager's (issue 48 item 9). */
const managerOnly = requireRole(AREA_ROLES.letters);

export const workflowAdminRoutes = new Hono<AppEnv>()
  .use("*", requireRole(AREA_ROLES.submissions))
  // ---- manuscripts ----
  .get(at(workflowApi.manuscripts), async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    await adoptSubmissions(db, journalId);
    const stage = c.req.query("stage");
    if (stage && !isStage(stage)) throw new HttpError(400, "invalid_stage");
    const rows = await listManuscripts(db, journalId, {
      stage: stage && isStage(stage) ? stage : undefined,
      overdue: c.req.query("overdue") === "1" || c.req.query("overdue") === "true",
      q: c.req.query("q")?.slice(0, 200),
    });
    // Every stage, in the workflow's order (Copyediting and Production after Accepted), with its count (0 when empty).
    const counts = await countByStage(db, journalId);
    return c.json({
      manuscripts: rows.map(toManuscriptSummary),
      stages: STAGES,
      counts: Object.fromEntries(STAGES.map((s) => [s, counts[s] ?? 0])),
    });
  })
  .get(at(workflowApi.counts), async (c) => c.json(await countByStage(c.get("db"), c.get("journal").id)))
  // A manuscript that came by e-mail: the Submit Online fields and the PDF, added by staff.
  .post(at(workflowApi.addManuscript), limitUploadBody, async (c) => {
    const form = await formOf(c);
    const parsed = submissionFieldsSchema.safeParse({
      name: textOf(form, "name"),
      email: textOf(form, "email"),
      country: textOf(form, "country"),
      phone: textOf(form, "phone"),
      address: textOf(form, "address"),
      title: textOf(form, "title"),
    });
    if (!parsed.success)
      throw new HttpError(400, "invalid_input", { fields: [...new Set(parsed.error.issues.map((i) => String(i.path[0])))] });
    const bytes = (await pdfFrom(form, "pdfFile", true))!;
    const journal = c.get("journal");
    const reference = newReference();
    const stored = versionedName(reference, "pdf");
    await putNewObject(c.var.files, fileKeys.submission(journal.id, stored), bytes, "application/pdf");
    const f = parsed.data;
    const m = await createManuscript(
      c.get("db"),
      {
        journalId: journal.id,
        reference,
        title: f.title,
        authorName: f.name,
        authorEmail: f.email,
        country: f.country,
        phone: f.phone,
        address: f.address,
        source: "staff",
        file: stored,
        fileSize: bytes.byteLength,
      },
      staffActor(c),
    );
    if (!m) throw new HttpError(500, "internal_error");
    if (textOf(form, "notify") !== "no") await acknowledge(workflowCtx(c, staffActor(c)), m);
    await audit(c, "manuscript.add", m.id, `${m.reference} ${m.title}`);
    return c.json(await detailOf(c, m.id), 201);
  })
  .get(at(workflowApi.manuscript), async (c) => c.json(await detailOf(c, idOf(c.req.param("id")))))
  .get(at(workflowApi.manuscriptFile), async (c) => {
    const m = await manuscriptOf(c);
    const [f] = await c
      .get("db")
      .select()
      .from(manuscriptFiles)
      .where(and(eq(manuscriptFiles.manuscriptId, m.id), eq(manuscriptFiles.id, idOf(c.req.param("fileId")))))
      .limit(1);
    if (!f || !isSafeFileName(f.file)) throw notFound();
    const res = await serveR2Object(c, fileKeys.submission(m.journalId, f.file), { cacheControl: "private, no-store" });
    const name = `${m.reference}-${f.kind}-round${f.round}.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
    res.headers.set("Content-Disposition", `attachment; filename="${name}"`);
    return res;
  })
  // The editor's anonymised file for review: reviewers of the current round receive it instead of the author's file.
  .post(at(workflowApi.reviewFile), limitUploadBody, async (c) => {
    const m = await manuscriptOf(c);
    const form = await formOf(c);
    if (!["received", "under_review"].includes(m.stage)) throw new HttpError(409, "review_file_closed");
    const bytes = (await pdfFrom(form, "pdfFile", true))!;
    const stored = versionedName(`${m.reference}-review-copy-r${m.round}`, "pdf");
    await putNewObject(c.var.files, fileKeys.submission(m.journalId, stored), bytes, "application/pdf");
    await addReviewCopy(workflowCtx(c, staffActor(c)), m, { name: stored, size: bytes.byteLength });
    await audit(c, "manuscript.review_file", m.id, `${m.reference}: file for review, round ${m.round}`);
    return c.json(await detailOf(c, m.id), 201);
  })
  .post(at(workflowApi.stage), jsonContent, limitJsonBody, workflowBody(stageMoveSchema), async (c) => {
    const m = await manuscriptOf(c);
    const { to, note } = c.req.valid("json");
    await moveWithoutLetter(workflowCtx(c, staffActor(c)), m, to, note);
    await audit(c, "manuscript.stage", m.id, `${m.reference} to ${to.replace("_", " ")}`);
    return c.json(await detailOf(c, m.id));
  })
  // The author's link: revoked, and a new one e-mailed (a forwarded or leaked link).
  .post(at(workflowApi.trackingLink), async (c) => {
    const m = await manuscriptOf(c);
    await reissueTrackingLink(workflowCtx(c, staffActor(c)), m);
    await audit(c, "manuscript.link", m.id, `${m.reference}: author's link replaced`);
    return c.json(await detailOf(c, m.id));
  })
  // The letter a decision would send, from the journal's template; staff edit it before sending.
  .get(at(workflowApi.letter), async (c) => {
    const m = await manuscriptOf(c);
    const decision = c.req.query("decision");
    if (!(DECISIONS as readonly string[]).includes(decision ?? "")) throw new HttpError(400, "invalid_decision");
    return c.json(await draftLetter(workflowCtx(c, staffActor(c)), m, decision as Decision));
  })
  .post(at(workflowApi.decision), jsonContent, limitJsonBody, workflowBody(decisionSchema), async (c) => {
    const m = await manuscriptOf(c);
    await recordDecision(workflowCtx(c, staffActor(c)), m, c.req.valid("json"));
    await audit(c, "manuscript.decision", m.id, `${m.reference}: ${c.req.valid("json").decision.replace("_", " ")}`);
    return c.json(await detailOf(c, m.id));
  })
  .get(at(workflowApi.invitation), async (c) => c.json(reviewMailDraft(c.get("journal"), await manuscriptOf(c), "invitation")))
  .post(at(workflowApi.messageAuthor), jsonContent, limitJsonBody, workflowBody(authorMessageSchema), async (c) => {
    const m = await manuscriptOf(c);
    await messageAuthor(workflowCtx(c, staffActor(c)), m, c.req.valid("json"));
    await audit(c, "manuscript.message", m.id, `${m.reference}: message to the author`);
    return c.json(await detailOf(c, m.id), 201);
  })
  .post(at(workflowApi.inviteReviewer), jsonContent, limitJsonBody, workflowBody(inviteReviewerSchema), async (c) => {
    const m = await manuscriptOf(c);
    const { assignment, reviewer } = await inviteReviewer(workflowCtx(c, staffActor(c)), m, c.req.valid("json"));
    await audit(c, "manuscript.invite", m.id, `${m.reference} (${reviewer.name})`);
    const detail = await detailOf(c, m.id);
    return c.json({ ...detail, invited: detail.reviews.find((r) => r.id === assignment.id) }, 201);
  })
  .post(at(workflowApi.revokeReview), async (c) => {
    const m = await manuscriptOf(c);
    const rows = await listAssignments(c.get("db"), m.id);
    const hit = rows.find((x) => x.a.id === idOf(c.req.param("assignmentId")));
    if (!hit) throw notFound();
    await revokeAssignment(workflowCtx(c, staffActor(c)), m, hit.a, hit.r.name);
    await audit(c, "manuscript.revoke", m.id, `${m.reference} (${hit.r.name})`);
    return c.json(await detailOf(c, m.id));
  })
  // The Add Article form opened by "Publish as article" saved the article: the manuscript is published.
  .post(at(workflowApi.published), jsonContent, limitJsonBody, workflowBody(publishedSchema), async (c) => {
    const m = await manuscriptOf(c);
    const published = await markPublished(workflowCtx(c, staffActor(c)), m, c.req.valid("json").refnumber);
    await audit(c, "manuscript.publish", m.id, `${m.reference} as ${c.req.valid("json").refnumber}`);
    // The article is filed under the manuscript's section (issue 48 item 2) unless staff already chose one.
    if (published.articleId && m.sectionId) {
      const event: AdminEvent = {
        action: "article.section",
        entity: "article",
        entityId: published.articleId,
        summary: `section ${m.sectionId}, from ${m.reference}`,
      };
      await fileUnsectionedArticle(
        c.get("db"),
        m.journalId,
        published.articleId,
        m.sectionId,
        afterAdminWrite(c.get("db"), actorOf(c), event, { ifChanged: true }),
      );
    }
    return c.json(await detailOf(c, m.id));
  })
  // ---- reviewers ----
  .get(at(workflowApi.reviewers), async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const [list, assignments] = await Promise.all([listReviewers(db, journalId), listJournalAssignments(db, journalId)]);
    const answer: ReviewerEntry[] = list.map((r) => {
      const mine = assignments.filter((x) => x.a.reviewerId === r.id);
      const done = mine.filter((x) => x.a.submittedAt);
      return {
        id: r.id,
        name: r.name,
        email: r.email,
        affiliation: r.affiliation,
        keywords: r.keywords,
        invitations: mine.length,
        accepted: mine.filter((x) => ASSIGNMENT_RULES[x.a.status].agreed).length,
        declined: mine.filter((x) => x.a.status === REVIEW_STATUS.declined).length,
        submitted: done.length,
        open: mine.filter((x) => ASSIGNMENT_RULES[x.a.status].open).length,
        medianTurnaroundDays: median(done.map((x) => daysBetween(x.a.invitedAt, x.a.submittedAt!))),
        history: mine.map((x) => ({
          manuscriptId: x.a.manuscriptId,
          reference: x.reference,
          round: x.a.round,
          status: x.a.status,
          invitedAt: x.a.invitedAt,
          submittedAt: x.a.submittedAt,
        })),
      };
    });
    return c.json({ reviewers: answer });
  })
  .post(at(workflowApi.addReviewer), jsonContent, limitJsonBody, workflowBody(reviewerSchema), async (c) => {
    const row = await upsertReviewer(c.get("db"), c.get("journal").id, c.req.valid("json"));
    return c.json({ id: row.id, name: row.name, email: row.email, affiliation: row.affiliation, keywords: row.keywords }, 201);
  })
  // ---- mail ----
  .get(
    at(workflowApi.outbox),
    zValidator("query", outboxQuerySchema, (result) => {
      if (!result.success) throw new HttpError(400, "invalid_input");
    }),
    async (c) => {
      const { manuscript, ...filter } = c.req.valid("query");
      const { rows, total } = await outboxPage(c.get("db"), c.get("journal").id, { ...filter, manuscriptId: manuscript });
      const end = filter.offset + rows.length;
      return c.json({ messages: rows.map(toOutboxMessage), total, next: end < total ? end : null } satisfies OutboxPage);
    },
  )
  .post(at(workflowApi.resend), async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const id = idOf(c.req.param("id"));
    if (!(await findOutbox(db, journalId, id))) throw notFound();
    if (!(await requeueFailed(db, journalId, id))) throw new HttpError(409, "not_failed");
    await enqueue(c.get("mailQueue"), [{ id, journalId }]);
    const row = await findOutbox(db, journalId, id);
    await audit(c, "manuscript.resend", row?.manuscriptId ?? null, row?.subject ?? "");
    return c.json(toOutboxMessage((await findOutbox(db, journalId, id))!));
  })
  .get(
    at(workflowApi.unmatched),
    zValidator("query", unmatchedQuerySchema, (result) => {
      if (!result.success) throw new HttpError(400, "invalid_input");
    }),
    async (c) => {
      // This journal's replies that matched no manuscript, newest first, filtered and paged in the query: a flood of
      // junk fills pages, never hides the newest (docs/decisions/0303).
      const { before, limit } = c.req.valid("query");
      const page = await unmatchedPage(c.get("db"), c.get("journal").id, { before, limit });
      return c.json({ messages: page.rows.map(toDiscussionEntry), next: page.next } satisfies UnmatchedPage);
    },
  )
  // ---- letters and settings (the manager's), figures ----
  .get(at(workflowApi.templates), managerOnly, async (c) => {
    const journalId = c.get("journal").id;
    const all = await Promise.all(DECISIONS.map(async (d) => ({ decision: d, ...(await templateFor(c.get("db"), journalId, d)) })));
    return c.json({ templates: all });
  })
  .put(at(workflowApi.saveTemplate), managerOnly, jsonContent, limitJsonBody, workflowBody(letterTemplateSchema), async (c) => {
    const decision = c.req.param("decision");
    if (!(DECISIONS as readonly string[]).includes(decision)) throw new HttpError(400, "invalid_decision");
    await saveTemplate(c.get("db"), c.get("journal").id, decision as Decision, c.req.valid("json"));
    await audit(c, "manuscript.letters", null, `letter: ${decision.replace("_", " ")}`);
    return c.json({ decision, ...(await templateFor(c.get("db"), c.get("journal").id, decision as Decision)) });
  })
  .get(at(workflowApi.settings), managerOnly, async (c) => c.json(await readWorkflowSettings(c.get("db"), c.get("journal").id)))
  .put(at(workflowApi.saveSettings), managerOnly, jsonContent, limitJsonBody, workflowBody(workflowSettingsSchema), async (c) => {
    await saveWorkflowSettings(c.get("db"), c.get("journal").id, c.req.valid("json"));
    await audit(c, "manuscript.letters", null, "mail settings", true);
    return c.json(await readWorkflowSettings(c.get("db"), c.get("journal").id));
  })
  .get(at(workflowApi.figures), async (c) => c.json(await workflowFigures(c.get("db"), c.get("journal").id)));
