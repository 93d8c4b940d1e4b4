// What happens to a manuscript (issue 36): every move and rule reads the stage table (contract/workflow.ts STAGE_RULES),
// is recorded on the timeline (who, when, from, to, the letter) and writes its messages to the outbox. Staff,
// reviewers (signed links) and authors (signed links) all act through these functions.
import { refuseOwnAuthor } from "./reviewer-conflicts";
import type { Db } from "../core/env";
import type { JournalRow, ManuscriptRow, ReviewAssignmentRow, ReviewerRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { nowIso } from "../core/data/db";
import {
  ASSIGNMENT_RULES,
  assignmentStatusesWhere,
  canMove,
  DECISION_RULES,
  decisionsFrom,
  REVIEW_STATUS,
  type STAFF_MOVES,
  STAGE_LABELS,
  STAGE_RULES,
  RECOMMENDATION_LABELS,
  type AuthorMessageInput,
  type Decision,
  type DecisionInput,
  type InvitationAnswer,
  type InviteReviewerInput,
  type Recommendation,
  type Stage,
} from "#contract/workflow";
import { articlePath } from "#contract/citation";
import { ACKNOWLEDGEMENT_WINDOW_MS, ACKNOWLEDGEMENTS_PER_ADDRESS } from "#contract/submission";
import { findPublicArticleByRef } from "../archive/articles.repo";
import { addEvent, addFile, authorReplyToken, listAssignments, moveStage } from "./manuscripts.repo";
import { queueMail, type Mail, type RecipientCap } from "./mail-outbox.repo";
import { addDays, linkFor, linkUrl, REVIEW_LINK_GRACE_DAYS, revokeLinks, tokenOf, TRACK_LINK_DAYS } from "./links";
import { insertAssignment, submittedReviews, updateAssignment, upsertReviewer } from "./reviewers.repo";
import { fillLetter, reviewerCommentsText, templateFor } from "./letter-templates.repo";
import { reviewCancelledText } from "./letter-text";
import { headerText } from "./mail-headers";
import { feeFallsDue } from "../payments/invoice-letters";

export interface WorkflowCtx {
  db: Db;
  queue?: Queue;
  journal: JournalRow;
  /** https://host of the journal the links point to (the request's own, or the journal's primary host). */
  origin: string;
  /** The Worker's secret the link MACs derive from. */
  secret: string;
  /** "staff:<username>", "author", "reviewer:<id>", "system". */
  actor: string;
}

/** The timeline's action when an acknowledgement was not written because its address reached the cap. */
export const ACKNOWLEDGEMENT_CAPPED = "acknowledgement_capped";

const journalName = (j: JournalRow) => j.websitename || "the journal";

export async function trackingLink(ctx: WorkflowCtx, m: ManuscriptRow): Promise<string> {
  const link = await linkFor(ctx.db, m.journalId, "track", m.id, addDays(nowIso(), TRACK_LINK_DAYS));
  return linkUrl(ctx.origin, "track", await tokenOf(ctx.secret, link));
}

const signature = (j: JournalRow) => `\n\n--\n${journalName(j)}\nReply to this e-mail to write to the editorial office.`;

async function mailAuthor(ctx: WorkflowCtx, m: ManuscriptRow, kind: string, subject: string, body: string, cap?: RecipientCap) {
  const track = await trackingLink(ctx, m);
  const text = `${body}\n\nFollow your manuscript (stage, letters, reviewers' comments, revisions): ${track}${signature(ctx.journal)}`;
  const [row] = await queueMail(
    ctx.db,
    ctx.queue,
    ctx.journal,
    [{ manuscriptId: m.id, kind, to: m.authorEmail, toName: m.authorName, subject, text, replyToken: authorReplyToken(m) }],
    cap,
  );
  return row;
}

/**
 * The author's link was forwarded or leaked: it stops working at once, and the author gets a new one (a new row, so a
 * new token) by e-mail.
 */
export async function reissueTrackingLink(ctx: WorkflowCtx, m: ManuscriptRow): Promise<void> {
  await revokeLinks(ctx.db, m.journalId, "track", m.id);
  const out = await mailAuthor(
    ctx,
    m,
    "tracking_link",
    `${m.reference}: a new link to your manuscript`,
    `Dear ${m.authorName},\n\nAt your request (or for your security) the link to the page of your manuscript "${m.title}" (${m.reference}) has been replaced. The old link no longer works; please use the one below.`,
  );
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "tracking_link",
    summary: "Author's link revoked; a new one e-mailed",
    outboxId: out?.id,
  });
}

