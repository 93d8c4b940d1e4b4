// The pages and actions behind signed links (docs/decisions/0190): /review for a reviewer's assignment, /track for an
// author's manuscript. The link (/review#<token>) carries the token in its fragment; /workflow-link.js posts it to
// /api/workflow/link, which answers with an HttpOnly, SameSite=Strict cookie on the page's path. Every request checks
// the token again: its journal (the Host), purpose, expiry and revocation. Nothing here names an author to a
// reviewer, or a reviewer to an author.
import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";
import type { AppEnv } from "../core/env";
import type { JournalRow, MailInboundRow, ManuscriptEventRow, ManuscriptRow, ReviewAssignmentRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { esc } from "#contract/html";
import { fileKeys, versionedName } from "../core/files/keys";
import { putNewObject } from "../core/files/commit-with-object";
import { limitJsonBody, limitUploadBody } from "../core/middleware/body-size";
import { jsonContent } from "../core/middleware/json-body";
import {
  ASSIGNMENT_RULES,
  RECOMMENDATIONS,
  REVIEW_STATUS,
  invitationAnswerSchema,
  isAuthorsReply,
  reviewFormSchema,
  type Stage,
  STAGE_RULES,
  type Recommendation,
} from "#contract/workflow";
import { toDiscussionEntry } from "./workflow-answers";
import { openLink, type LinkPurpose } from "./links";
import { fileForReviewers, findManuscript, listDiscussion, listEvents, listFiles } from "./manuscripts.repo";
import { anonymisedCopy, pdfAttachment } from "./review-copies";
import { answerAuthorCheck, authorCheckState, type AuthorCheckState } from "./author-checks";
import { findAssignment, submittedReviews } from "./reviewers.repo";
import { moveWithoutLetter, receiveRevision, respondToInvitation, submitReview } from "./workflow";
import { workflowBody, workflowCtx } from "./workflow-context";
import { workflowFigures } from "./figures";
import { readWorkflowSettings } from "./workflow-settings.repo";
import { pdfFrom } from "./pdf-upload";
import { EXCHANGE_SCRIPT, exchangeBody, fmtDay, fmtDays, linkPage, linkProblem } from "./link-page-html";
import { articles } from "../core/data/schema";
import { and, eq } from "drizzle-orm";
import { articlePath } from "#contract/citation";
import { mountedAt } from "../core/routing/declared";
import { invoiceSection } from "../payments/track-invoice-html";
import { TRACK_DONE_MESSAGES } from "../payments/payment-texts";
import { workflowApi } from "#contract/routes/workflow";
import { translatorFor } from "#contract/i18n/all-catalogs";
import type { MessageId, Translator } from "#contract/i18n/messages";
import type { Language } from "#contract/i18n/languages";
import { offerOf, visitorLanguage } from "../pages/page-language";

type T = Translator["t"];

/** The link pages speak the visitor's language among the journal's (the switcher's choice, else the browser's). */
export const linkTranslator = (c: Context<AppEnv>): Translator => translatorFor(visitorLanguage(c.req.raw, offerOf(c.get("journal"))));

const at = mountedAt("");

const COOKIE: Record<LinkPurpose, string> = { review: "wf_review", track: "wf_track" };

/** Headers of every link page and action: never cached, never indexed, never a Referer. */
export function privateHeaders(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Robots-Tag", "noindex, nofollow");
}

const journalName = (j: JournalRow) => j.websitename || "Journal";

export function html(
  c: Context<AppEnv>,
  title: string,
  body: string,
  status: 200 | 400 | 403 | 404 | 409 | 410 | 413 = 200,
  exchange = false,
) {
  privateHeaders(c);
  // The page's language depends on the visitor: never shared by a cache (never cached at all: privateHeaders).
  c.header("Vary", "Accept-Language, Cookie");
  const { lang } = linkTranslator(c);
  return c.html(linkPage({ lang, journalName: journalName(c.get("journal")), title, body, exchange }), status);
}

type Opened = { ok: true; subjectId: number } | { ok: false; reason: "invalid" | "expired" | "revoked" | "none" };

export async function opened(c: Context<AppEnv>, purpose: LinkPurpose): Promise<Opened> {
  const token = getCookie(c, COOKIE[purpose]);
  if (!token) return { ok: false, reason: "none" };
  const r = await openLink(c.get("db"), c.get("config").auth.JWT_SECRET, c.get("journal").id, purpose, token);
  return r.ok ? { ok: true, subjectId: r.link.subjectId } : { ok: false, reason: r.reason };
}

/**
 * Same-site posts only. The cookie is SameSite=Strict already; this also refuses a post that says it comes from
 * another site. With Referrer-Policy: no-referrer, browsers send `Origin: null` on these pages' own form posts, so
 * "null" is judged by Sec-Fetch-Site instead.
 */
export function sameOrigin(c: Context<AppEnv>) {
  if (c.req.header("sec-fetch-site") === "cross-site") throw new HttpError(403, "forbidden_origin");
  const origin = c.req.header("origin");
  if (!origin || origin === "null") return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new HttpError(403, "forbidden_origin");
  }
  if (host !== new URL(c.req.url).host) throw new HttpError(403, "forbidden_origin");
}

