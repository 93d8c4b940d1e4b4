// /admin/manuscripts/{id}: one manuscript — its details, reviews per round, every file version, the timeline (who,
// when, from, to, the letter), the discussion (replies by e-mail) and its messages; and what staff do next: invite
// a reviewer, record a decision with its letter, send to review, withdraw, publish as article. What staff type in
// the invitation and the letter is kept as a local draft (docs/decisions/0145).
import { useEffect, useState, type FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from "react-router";
import { adminJson, errorCode, uploadForm } from "../admin-api";
import { Field, Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { ReplyHeading } from "./reply-heading";
import { formatBytes, formatDate, formatDateTime } from "../format";
import { useDraft } from "../form-kit/use-draft";
import { DraftNotice } from "../form-kit";
import type { AdminIssue } from "#contract/api";
import {
  ANONYMISED_FILE_KINDS,
  ASSIGNMENT_RULES,
  DECISION_LABELS,
  DECISION_RULES,
  decisionsFrom,
  isAuthorsReply,
  RECOMMENDATION_LABELS,
  REVIEW_STATUS,
  STAGE_LABELS,
  STAGE_RULES,
  type Decision,
  type ManuscriptDetail,
  type ManuscriptFileEntry,
  type OutboxMessage,
} from "#contract/workflow";
import { StageBadge, workflowMessage } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { workflowApi } from "#contract/routes/workflow";
import { ManuscriptInvoice } from "../payments/manuscript-invoice";
import { AuthorCheckForm } from "./author-check-form";
import { DownloadButton } from "./download-button";
import { InviteForm } from "./invite-form";
import { AuthorMessageForm } from "./author-message-form";
import { SubmittedDetailsPanel } from "./submitted-details";

const digits = (v: string | undefined) => String(v ?? "").replace(/\D+/g, "");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = digits(params.id);
  const [manuscript, outbox] = await Promise.all([
    loadAdminJson<ManuscriptDetail>(apiPath(workflowApi.manuscript, { id }), request),
    loadAdminJson<{ messages: OutboxMessage[] }>(apiPath(workflowApi.outbox, {}, { manuscript: id }), request),
  ]);
  return { manuscript, messages: outbox.messages };
}

const FILE_LABELS: Record<ManuscriptFileEntry["kind"], string> = {
  manuscript: "Manuscript",
  revision: "Revision",
  review: "Reviewer's PDF",
  review_copy: "File for review",
  copyedit: "Copyedited manuscript",
  proof: "Proofs",
};

/** What the editor is told about a file's metadata (double-blind, docs/decisions/0340). */
function metadataNote(f: ManuscriptFileEntry): string {
  const to = f.kind === "review" ? "The author receives" : "Reviewers receive";
  if (f.metadataRemoved === "unreadable")
    return f.kind === "review"
      ? "This PDF cannot be read safely (encrypted or damaged): the author cannot download it; send its content in a letter."
      : "This PDF cannot be read safely (encrypted or damaged): reviewers cannot download it. Upload a file for review.";
  if (f.metadataRemoved === null) return `${to} a copy without the document information and XMP metadata.`;
  if (f.metadataRemoved.length === 0) return `${to} a copy; the original carries no document information or XMP metadata.`;
  return `${to} a copy without: ${f.metadataRemoved.join("; ")}. The original is kept for staff.`;
}

function ReviewFileForm({ m, onDone }: { m: ManuscriptDetail; onDone: (msg: FlashMessage) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError("Choose the anonymised PDF.");
    setBusy(true);
    setError(null);
    const form = new FormData();
    form.set("pdfFile", file);
    try {
      await uploadForm(apiPath(workflowApi.reviewFile, { id: m.id }), form);
      setFile(null);
      setInputKey((k) => k + 1);
      onDone({ kind: "success", text: `File for review of round ${m.round} uploaded: reviewers of this round receive it` });
    } catch (err) {
      const code = errorCode(err);
      setError(
        code === "invalid_file_type"
          ? "The file is not a PDF."
          : code === "file_too_large"
            ? "File size exceeds the limit of 5 MB."
            : workflowMessage(err),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="form" onSubmit={submit} aria-labelledby="review-file-title">
      <h3 className="form__section-title" id="review-file-title">
        File for review (round {m.round})
      </h3>
      <p className="hint">
        An anonymised version of the manuscript (names, acknowledgements and self-citations removed). Reviewers of this round receive it
        instead of the author's file.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <Field id="review-file" label="PDF (at most 5 MB)">
        <input
          key={inputKey}
          id="review-file"
          type="file"
          accept="application/pdf,.pdf"
          required
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Field>
      <div className="form__actions">
        <button type="submit" className="btn btn--secondary" disabled={busy}>
          {busy ? <Spinner /> : null} Upload the file for review
        </button>
      </div>
    </form>
  );
}

function DecisionForm({ m, onDone }: { m: ManuscriptDetail; onDone: (msg: FlashMessage) => void }) {
  const choices = decisionsFrom(m.stage);
  const blank = { decision: "" as Decision | "", subject: "", text: "" };
  const [values, setValues] = useState(blank);
  const [busy, setBusy] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft(`manuscript:${m.id}:${m.stage}:decision`, values, blank, setValues);
  async function choose(decision: Decision | "") {
    setError(null);
    if (!decision) return setValues(blank);
    setLoading(true);
    try {
      const letter = await adminJson<{ subject: string; text: string }>(apiPath(workflowApi.letter, { id: m.id }, { decision }));
      setValues({ decision, ...letter });
    } catch (err) {
      setError(workflowMessage(err));
    } finally {
      setLoading(false);
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!values.decision) return setError("Choose a decision.");
    setBusy(true);
    setError(null);
    try {
      await adminJson(apiPath(workflowApi.decision, { id: m.id }), { json: values });
      // Named by where the manuscript now stands ("Accepted", "Copyediting"), as its page's stage line says.
      const now = STAGE_LABELS[DECISION_RULES[values.decision].stage];
      onDone({ kind: "success", text: `Decision recorded: ${now}. The letter was e-mailed to the author.` });
      setValues(blank);
    } catch (err) {
      setError(workflowMessage(err));
    } finally {
      setBusy(false);
    }
  }
  if (choices.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="decision-title">
      <h2 className="form__section-title" id="decision-title">
        Decision and letter
      </h2>
      <DraftNotice draft={draft} />
      <form className="form" onSubmit={submit}>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <Field id="dec-choice" label="Decision">
          <select id="dec-choice" value={values.decision} onChange={(e) => void choose(e.target.value as Decision | "")}>
            <option value="">Choose…</option>
            {choices.map((d) => (
              <option key={d} value={d}>
                {DECISION_LABELS[d]}
              </option>
            ))}
          </select>
          {loading && <Spinner label="Loading the letter" />}
        </Field>
        {values.decision && (
          <>
            <Field id="dec-subject" label="Subject">
              <input id="dec-subject" required value={values.subject} onChange={(e) => setValues({ ...values, subject: e.target.value })} />
            </Field>
            <Field id="dec-text" label="Letter to the author">
              <textarea id="dec-text" required value={values.text} onChange={(e) => setValues({ ...values, text: e.target.value })} />
              <p className="field__hint">Filled from the journal's template (Letters). The link to the author's page is added below it.</p>
            </Field>
            <div className="form__actions">
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {busy ? <Spinner /> : null} Send the decision
              </button>
            </div>
          </>
        )}
      </form>
    </section>
  );
}

function PublishPanel({ m }: { m: ManuscriptDetail }) {
  const [issues, setIssues] = useState<AdminIssue[] | null>(null);
  const [pick, setPick] = useState("");
  const navigate = useNavigate();
  useEffect(() => {
    adminJson<AdminIssue[]>(apiPath(archiveApi.adminIssues))
      .then((list) => {
        setIssues(list);
        // The newest issue readers can see: an article saved in an unpublished one is not public yet, so the
        // manuscript cannot be marked Published from it (docs/decisions/0383).
        const first = list.find((i) => i.status === "published") ?? list[0];
        if (first) setPick(`${first.year}/${first.volume}/${first.issue}`);
      })
      .catch(() => setIssues([]));
  }, []);
  return (
    <section className="panel" aria-labelledby="publish-title">
      <h2 className="form__section-title" id="publish-title">
        Publish as article
      </h2>
      <p>
        Opens Add Article in the chosen issue, filled in from this manuscript (title, author, e-mail, country, phone and the latest PDF).
      </p>
      {issues === null ? (
        <Spinner label="Loading issues" />
      ) : issues.length === 0 ? (
        <p>
          No issue exists yet: create one under <Link to="/admin/archives">Archives</Link> first.
        </p>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(`/admin/archives/add/${pick}?manuscript=${m.id}`);
          }}
        >
          <Field id="pub-issue" label="Issue">
            <select id="pub-issue" value={pick} onChange={(e) => setPick(e.target.value)}>
              {issues.map((i) => (
                <option key={i.id} value={`${i.year}/${i.volume}/${i.issue}`}>
                  Vol. {i.volume}, Issue {i.issue} ({i.year}){i.status === "published" ? "" : " · unpublished"}
                </option>
              ))}
            </select>
          </Field>
          <div className="form__actions">
            <button type="submit" className="btn btn--primary">
              Publish as article
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

export function ManuscriptPage() {
  const { manuscript: m, messages } = useLoaderData<typeof loader>();
  useTitle(`Manuscript ${m.reference}`);
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [replyTo, setReplyTo] = useState<{ subject: string; n: number } | null>(null);
  const done = (msg: FlashMessage) => {
    setFlash(msg);
    void revalidator.revalidate();
    window.scrollTo({ top: 0, behavior: "smooth" });
  };
  const fail = (text: string) => setFlash({ kind: "error", text });

  async function act(key: string, path: string, json: unknown, ok: string, confirm?: string) {
    if (confirm && !window.confirm(confirm)) return;
    setBusy(key);
    try {
      await adminJson(path, { json });
      done({ kind: "success", text: ok });
    } catch (err) {
      fail(workflowMessage(err));
    } finally {
      setBusy(null);
    }
  }

  const rounds = [...new Set(m.reviews.map((r) => r.round))];
  // Who acted, as staff read it: a reviewer's name (staff know it; authors never see this page).
  const actorName = (actor: string) => {
    const reviewer = /^reviewer:(\d+)$/.exec(actor);
    if (reviewer) return `reviewer ${m.reviews.find((r) => r.id === Number(reviewer[1]))?.reviewer.name ?? reviewer[1]}`;
    return actor.replace(/^staff:/, "");
  };
  const canInvite = STAGE_RULES[m.stage].invitesReviewers;
  // Review starts by hand only where inviting is allowed and the manuscript is not in review yet.
  const canStartReview = canInvite && m.allowed.includes("under_review");
  const hasActions = canInvite || m.allowed.length > 0;
  return (
    <>
      <PageHeader
        title={`${m.reference}`}
        back={{ to: "/admin/manuscripts", label: "Back to manuscripts" }}
        meta={
          <>
            <StageBadge stage={m.stage} /> · Round {m.round} · received {formatDate(m.createdAt)}
            {m.source === "staff" ? " · added by staff" : ""}
          </>
        }
      />
      <Flash message={flash} onClose={() => setFlash(null)} />
      <section className="panel" aria-labelledby="ms-details">
        <h2 className="form__section-title" id="ms-details">
          {m.title}
        </h2>
        <dl className="ms-meta">
          <dt>Author</dt>
          <dd>{m.authorName}</dd>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${m.authorEmail}`}>{m.authorEmail}</a>
          </dd>
          {m.country && (
            <>
              <dt>Country</dt>
              <dd>{m.country}</dd>
            </>
          )}
          {m.phone && (
            <>
              <dt>Phone</dt>
              <dd>{m.phone}</dd>
            </>
          )}
          {m.address && (
            <>
              <dt>Address</dt>
              <dd className="pre-line">{m.address}</dd>
            </>
          )}
          <dt>Author's page</dt>
          <dd>
            {m.trackingLink ? `link active until ${formatDate(m.trackingLink.expiresAt)}` : "no active link"}{" "}
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={busy !== null}
              onClick={() =>
                void act(
                  "link",
                  apiPath(workflowApi.trackingLink, { id: m.id }),
                  {},
                  "The author's old link no longer works; a new one was e-mailed.",
                  "Replace the author's link? The old one stops working at once and a new one is e-mailed to the author.",
                )
              }
            >
              Replace the link
            </button>
          </dd>
          {m.articleId && (
            <>
              <dt>Article</dt>
              <dd>
                <Link to={`/admin/archives/${m.articleId}`}>Edit the published article</Link>
              </dd>
            </>
          )}
        </dl>
      </section>
      <SubmittedDetailsPanel m={m} onError={fail} />
      <div className={hasActions ? "ms-layout" : "ms-layout ms-layout--single"}>
        <div className="ms-history">
          <section className="panel" aria-labelledby="ms-reviews">
            <h2 className="form__section-title" id="ms-reviews">
              Reviews
            </h2>
            {m.reviews.length === 0 && <p className="muted">No reviewer invited yet.</p>}
            {rounds.map((round) => (
              <div key={round}>
                <h3>Round {round}</h3>
                {m.reviews
                  .filter((r) => r.round === round)
                  .map((r) => (
                    <article className="review-card" key={r.id}>
                      <div className="review-card__head">
                        <strong>{r.reviewer.name}</strong>
                        <span
                          className={`mail-status mail-status--${r.status === REVIEW_STATUS.submitted ? "sent" : r.overdue ? "failed" : "queued"}`}
                        >
                          {r.status === REVIEW_STATUS.submitted
                            ? `Submitted ${formatDate(r.submittedAt)}`
                            : ASSIGNMENT_RULES[r.status].label}
                          {r.overdue ? " · overdue" : ""}
                        </span>
                      </div>
                      <p className="muted break-anywhere">
                        {r.reviewer.email}
                        {r.reviewer.affiliation ? ` · ${r.reviewer.affiliation}` : ""} · invited {formatDate(r.invitedAt)} · due {r.dueDate}
                        {r.linkActive ? "" : " · link inactive"}
                      </p>
                      {r.recommendation && (
                        <p>
                          Recommendation: <strong>{RECOMMENDATION_LABELS[r.recommendation]}</strong>
                        </p>
                      )}
                      {r.commentsAuthor && (
                        <details className="letter">
                          <summary>Comments for the author</summary>
                          <pre className="letter-text">{r.commentsAuthor}</pre>
                        </details>
                      )}
                      {r.commentsEditor && (
                        <details className="letter">
                          <summary>Confidential comments for the editor</summary>
                          <pre className="letter-text">{r.commentsEditor}</pre>
                        </details>
                      )}
                      {r.declineReason && (
                        <p className="pre-line">
                          <strong>Why they declined:</strong> {r.declineReason}
                        </p>
                      )}
                      {r.declineSuggestion && (
                        <p className="pre-line break-anywhere">
                          <strong>They suggest instead:</strong> {r.declineSuggestion}
                        </p>
                      )}
                      {ASSIGNMENT_RULES[r.status].open && (
                        <button
                          type="button"
                          className="btn btn--ghost btn--small"
                          disabled={busy !== null}
                          onClick={() =>
                            void act(
                              `revoke-${r.id}`,
                              apiPath(workflowApi.revokeReview, { id: m.id, assignmentId: r.id }),
                              {},
                              `The invitation of ${r.reviewer.name} was withdrawn; the link no longer works.`,
                              `Withdraw the invitation of ${r.reviewer.name}? Their link stops working at once.`,
                            )
                          }
                        >
                          Withdraw invitation
                        </button>
                      )}
                    </article>
                  ))}
              </div>
            ))}
          </section>

          <section className="panel" aria-labelledby="ms-files">
            <h2 className="form__section-title" id="ms-files">
              Files
            </h2>
            <ul className="timeline">
              {m.files.map((f) => (
                <li key={f.id}>
                  <strong>{FILE_LABELS[f.kind]}</strong> · round {f.round} · {formatDateTime(f.createdAt)} · {formatBytes(f.size)}{" "}
                  <DownloadButton
                    url={f.url}
                    fileName={`${m.reference}-${f.kind}-round${f.round}.pdf`}
                    failure="Could not download the file. Please try again."
                    onError={fail}
                  >
                    Download
                    <span className="visually-hidden">
                      {" "}
                      {FILE_LABELS[f.kind]} round {f.round}
                    </span>
                  </DownloadButton>
                  {ANONYMISED_FILE_KINDS.has(f.kind) ? <p className="hint">{metadataNote(f)}</p> : null}
                </li>
              ))}
            </ul>
            {["received", "under_review"].includes(m.stage) ? <ReviewFileForm m={m} onDone={done} /> : null}
            <AuthorCheckForm m={m} onDone={done} />
          </section>

          <section className="panel" aria-labelledby="ms-timeline">
            <h2 className="form__section-title" id="ms-timeline">
              Timeline
            </h2>
            <ol className="timeline">
              {m.timeline.map((e) => (
                <li key={e.id}>
                  <div className="timeline__when">
                    {formatDateTime(e.at)} · {actorName(e.actor)}
                  </div>
                  <div>
                    {e.summary}
                    {e.from && e.to ? ` (${STAGE_LABELS[e.from]} → ${STAGE_LABELS[e.to]})` : ""}
                  </div>
                  {e.letter && (
                    <details className="letter">
                      <summary>Letter: {e.letter.subject}</summary>
                      <pre className="letter-text">{e.letter.text}</pre>
                    </details>
                  )}
                </li>
              ))}
            </ol>
          </section>

          <section className="panel" aria-labelledby="ms-discussion">
            <h2 className="form__section-title" id="ms-discussion">
              Discussion
            </h2>
            {m.discussion.length === 0 ? (
              <p className="muted">Replies to this manuscript's e-mails appear here.</p>
            ) : (
              <ol className="timeline">
                {m.discussion.map((d) => (
                  <li key={d.id}>
                    <ReplyHeading reply={d} reviewerName={(id) => m.reviews.find((r) => r.id === id)?.reviewer.name} />
                    <strong>{d.subject}</strong>
                    <pre className="letter-text">{d.text}</pre>
                    {isAuthorsReply(d, m.authorEmail) && (
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        onClick={() => setReplyTo((r) => ({ subject: d.subject, n: (r?.n ?? 0) + 1 }))}
                      >
                        Reply to the author
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            )}
            <AuthorMessageForm m={m} replyTo={replyTo} onDone={done} />
          </section>

          <section className="panel" aria-labelledby="ms-mail">
            <h2 className="form__section-title" id="ms-mail">
              Messages sent
            </h2>
            <ol className="timeline">
              {messages.map((x) => (
                <li key={x.id}>
                  <div className="timeline__when">
                    {formatDateTime(x.createdAt)} · to {x.to} · <span className={`mail-status mail-status--${x.status}`}>{x.status}</span>
                  </div>
                  <details className="letter">
                    <summary>{x.subject}</summary>
                    <pre className="letter-text">{x.text}</pre>
                  </details>
                </li>
              ))}
            </ol>
          </section>
          <ManuscriptInvoice manuscriptId={m.id} />
        </div>

        {hasActions && (
          <div className="ms-actions">
            {canInvite && <InviteForm m={m} onDone={done} />}
            <DecisionForm key={m.stage} m={m} onDone={done} />
            {STAGE_RULES[m.stage].publishable && <PublishPanel m={m} />}
            {(m.allowed.includes("withdrawn") || canStartReview) && (
              <section className="panel" aria-labelledby="ms-moves">
                <h2 className="form__section-title" id="ms-moves">
                  Stage
                </h2>
                <div className="row-actions">
                  {canStartReview && (
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={busy !== null}
                      onClick={() =>
                        void act("review", apiPath(workflowApi.stage, { id: m.id }), { to: "under_review" }, "Sent to review.")
                      }
                    >
                      Send to review
                    </button>
                  )}
                  {m.allowed.includes("withdrawn") && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      disabled={busy !== null}
                      onClick={() =>
                        void act(
                          "withdraw",
                          apiPath(workflowApi.stage, { id: m.id }),
                          { to: "withdrawn", note: "Withdrawn by staff at the author's request" },
                          "Withdrawn. The author was told and the reviewers' links were closed.",
                          "Withdraw this manuscript? This cannot be undone.",
                        )
                      }
                    >
                      Withdraw
                    </button>
                  )}
                </div>
              </section>
            )}
          </div>
        )}
      </div>
    </>
  );
}

function ManuscriptError() {
  useTitle("Manuscript");
  return <LoadError title="Manuscript" />;
}

export const route = { loader, Component: ManuscriptPage, ErrorBoundary: ManuscriptError };