/** For the workflow's other modules (author checks): a message to the author with the tracking link. */
export const mailAuthorAbout = (ctx: WorkflowCtx, m: ManuscriptRow, kind: string, subject: string, body: string) =>
  mailAuthor(ctx, m, kind, subject, body);
/** For the workflow's other modules: a message to the journal's office. */
export const mailOfficeAbout = (ctx: WorkflowCtx, m: ManuscriptRow, kind: string, subject: string, body: string) =>
  mailOffice(ctx, m, kind, subject, body);

/** The journal's office (the Settings e-mail) hears of what authors and reviewers do. */
async function mailOffice(ctx: WorkflowCtx, m: ManuscriptRow, kind: string, subject: string, body: string) {
  const to = ctx.journal.websiteemail;
  if (!to) return;
  const text = `${body}\n\nOpen it in the admin: ${ctx.origin}/admin/manuscripts/${m.id}`;
  await queueMail(ctx.db, ctx.queue, ctx.journal, [{ manuscriptId: m.id, kind, to, subject, text }]);
}

/** On submission: the author's acknowledgement with the reference and the tracking link; the office is told. */
export async function acknowledge(ctx: WorkflowCtx, m: ManuscriptRow): Promise<void> {
  const body = `Dear ${m.authorName},

Thank you for submitting your manuscript "${m.title}" to ${journalName(ctx.journal)}.
Your reference is ${m.reference}. Please quote it in any message about this manuscript.

We will write to you when the editors have read it.`;
  // Anyone can type any address into Submit Online: one address gets only so many acknowledgements (decision 0301).
  const cap =
    m.source === "online"
      ? { since: new Date(Date.now() - ACKNOWLEDGEMENT_WINDOW_MS).toISOString(), max: ACKNOWLEDGEMENTS_PER_ADDRESS }
      : undefined;
  const row = await mailAuthor(ctx, m, "acknowledgement", `${m.reference}: manuscript received`, body, cap);
  if (row)
    await addEvent(ctx.db, m, { actor: "system", action: "mail", summary: `Acknowledgement e-mailed to the author`, outboxId: row.id });
  else
    await addEvent(ctx.db, m, {
      actor: "system",
      action: ACKNOWLEDGEMENT_CAPPED,
      summary: `Acknowledgement not e-mailed: ${m.authorEmail} already had ${ACKNOWLEDGEMENTS_PER_ADDRESS} from this journal in the last 24 hours`,
    });
  await mailOffice(ctx, m, "office.new", `New manuscript ${m.reference}`, `A new manuscript arrived: "${m.title}" (${m.reference}).`);
  // Journals that charge at submission (issue 49): the invoice follows the acknowledgement.
  await feeFallsDue(ctx, m, "submission");
}

async function move(ctx: WorkflowCtx, m: ManuscriptRow, to: Stage, extra: Parameters<typeof moveStage>[3] = {}): Promise<ManuscriptRow> {
  if (!canMove(m.stage, to)) throw new HttpError(409, "invalid_stage_move", { from: m.stage, to });
  const moved = await moveStage(ctx.db, m, to, extra);
  // Someone else moved it a moment ago.
  if (!moved) throw new HttpError(409, "invalid_stage_move", { from: m.stage, to });
  return moved;
}

const today = () => nowIso().slice(0, 10);