/** The page a link problem shows: `page` names it ("review": the reviewer's, "track": the author's). */
export const problemPage = (c: Context<AppEnv>, o: Exclude<Opened, { ok: true }>, page: "review" | "track") => {
  const { t } = linkTranslator(c);
  const what = t(page === "review" ? "link.review.name" : "link.track.name");
  return o.reason === "none"
    ? // A page opened from the e-mail trades the link's token for its cookie; an action sent without that cookie did
      // nothing, and says so with a 403.
      c.req.method === "GET"
      ? html(c, what, exchangeBody(what, t), 200, true)
      : html(c, what, `<h1>${esc(what)}</h1><p class="error" role="alert">${esc(t("link.notOpen"))}</p>`, 403)
    : html(
        c,
        what,
        `<h1>${esc(what)}</h1><p class="error" role="alert">${esc(linkProblem(o.reason, t))}</p>`,
        o.reason === "invalid" ? 404 : 410,
      );
};

// ---- reviewer ----

interface ReviewView {
  a: ReviewAssignmentRow;
  m: ManuscriptRow;
  message?: { kind: "error" | "ok"; text: string };
  typed?: { recommendation?: string; commentsAuthor?: string; commentsEditor?: string };
}

const REVIEW_ERRORS: Record<string, MessageId> = {
  invalid_recommendation: "link.review.error.recommendation",
  missing_comments: "link.review.error.comments",
  invalid_file_type: "link.review.error.notPdf",
  file_too_large: "link.review.error.tooLarge",
  review_closed: "link.review.error.closed",
  file_not_anonymised: "link.review.error.notAnonymised",
  already_answered: "link.review.error.answered",
  invalid_answer: "link.review.error.answer",
  reason_too_long: "link.review.error.reasonTooLong",
  suggestion_too_long: "link.review.error.suggestionTooLong",
};

/** A recommendation's name in the page's language (RECOMMENDATION_LABELS in English). */
const RECOMMENDATION_MESSAGES: Record<Recommendation, MessageId> = {
  accept: "link.recommendation.accept",
  minor_revisions: "link.recommendation.minor",
  major_revisions: "link.recommendation.major",
  resubmit_for_review: "link.recommendation.resubmit",
  decline: "link.recommendation.decline",
  see_comments: "link.recommendation.seeComments",
};

/** A stage's name in the page's language (STAGE_LABELS in English). */
const STAGE_MESSAGES: Record<Stage, MessageId> = {
  received: "link.stage.received",
  under_review: "link.stage.underReview",
  revisions_requested: "link.stage.revisionsRequested",
  accepted: "link.stage.accepted",
  copyediting: "link.stage.copyediting",
  production: "link.stage.production",
  published: "link.stage.published",
  declined: "link.stage.declined",
  withdrawn: "link.stage.withdrawn",
};

/** An error code's sentence (from `messages`), or the general one. */
const errorText = (t: T, messages: Record<string, MessageId>, code: string) => t(messages[code] ?? "link.somethingWrong");

/** A reviewer's round is open while the manuscript is in review at that round; after it only their review shows. */
const reviewRoundOpen = (m: ManuscriptRow, a: ReviewAssignmentRow) => STAGE_RULES[m.stage].reviewerLinkOpen && m.round === a.round;