/** Invites a reviewer to the current round: a signed link that names the manuscript by reference and title only. */
export async function inviteReviewer(ctx: WorkflowCtx, m: ManuscriptRow, input: InviteReviewerInput) {
  if (!STAGE_RULES[m.stage].invitesReviewers) throw new HttpError(409, "invalid_stage_move", { from: m.stage, to: "under_review" });
  if (input.dueDate <= today()) throw new HttpError(400, "due_date_past");
  await refuseOwnAuthor(ctx.db, m, input);
  const reviewer = await upsertReviewer(ctx.db, m.journalId, input);
  const assignment = await insertAssignment(ctx.db, {
    journalId: m.journalId,
    manuscriptId: m.id,
    reviewerId: reviewer.id,
    round: m.round,
    dueDate: input.dueDate,
  });
  if (!assignment) throw new HttpError(409, "already_invited");
  let current = m;
  if (m.stage !== "under_review") {
    current = await move(ctx, m, "under_review");
    await addEvent(ctx.db, m, { actor: ctx.actor, action: "stage", from: m.stage, to: "under_review", summary: "Sent to review" });
  }
  const letter = input.subject && input.text ? { subject: input.subject, text: input.text } : undefined;
  const out = await mailReviewInvitation(ctx, current, reviewer, assignment, "invitation", letter);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "reviewer_invited",
    summary: `Invited ${reviewer.name} to review round ${m.round}, due ${input.dueDate}`,
    outboxId: out?.id,
  });
  return { assignment, reviewer };
}

async function reviewLink(ctx: WorkflowCtx, a: ReviewAssignmentRow): Promise<string> {
  const link = await linkFor(ctx.db, a.journalId, "review", a.id, addDays(`${a.dueDate}T23:59:59.000Z`, REVIEW_LINK_GRACE_DAYS));
  return linkUrl(ctx.origin, "review", await tokenOf(ctx.secret, link));
}

type ReviewMailKind = "invitation" | "reminder.before" | "reminder.after";

/**
 * A message to a reviewer with {{reviewer_name}}, {{due_date}} and {{review_link}} still to fill: the invitation is
 * what staff see and edit before it goes (issue 48 item 4). It names the manuscript by reference and title only,
 * never its author (double-blind).
 */
export function reviewMailDraft(
  journal: JournalRow,
  m: Pick<ManuscriptRow, "reference" | "title">,
  kind: ReviewMailKind,
): { subject: string; text: string } {
  const lead =
    kind === "invitation"
      ? `The editors of ${journalName(journal)} invite you to review the manuscript "${m.title}" (${m.reference}).`
      : kind === "reminder.before"
        ? `A reminder: your review of "${m.title}" (${m.reference}) is due on {{due_date}}.`
        : `Your review of "${m.title}" (${m.reference}) was due on {{due_date}}. We would be grateful to have it soon, or to hear if you cannot complete it.`;
  const text = `Dear {{reviewer_name}},

${lead}

Review is double-blind: please keep your identity out of your comments and file.
Please respond by {{due_date}}. On the review page you can accept or decline, download the manuscript and send your review:
{{review_link}}

This link is for you alone; please do not forward it.${signature(journal)}`;
  const subject =
    kind === "invitation"
      ? `Invitation to review ${m.reference}`
      : kind === "reminder.before"
        ? `Reminder: review of ${m.reference} due {{due_date}}`
        : `Overdue: review of ${m.reference}`;
  return { subject, text };
}