function reviewBody(v: ReviewView, reviewerName: string, { t, lang }: Translator): string {
  const { a, m } = v;
  const msg = v.message
    ? `<p class="${v.message.kind}" role="${v.message.kind === "error" ? "alert" : "status"}">${esc(v.message.text)}</p>`
    : "";
  const head = `<h1>${esc(t("link.review.heading", { reference: m.reference }))}</h1>${msg}
<div class="card"><dl class="meta"><dt>${esc(t("link.fact.title"))}</dt><dd dir="auto">${esc(m.title)}</dd><dt>${esc(t("link.fact.round"))}</dt><dd>${a.round}</dd>
<dt>${esc(t("link.review.due"))}</dt><dd>${esc(fmtDay(lang, a.dueDate))}</dd><dt>${esc(t("link.review.reviewer"))}</dt><dd dir="auto">${esc(reviewerName)}</dd></dl>
<p class="hint">${esc(t("link.review.blind"))}</p></div>`;
  if (!reviewRoundOpen(m, a) && a.status !== REVIEW_STATUS.submitted)
    return `${head}<p class="ok">${esc(t(m.stage === "withdrawn" ? "link.review.withdrawn" : "link.review.roundOver"))} ${esc(t("link.review.thanks"))}</p>`;
  switch (a.status) {
    case REVIEW_STATUS.invited:
      return `${head}<div class="card"><h2>${esc(t("link.review.willYou"))}</h2>
<p>${esc(t("link.review.downloadFirst", { link: "\u0001" })).replace(
        "\u0001",
        `<a href="/review/manuscript.pdf">${esc(t("link.review.manuscriptPdf", { reference: m.reference }))}</a>`,
      )}</p>
<form method="post" action="/review/respond">
<p class="row"><button class="btn" name="answer" value="accept">${esc(t("link.review.accept"))}</button></p>
<details><summary>${esc(t("link.review.declineWithReason"))}</summary>
<label for="declineReason">${esc(t("link.review.declineReason"))}</label>
<textarea id="declineReason" name="declineReason" maxlength="2000" dir="auto" style="min-height:90px"></textarea>
<label for="declineSuggestion">${esc(t("link.review.declineSuggestion"))}</label>
<input id="declineSuggestion" name="declineSuggestion" maxlength="500" dir="auto" style="width:100%;padding:8px">
</details>
<p class="row"><button class="btn secondary" name="answer" value="decline">${esc(t("link.review.decline"))}</button></p></form></div>`;
    case REVIEW_STATUS.declined:
      return `${head}<p class="ok">${esc(t("link.review.declined"))}</p>`;
    case REVIEW_STATUS.revoked:
      return `${head}<p class="ok">${esc(t("link.review.revoked"))}</p>`;
    case REVIEW_STATUS.submitted: {
      const recommendation = RECOMMENDATION_MESSAGES[a.recommendation as Recommendation];
      return `${head}<div class="card"><h2>${esc(t("link.review.yours", { date: fmtDay(lang, a.submittedAt) }))}</h2>
<dl class="meta"><dt>${esc(t("link.review.recommendation"))}</dt><dd>${recommendation ? esc(t(recommendation)) : ""}</dd></dl>
<h2>${esc(t("link.review.commentsAuthor"))}</h2><pre class="letter" dir="auto">${esc(a.commentsAuthor)}</pre>
${a.commentsEditor ? `<h2>${esc(t("link.review.commentsEditor"))}</h2><pre class="letter" dir="auto">${esc(a.commentsEditor)}</pre>` : ""}
${a.file ? `<p>${esc(t("link.review.pdfAttached"))}</p>` : ""}<p class="hint">${esc(t("link.review.final"))}</p></div>`;
    }
    case REVIEW_STATUS.agreed: {
      const typed = v.typed ?? {};
      const rec = typed.recommendation ?? "";
      return `${head}<div class="card"><p><a class="btn secondary" href="/review/manuscript.pdf">${esc(t("link.review.download"))}</a></p>
<form method="post" action="/review/submit" enctype="multipart/form-data">
<fieldset><legend>${esc(t("link.review.recommendation"))}</legend>${RECOMMENDATIONS.map(
        (r) =>
          `<label><input type="radio" name="recommendation" value="${r}"${rec === r ? " checked" : ""} required> ${esc(t(RECOMMENDATION_MESSAGES[r]))}</label>`,
      ).join("")}</fieldset>
<label for="commentsAuthor">${esc(t("link.review.commentsAuthor"))}</label>
<p class="hint" id="ca-hint">${esc(t("link.review.commentsHint"))}</p>
<textarea id="commentsAuthor" name="commentsAuthor" aria-describedby="ca-hint" dir="auto" required>${esc(typed.commentsAuthor ?? "")}</textarea>
<label for="commentsEditor">${esc(t("link.review.commentsEditorOptional"))}</label>
<textarea id="commentsEditor" name="commentsEditor" dir="auto">${esc(typed.commentsEditor ?? "")}</textarea>
<label for="reviewFile">${esc(t("link.review.file"))}</label>
<input id="reviewFile" type="file" name="reviewFile" accept="application/pdf,.pdf">
<p class="row" style="margin-top:18px"><button class="btn">${esc(t("link.review.submit"))}</button></p></form></div>`;
    }
  }
}