/** Sends a reviewer their invitation or a reminder; `letter` is the invitation as staff edited it. */
export async function mailReviewInvitation(
  ctx: WorkflowCtx,
  m: Pick<ManuscriptRow, "id" | "reference" | "title" | "replyToken">,
  reviewer: ReviewerRow,
  a: ReviewAssignmentRow,
  kind: ReviewMailKind,
  letter?: { subject: string; text: string },
) {
  const values = { reviewer_name: reviewer.name, due_date: a.dueDate, review_link: await reviewLink(ctx, a) };
  const draft = letter ?? reviewMailDraft(ctx.journal, m, kind);
  const mail: Mail = {
    manuscriptId: m.id,
    kind: `review.${kind}`,
    to: reviewer.email,
    toName: reviewer.name,
    subject: headerText(fillLetter(draft.subject, values)),
    text: fillLetter(draft.text, values),
    // The reviewer's own reply address: a reply to it is theirs (issue 48 item 6).
    replyToken: a.replyToken ?? m.replyToken,
  };
  const [row] = await queueMail(ctx.db, ctx.queue, ctx.journal, [mail]);
  return row;
}

export async function revokeAssignment(ctx: WorkflowCtx, m: ManuscriptRow, a: ReviewAssignmentRow, reviewerName: string) {
  const row = await updateAssignment(
    ctx.db,
    a.id,
    assignmentStatusesWhere((s) => s.open),
    { status: REVIEW_STATUS.revoked, respondedAt: nowIso() },
  );
  if (!row) throw new HttpError(409, "assignment_closed");
  await revokeLinks(ctx.db, a.journalId, "review", a.id);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "reviewer_revoked",
    summary: `Withdrew the invitation of ${reviewerName} (link revoked)`,
  });
}

/** The letter a decision would send, filled from its template (the admin shows it to be edited before sending). */
export async function draftLetter(ctx: WorkflowCtx, m: ManuscriptRow, decision: Decision) {
  const t = await templateFor(ctx.db, m.journalId, decision);
  const reviews = await submittedReviews(ctx.db, m.id, m.round);
  const values = {
    author_name: m.authorName,
    title: m.title,
    reference: m.reference,
    reviewer_comments: reviews.length ? `The reviewers' comments:\n\n${reviewerCommentsText(reviews)}` : "",
    journal_name: journalName(ctx.journal),
  };
  // A {{title}} stored with a line break (before the schemas refused them) must not make the subject a second header.
  return { subject: headerText(fillLetter(t.subject, values)), text: fillLetter(t.body, values).replace(/\n{3,}/g, "\n\n") };
}

export async function recordDecision(ctx: WorkflowCtx, m: ManuscriptRow, input: DecisionInput): Promise<ManuscriptRow> {
  const rule = DECISION_RULES[input.decision];
  if (!decisionsFrom(m.stage).includes(input.decision)) throw new HttpError(409, "invalid_stage_move", { from: m.stage, to: rule.stage });
  const now = nowIso();
  const moved = await move(ctx, m, rule.stage, { decidedAt: now, firstDecisionAt: m.firstDecisionAt ?? now });
  const out = await mailAuthor(ctx, moved, `decision.${input.decision}`, input.subject, input.text);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "decision",
    from: m.stage,
    to: rule.stage,
    summary: `Decision: ${rule.label}`,
    letter: { subject: input.subject, text: input.text },
    outboxId: out?.id,
  });
  // The round is decided: invitations nobody answered, and reviews not sent, are no longer needed.
  await cancelOpenReviews(ctx, m, "a decision was made on it");
  // The publication fee falls due on acceptance unless the journal charges at submission (issue 49).
  if (input.decision === "accepted") await feeFallsDue(ctx, moved, "acceptance");
  return moved;
}

/** Closes the open invitations of a manuscript (links revoked) and tells each reviewer, by reference and title only. */
async function cancelOpenReviews(ctx: WorkflowCtx, m: ManuscriptRow, why: string) {
  for (const { a, r } of (await listAssignments(ctx.db, m.id)).filter((x) => ASSIGNMENT_RULES[x.a.status].open)) {
    const row = await updateAssignment(
      ctx.db,
      a.id,
      assignmentStatusesWhere((s) => s.open),
      { status: REVIEW_STATUS.revoked, respondedAt: nowIso() },
    );
    if (!row) continue;
    await revokeLinks(ctx.db, a.journalId, "review", a.id);
    const [out] = await queueMail(ctx.db, ctx.queue, ctx.journal, [
      {
        manuscriptId: m.id,
        kind: "review.cancelled",
        to: r.email,
        toName: r.name,
        subject: `${m.reference}: your review is no longer needed`,
        text: reviewCancelledText(r.name, m, why, journalName(ctx.journal)) + signature(ctx.journal),
      },
    ]);
    await addEvent(ctx.db, m, {
      actor: "system",
      action: "reviewer_revoked",
      summary: `Invitation of ${r.name} closed (${why}); the reviewer was told`,
      outboxId: out?.id,
    });
  }
}

/** Moves without a decision letter: to review (staff), or withdrawn (staff on the author's request, or the author). */
/**
 * Staff write to the author (issue 48 item 6): by e-mail with the tracking link, replies coming back into the
 * manuscript's discussion, and kept in the timeline, which the author's tracking page shows as their conversation.
 */
export async function messageAuthor(ctx: WorkflowCtx, m: ManuscriptRow, input: AuthorMessageInput) {
  const out = await mailAuthor(ctx, m, "message.author", input.subject, input.text);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "message",
    summary: "Message to the author",
    letter: { subject: input.subject, text: input.text },
    outboxId: out?.id,
  });
}

export async function moveWithoutLetter(
  ctx: WorkflowCtx,
  m: ManuscriptRow,
  to: (typeof STAFF_MOVES)[number],
  note = "",
): Promise<ManuscriptRow> {
  const moved = await move(ctx, m, to);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "stage",
    from: m.stage,
    to,
    summary: note || (to === "withdrawn" ? "Withdrawn" : "Sent to review"),
  });
  if (to === "withdrawn") {
    await cancelOpenReviews(ctx, m, "the manuscript was withdrawn");
    const out = await mailAuthor(
      ctx,
      moved,
      "withdrawn",
      `${m.reference}: manuscript withdrawn`,
      `Dear ${m.authorName},\n\nYour manuscript "${m.title}" (${m.reference}) has been withdrawn from ${journalName(ctx.journal)}. Nothing more will happen to it.`,
    );
    await addEvent(ctx.db, m, { actor: "system", action: "mail", summary: "Withdrawal confirmed to the author", outboxId: out?.id });
  }
  return moved;
}

/** The article saved from the prefilled Add Article form: the manuscript becomes Published and links to it. */
export async function markPublished(ctx: WorkflowCtx, m: ManuscriptRow, refnumber: string): Promise<ManuscriptRow> {
  if (!STAGE_RULES[m.stage].publishable) throw new HttpError(409, "not_accepted");
  const article = await findPublicArticleByRef(ctx.db, m.journalId, refnumber);
  if (!article) throw new HttpError(404, "article_not_found");
  const moved = await move(ctx, m, "published", { articleId: article.id, publishedAt: nowIso() });
  const ref = article.refnumber ?? refnumber;
  const articleUrl = `${ctx.origin}${articlePath({ ...article, refnumber: ref })}`;
  const certificates = `${ctx.origin}/pdf?refno=${encodeURIComponent(ref)}`;
  const out = await mailAuthor(
    ctx,
    moved,
    "published",
    `${m.reference}: your article is published`,
    `Dear ${m.authorName},

Your article "${m.title}" is published in ${journalName(ctx.journal)} (volume ${article.volume}, issue ${article.issue}, ${article.year}) under the reference number ${ref}.

Read and share it: ${articleUrl}
Your publication certificate, the cover page and the editorial board: ${certificates}`,
  );
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "published",
    from: m.stage,
    to: "published",
    summary: `Published as article ${ref}`,
    outboxId: out?.id,
  });
  return moved;
}

/** The editor's anonymised file for review of the current round (reviewers of the round receive it instead). */
export async function addReviewCopy(ctx: WorkflowCtx, m: ManuscriptRow, file: { name: string; size: number }) {
  await addFile(ctx.db, m, m.round, "review_copy", file.name, file.size);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "review_file",
    summary: `File for review uploaded for round ${m.round}: reviewers receive it (without its metadata) instead of the author's file`,
  });
}