async function reviewState(c: Context<AppEnv>, assignmentId: number) {
  const row = await findAssignment(c.get("db"), c.get("journal").id, assignmentId);
  if (!row) throw new HttpError(404, "link_invalid");
  return row;
}

// ---- author ----

/**
 * The author's conversation with the editorial office (issue 48 item 6): what staff wrote to them and what they
 * replied by e-mail, oldest first. Only the author's replies (isAuthorsReply) are shown: what came to a reviewer's
 * address, or a message merely naming the author, never reaches this page.
 */
function conversationSection(m: ManuscriptRow, events: ManuscriptEventRow[], replies: MailInboundRow[], t: T, lang: Language): string {
  const entries = [
    ...events
      .filter((e) => e.action === "message" && e.letterText)
      .map((e) => ({ at: e.at, who: t("link.track.fromEditors"), subject: e.letterSubject ?? "", text: e.letterText ?? "" })),
    ...replies
      .map(toDiscussionEntry)
      .filter((r) => isAuthorsReply(r, m.authorEmail))
      .map((r) => ({ at: r.at, who: t("link.track.fromYou"), subject: r.subject, text: r.text })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const list = entries
    .map(
      (e) =>
        `<div class="card"><p class="hint">${esc(e.who)} · ${esc(fmtDay(lang, e.at))}</p><strong dir="auto">${esc(e.subject)}</strong><pre class="letter" dir="auto">${esc(e.text)}</pre></div>`,
    )
    .join("");
  return `<h2>${esc(t("link.track.messages"))}</h2>${list}<p class="hint">${esc(t(entries.length ? "link.track.replyHint" : "link.track.noMessages"))}</p>`;
}

async function trackBody(c: Context<AppEnv>, m: ManuscriptRow, t: T, message?: { kind: "error" | "ok"; text: string }): Promise<string> {
  const db = c.get("db");
  const { lang } = linkTranslator(c);
  const [events, reviews, files, replies] = await Promise.all([
    listEvents(db, m.id),
    submittedReviews(db, m.id),
    listFiles(db, m.id),
    listDiscussion(db, m.id),
  ]);
  const msg = message ? `<p class="${message.kind}" role="${message.kind === "error" ? "alert" : "status"}">${esc(message.text)}</p>` : "";
  const letters = events.filter((e) => e.letterText && e.action !== "message");
  const rounds = [...new Set(reviews.map((r) => r.round))];
  const commentBlocks = rounds
    .map((round) => {
      const mine = reviews.filter((r) => r.round === round);
      return `<h3>${esc(t("link.fact.roundN", { round }))}</h3>${mine
        .map(
          (r, i) =>
            `<div class="card"><strong>${esc(t("link.track.reviewerN", { n: i + 1 }))}</strong><pre class="letter" dir="auto">${esc(r.commentsAuthor)}</pre>${
              r.file ? `<p><a href="/track/review-file?review=${r.id}">${esc(t("link.track.reviewerPdf", { round }))}</a></p>` : ""
            }</div>`,
        )
        .join("")}`;
    })
    .join("");
  let article = "";
  if (STAGE_RULES[m.stage].hasArticle && m.articleId) {
    const [a] = await db
      .select()
      .from(articles)
      .where(and(eq(articles.id, m.articleId), eq(articles.journalId, m.journalId)))
      .limit(1);
    if (a?.refnumber)
      article = `<p class="ok">${esc(t("link.track.published"))} <a href="${esc(articlePath({ ...a, refnumber: a.refnumber }))}">${esc(
        t("link.track.readArticle"),
      )}</a> · <a href="/pdf?refno=${encodeURIComponent(a.refnumber)}">${esc(t("link.track.certificates"))}</a></p>`;
  }
  const canWithdraw = STAGE_RULES[m.stage].authorMayWithdraw;
  const check = authorCheckState(m, events);
  const revisions = files.filter((f) => f.kind === "revision");
  return `<h1>${esc(t("link.track.heading", { reference: m.reference }))}</h1>${msg}
<div class="card"><dl class="meta"><dt>${esc(t("link.fact.title"))}</dt><dd dir="auto">${esc(m.title)}</dd><dt>${esc(t("link.track.stage"))}</dt><dd><span class="stage">${esc(t(STAGE_MESSAGES[m.stage]))}</span></dd>
<dt>${esc(t("link.track.submitted"))}</dt><dd>${esc(fmtDay(lang, m.createdAt))}</dd><dt>${esc(t("link.fact.round"))}</dt><dd>${m.round}</dd>
${
  revisions.length
    ? `<dt>${esc(t("link.track.revisions"))}</dt><dd>${esc(
        fmtDays(
          lang,
          revisions.map((f) => f.createdAt),
        ),
      )}</dd>`
    : ""
}</dl></div>${article}${check ? authorCheckCard(check, t, lang) : ""}
${await invoiceSection(db, m, linkTranslator(c))}
${
  STAGE_RULES[m.stage].awaitsRevision
    ? `<div class="card"><h2>${esc(t("link.track.uploadRevision"))}</h2>
<form method="post" action="/track/revision" enctype="multipart/form-data"><label for="pdfFile">${esc(t("link.track.revisionFile"))}</label>
<input id="pdfFile" type="file" name="pdfFile" accept="application/pdf,.pdf" required>
<p class="row" style="margin-top:14px"><button class="btn">${esc(t("link.track.sendRevision"))}</button></p></form></div>`
    : ""
}
<h2>${esc(t("link.track.letters"))}</h2>${letters.length ? letters.map((e) => `<div class="card"><p class="hint">${esc(fmtDay(lang, e.at))}</p><strong dir="auto">${esc(e.letterSubject ?? "")}</strong><pre class="letter" dir="auto">${esc(e.letterText ?? "")}</pre></div>`).join("") : `<p class="hint">${esc(t("link.track.noDecision"))}</p>`}
<h2>${esc(t("link.track.comments"))}</h2>${commentBlocks || `<p class="hint">${esc(t("link.track.noComments"))}</p>`}
${conversationSection(m, events, replies, t, lang)}
${
  canWithdraw
    ? `<h2>${esc(t("link.track.withdraw"))}</h2><form method="post" action="/track/withdraw" class="card"><label><input type="checkbox" name="confirm" value="yes" required> ${esc(t("link.track.withdrawConfirm"))}</label>
<p class="row"><button class="btn danger">${esc(t("link.track.withdrawButton"))}</button></p></form>`
    : ""
}`;
}

function authorCheckCard(check: NonNullable<AuthorCheckState>, t: T, lang: Language): string {
  const kind = check.kind === "proof" ? "proof" : "copyedited";
  if (check.status === "approved")
    return `<div class="card"><p class="ok">${esc(t("link.check.approved", { kind, date: fmtDay(lang, check.at) }))}</p></div>`;
  if (check.status === "corrections")
    return `<div class="card"><p class="ok">${esc(t("link.check.correctionsSent", { kind, date: fmtDay(lang, check.at) }))}</p></div>`;
  return `<div class="card"><h2>${esc(t("link.check.please", { kind }))}</h2>
<p><a class="btn secondary" href="/track/check-file">${esc(t("link.check.download", { kind }))}</a></p>
<form method="post" action="/track/check"><p class="row"><button class="btn" name="answer" value="approve">${esc(t("link.check.approve", { kind }))}</button></p>
<label for="corrections">${esc(t("link.check.correctionsLabel"))}</label>
<textarea id="corrections" name="corrections" dir="auto"></textarea>
<p class="row" style="margin-top:14px"><button class="btn secondary" name="answer" value="corrections">${esc(t("link.check.send"))}</button></p></form></div>`;
}

const TRACK_ERRORS: Record<string, MessageId> = {
  nothing_to_check: "link.track.error.nothingToCheck",
  missing_corrections: "link.track.error.corrections",
  missing_file: "link.track.error.noFile",
  invalid_file_type: "link.track.error.notPdf",
  file_too_large: "link.track.error.tooLarge",
  invalid_stage_move: "link.track.error.stage",
  missing_confirmation: "link.track.error.confirm",
  file_not_anonymised: "link.track.error.notAnonymised",
};

const codeOf = (err: unknown) => (err instanceof HttpError ? err.code : null);

async function trackState(c: Context<AppEnv>, manuscriptId: number) {
  const m = await findManuscript(c.get("db"), c.get("journal").id, manuscriptId);
  if (!m) throw new HttpError(404, "link_invalid");
  return m;
}

export const linkPagesRoutes = new Hono<AppEnv>()
  // The journal's figures for the public Instructions page, only when the journal turns them on (Settings ->
  // Mail and letters); never cached, as manuscripts move without touching the content version.
  .get(at(workflowApi.publicFigures), async (c) => {
    c.header("Cache-Control", "no-store");
    const journalId = c.get("journal").id;
    if (!(await readWorkflowSettings(c.get("db"), journalId)).publicFigures) throw new HttpError(404, "not_found");
    return c.json(await workflowFigures(c.get("db"), journalId));
  })
  .get("/workflow-link.js", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.body(EXCHANGE_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" });
  })
  .post(
    at(workflowApi.openLink),
    jsonContent,
    limitJsonBody,
    workflowBody(z.object({ purpose: z.enum(["review", "track"]), token: z.string().max(200) })),
    async (c) => {
      privateHeaders(c);
      sameOrigin(c);
      const { purpose, token } = c.req.valid("json");
      const r = await openLink(c.get("db"), c.get("config").auth.JWT_SECRET, c.get("journal").id, purpose, token);
      if (!r.ok) throw new HttpError(r.reason === "invalid" ? 404 : 410, `link_${r.reason}`);
      setCookie(c, COOKIE[purpose], token, {
        path: `/${purpose}`,
        httpOnly: true,
        sameSite: "Strict",
        secure: new URL(c.req.url).protocol === "https:",
        maxAge: Math.max(60, Math.floor((Date.parse(r.link.expiresAt) - Date.now()) / 1000)),
      });
      return c.json({ ok: true, path: `/${purpose}` });
    },
  )
  // ---- reviewer ----
  .get("/review", async (c) => {
    const o = await opened(c, "review");
    if (!o.ok) return problemPage(c, o, "review");
    const { a, m, r } = await reviewState(c, o.subjectId);
    const { t } = linkTranslator(c);
    return html(c, t("link.review.pageTitle", { reference: m.reference }), reviewBody({ a, m }, r.name, linkTranslator(c)));
  })
  .get("/review/manuscript.pdf", async (c) => {
    const o = await opened(c, "review");
    if (!o.ok) throw new HttpError(o.reason === "invalid" || o.reason === "none" ? 404 : 410, `link_${o.reason}`);
    const { a, m } = await reviewState(c, o.subjectId);
    if (!ASSIGNMENT_RULES[a.status].linkServesManuscript || m.stage === "withdrawn") throw new HttpError(410, "link_revoked");
    // The link ends with its round: once the round is over (a decision, a new round, publication) the reviewer
    // keeps their own review on the page, not the manuscript.
    if (!reviewRoundOpen(m, a)) throw new HttpError(410, "round_closed");
    const f = await fileForReviewers(c.get("db"), m.id, a.round);
    if (!f) throw new HttpError(404, "not_found");
    try {
      const bytes = await anonymisedCopy(c.get("db"), c.var.files, f);
      // Named by reference and round only: never the author's name or the file name they uploaded.
      return pdfAttachment(bytes, `manuscript-${m.reference}-round${a.round}.pdf`);
    } catch (err) {
      if (codeOf(err) !== "file_not_anonymised") throw err;
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.review.pageTitle", { reference: m.reference }),
        `<h1>${esc(t("link.track.heading", { reference: m.reference }))}</h1><p class="error" role="alert">${esc(
          t("link.review.error.notAnonymised"),
        )}</p><p><a href="/review">${esc(t("link.review.back"))}</a></p>`,
        409,
      );
    }
  })
  .post("/review/respond", async (c) => {
    sameOrigin(c);
    const o = await opened(c, "review");
    if (!o.ok) return problemPage(c, o, "review");
    const { a, m, r } = await reviewState(c, o.subjectId);
    const form = await c.req.parseBody();
    try {
      if (!reviewRoundOpen(m, a)) throw new HttpError(409, "review_closed");
      const answer = invitationAnswerSchema.safeParse({
        answer: form.answer,
        declineReason: typeof form.declineReason === "string" ? form.declineReason : "",
        declineSuggestion: typeof form.declineSuggestion === "string" ? form.declineSuggestion : "",
      });
      if (!answer.success) throw new HttpError(400, answer.error.issues[0]?.message ?? "invalid_answer");
      await respondToInvitation(workflowCtx(c, `reviewer:${a.id}`), m, a, answer.data);
    } catch (err) {
      const code = codeOf(err);
      if (!code) throw err;
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.review.pageTitle", { reference: m.reference }),
        reviewBody({ a, m, message: { kind: "error", text: errorText(t, REVIEW_ERRORS, code) } }, r.name, linkTranslator(c)),
        409,
      );
    }
    return c.redirect("/review", 303);
  })
  .post("/review/submit", limitUploadBody, async (c) => {
    sameOrigin(c);
    const o = await opened(c, "review");
    if (!o.ok) return problemPage(c, o, "review");
    const { a, m, r } = await reviewState(c, o.subjectId);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new HttpError(400, "invalid_input");
    }
    const typed = {
      recommendation: String(form.get("recommendation") ?? ""),
      commentsAuthor: String(form.get("commentsAuthor") ?? ""),
      commentsEditor: String(form.get("commentsEditor") ?? ""),
    };
    try {
      if (!reviewRoundOpen(m, a) || a.status !== REVIEW_STATUS.agreed) throw new HttpError(409, "review_closed");
      const parsed = reviewFormSchema.safeParse(typed);
      if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? "invalid_input");
      const bytes = await pdfFrom(form, "reviewFile", false);
      let file: { name: string; size: number } | null = null;
      if (bytes) {
        const name = versionedName(`${m.reference}-review${a.id}`, "pdf");
        await putNewObject(c.var.files, fileKeys.submission(m.journalId, name), bytes, "application/pdf");
        file = { name, size: bytes.byteLength };
      }
      await submitReview(workflowCtx(c, `reviewer:${a.id}`), m, a, parsed.data, file);
    } catch (err) {
      const code = codeOf(err);
      if (!code) throw err;
      const status = code === "file_too_large" ? 413 : code === "review_closed" ? 409 : 400;
      // Everything typed comes back in the form with the reason.
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.review.pageTitle", { reference: m.reference }),
        reviewBody({ a, m, typed, message: { kind: "error", text: errorText(t, REVIEW_ERRORS, code) } }, r.name, linkTranslator(c)),
        status,
      );
    }
    return c.redirect("/review", 303);
  })
  // ---- author ----
  .get("/track", async (c) => {
    const o = await opened(c, "track");
    if (!o.ok) return problemPage(c, o, "track");
    const m = await trackState(c, o.subjectId);
    const done = c.req.query("done");
    const { t } = linkTranslator(c);
    const message =
      done === "revision"
        ? ({ kind: "ok", text: t("link.track.done.revision") } as const)
        : done === "check"
          ? ({ kind: "ok", text: t("link.track.done.check") } as const)
          : done === "withdrawn"
            ? ({ kind: "ok", text: t("link.track.done.withdrawn") } as const)
            : done && Object.hasOwn(TRACK_DONE_MESSAGES, done)
              ? ({ kind: "ok", text: t(TRACK_DONE_MESSAGES[done]) } as const)
              : undefined;
    return html(c, t("link.track.heading", { reference: m.reference }), await trackBody(c, m, t, message));
  })
  // A reviewer's PDF, as the author receives it: a copy without the metadata that could name the reviewer.
  .get("/track/review-file", async (c) => {
    const o = await opened(c, "track");
    if (!o.ok) throw new HttpError(o.reason === "invalid" || o.reason === "none" ? 404 : 410, `link_${o.reason}`);
    const m = await trackState(c, o.subjectId);
    const id = Number(c.req.query("review"));
    const db = c.get("db");
    const reviews = await submittedReviews(db, m.id);
    const r = Number.isSafeInteger(id) ? reviews.find((x) => x.id === id) : undefined;
    const f = r?.file ? (await listFiles(db, m.id)).find((x) => x.kind === "review" && x.file === r.file) : undefined;
    if (!r || !f) throw new HttpError(404, "not_found");
    const n = reviews.filter((x) => x.round === r.round).findIndex((x) => x.id === r.id) + 1;
    try {
      return pdfAttachment(await anonymisedCopy(db, c.var.files, f), `review-${m.reference}-round${r.round}-reviewer${n}.pdf`);
    } catch (err) {
      if (codeOf(err) !== "file_not_anonymised") throw err;
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.track.heading", { reference: m.reference }),
        await trackBody(c, m, t, { kind: "error", text: t("link.track.error.notAnonymised") }),
        409,
      );
    }
  })
  // The copyedited manuscript or the proofs the author was asked to check.
  .get("/track/check-file", async (c) => {
    const o = await opened(c, "track");
    if (!o.ok) throw new HttpError(o.reason === "invalid" || o.reason === "none" ? 404 : 410, `link_${o.reason}`);
    const m = await trackState(c, o.subjectId);
    const check = authorCheckState(m, await listEvents(c.get("db"), m.id));
    const f = check ? (await listFiles(c.get("db"), m.id)).filter((x) => x.kind === check.kind).at(-1) : undefined;
    if (!check || !f) throw new HttpError(404, "not_found");
    const obj = await c.var.files.get(fileKeys.submission(m.journalId, f.file));
    if (!obj) throw new HttpError(404, "not_found");
    return pdfAttachment(new Uint8Array(await obj.arrayBuffer()), `${check.kind === "proof" ? "proofs" : "copyedited"}-${m.reference}.pdf`);
  })
  .post("/track/check", async (c) => {
    sameOrigin(c);
    const o = await opened(c, "track");
    if (!o.ok) return problemPage(c, o, "track");
    const m = await trackState(c, o.subjectId);
    const form = await c.req.parseBody();
    try {
      await answerAuthorCheck(
        workflowCtx(c, "author"),
        m,
        await listEvents(c.get("db"), m.id),
        form.answer === "approve",
        typeof form.corrections === "string" ? form.corrections.slice(0, 20000) : "",
      );
    } catch (err) {
      const code = codeOf(err);
      if (!code) throw err;
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.track.heading", { reference: m.reference }),
        await trackBody(c, m, t, { kind: "error", text: errorText(t, TRACK_ERRORS, code) }),
        code === "nothing_to_check" ? 409 : 400,
      );
    }
    return c.redirect("/track?done=check", 303);
  })
  .post("/track/revision", limitUploadBody, async (c) => {
    sameOrigin(c);
    const o = await opened(c, "track");
    if (!o.ok) return problemPage(c, o, "track");
    const m = await trackState(c, o.subjectId);
    try {
      const form = await c.req.formData().catch(() => {
        throw new HttpError(400, "missing_file");
      });
      if (!STAGE_RULES[m.stage].awaitsRevision) throw new HttpError(409, "invalid_stage_move");
      const bytes = (await pdfFrom(form, "pdfFile", true))!;
      const name = versionedName(`${m.reference}-r${m.round + 1}`, "pdf");
      await putNewObject(c.var.files, fileKeys.submission(m.journalId, name), bytes, "application/pdf");
      await receiveRevision(workflowCtx(c, "author"), m, { name, size: bytes.byteLength });
    } catch (err) {
      const code = codeOf(err);
      if (!code) throw err;
      const status = code === "file_too_large" ? 413 : code === "invalid_stage_move" ? 409 : 400;
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.track.heading", { reference: m.reference }),
        await trackBody(c, m, t, { kind: "error", text: errorText(t, TRACK_ERRORS, code) }),
        status,
      );
    }
    return c.redirect("/track?done=revision", 303);
  })
  .post("/track/withdraw", async (c) => {
    sameOrigin(c);
    const o = await opened(c, "track");
    if (!o.ok) return problemPage(c, o, "track");
    const m = await trackState(c, o.subjectId);
    const form = await c.req.parseBody();
    try {
      if (!STAGE_RULES[m.stage].authorMayWithdraw) throw new HttpError(409, "invalid_stage_move");
      if (form.confirm !== "yes") throw new HttpError(400, "missing_confirmation");
      await moveWithoutLetter(workflowCtx(c, "author"), m, "withdrawn", "Withdrawn by the author");
    } catch (err) {
      const code = codeOf(err);
      if (!code) throw err;
      const { t } = linkTranslator(c);
      return html(
        c,
        t("link.track.heading", { reference: m.reference }),
        await trackBody(c, m, t, { kind: "error", text: errorText(t, TRACK_ERRORS, code) }),
        code === "invalid_stage_move" ? 409 : 400,
      );
    }
    return c.redirect("/track?done=withdrawn", 303);
  });