// ---- reviewers (through their link) ----

export async function respondToInvitation(ctx: WorkflowCtx, m: ManuscriptRow, a: ReviewAssignmentRow, answer: InvitationAnswer) {
  const accept = answer.answer === "accept";
  const declined = accept ? {} : { declineReason: answer.declineReason, declineSuggestion: answer.declineSuggestion };
  const row = await updateAssignment(ctx.db, a.id, [REVIEW_STATUS.invited], {
    status: accept ? REVIEW_STATUS.agreed : REVIEW_STATUS.declined,
    respondedAt: nowIso(),
    ...declined,
  });
  if (!row) throw new HttpError(409, "already_answered");
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: accept ? "review_accepted" : "review_declined",
    summary: `Reviewer ${accept ? "accepted" : "declined"} the invitation (round ${a.round})`,
  });
  await mailOffice(
    ctx,
    m,
    `office.review_${accept ? "accepted" : "declined"}`,
    `${m.reference}: a reviewer ${accept ? "accepted" : "declined"}`,
    [
      `A reviewer ${accept ? "accepted" : "declined"} the invitation to review "${m.title}" (${m.reference}), round ${a.round}.`,
      ...(accept || !answer.declineReason ? [] : [`\nTheir reason:\n${answer.declineReason}`]),
      ...(accept || !answer.declineSuggestion ? [] : [`\nThey suggest instead:\n${answer.declineSuggestion}`]),
    ].join("\n"),
  );
  return row;
}

export async function submitReview(
  ctx: WorkflowCtx,
  m: ManuscriptRow,
  a: ReviewAssignmentRow,
  review: { recommendation: Recommendation; commentsAuthor: string; commentsEditor: string },
  file: { name: string; size: number } | null,
) {
  const row = await updateAssignment(ctx.db, a.id, [REVIEW_STATUS.agreed], {
    status: REVIEW_STATUS.submitted,
    submittedAt: nowIso(),
    recommendation: review.recommendation,
    commentsAuthor: review.commentsAuthor,
    commentsEditor: review.commentsEditor,
    file: file?.name ?? null,
  });
  if (!row) throw new HttpError(409, "review_closed");
  if (file) await addFile(ctx.db, m, a.round, "review", file.name, file.size);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "review_submitted",
    summary: `Review submitted (round ${a.round}): ${RECOMMENDATION_LABELS[review.recommendation]}`,
  });
  await mailOffice(
    ctx,
    m,
    "office.review_submitted",
    `${m.reference}: review submitted`,
    `A reviewer submitted a review of "${m.title}" (${m.reference}), round ${a.round}: ${RECOMMENDATION_LABELS[review.recommendation]}.`,
  );
  return row;
}

// ---- authors (through their link) ----

/** A revised PDF: a new round starts (Under review again) with the revision as the file reviewers read. */
export async function receiveRevision(ctx: WorkflowCtx, m: ManuscriptRow, file: { name: string; size: number }): Promise<ManuscriptRow> {
  if (!STAGE_RULES[m.stage].awaitsRevision) throw new HttpError(409, "invalid_stage_move", { from: m.stage, to: "under_review" });
  const moved = await move(ctx, m, "under_review", { round: m.round + 1 });
  await addFile(ctx.db, m, moved.round, "revision", file.name, file.size);
  await addEvent(ctx.db, m, {
    actor: ctx.actor,
    action: "revision",
    from: m.stage,
    to: "under_review",
    summary: `Revised manuscript received: round ${moved.round} begins`,
  });
  await mailOffice(
    ctx,
    m,
    "office.revision",
    `${m.reference}: revised manuscript received`,
    `The author uploaded a revised manuscript of "${m.title}" (${m.reference}); round ${moved.round} can begin.`,
  );
  return moved;
}

export type { Decision };
