// The manuscript page's "Invite a reviewer" (issue 48 item 4): find someone in the journal's reviewer database by
// name, institution or expertise (with their reviews, turnaround, declines and open load), or type a new reviewer;
// a warning when the chosen reviewer is already busy; and the invitation itself, which staff may edit before it goes.
// What staff type is kept as a local draft (docs/decisions/0145).
import { useEffect, useState, type FormEvent } from "react";
import { adminJson } from "../admin-api";
import { Field, Spinner, type FlashMessage } from "../admin-ui";
import { useDraft } from "../form-kit/use-draft";
import { DraftNotice } from "../form-kit";
import { INVITATION_PLACEHOLDERS, REVIEWER_BUSY_AT, type ManuscriptDetail, type ReviewerEntry } from "#contract/workflow";
import { workflowMessage } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const SHOWN_MATCHES = 6;

/** The journal's reviewers with their figures; only a help, so a failed load leaves the form as it was. */
function useReviewers(): ReviewerEntry[] {
  const [reviewers, setReviewers] = useState<ReviewerEntry[]>([]);
  useEffect(() => {
    let live = true;
    adminJson<{ reviewers: ReviewerEntry[] }>(apiPath(workflowApi.reviewers))
      .then((r) => live && setReviewers(r.reviewers))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return reviewers;
}

/** Reviewers whose name, e-mail, institution or expertise hold every word typed; the least busy first. */
export function matchReviewers(reviewers: ReviewerEntry[], query: string): ReviewerEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return reviewers
    .filter((r) => {
      const hay = `${r.name} ${r.email} ${r.affiliation} ${r.keywords}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    })
    .sort((a, b) => a.open - b.open || b.submitted - a.submitted || a.name.localeCompare(b.name));
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 reviews · median 12 days · 1 declined · 2 open": what an editor weighs before inviting. */
function reviewerFigures(r: ReviewerEntry): string {
  const parts = [plural(r.submitted, "review", "reviews")];
  if (r.medianTurnaroundDays !== null) parts.push(`median ${plural(r.medianTurnaroundDays, "day", "days")}`);
  if (r.declined > 0) parts.push(`${r.declined} declined`);
  parts.push(`${r.open} open`);
  return parts.join(" · ");
}

function ReviewerSearch({ reviewers, onChoose }: { reviewers: ReviewerEntry[]; onChoose: (r: ReviewerEntry) => void }) {
  const [query, setQuery] = useState("");
  const matches = matchReviewers(reviewers, query);
  return (
    <div className="reviewer-search">
      <Field id="inv-find" label="Find in the journal's reviewers" hint="Name, institution or expertise; or type a new reviewer below.">
        <input id="inv-find" type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      </Field>
      {query.trim() !== "" && (
        <div role="status">
          {matches.length === 0 ? (
            <p className="muted">No reviewer of this journal matches “{query.trim()}”.</p>
          ) : (
            <ul className="reviewer-matches" aria-label="Matching reviewers">
              {matches.slice(0, SHOWN_MATCHES).map((r) => (
                <li key={r.id}>
                  <div className="stack-cell">
                    <strong>{r.name}</strong>
                    <span className="muted">{[r.affiliation, r.keywords].filter(Boolean).join(" · ") || r.email}</span>
                    <span className={r.open >= REVIEWER_BUSY_AT ? "busy-text" : "muted"}>{reviewerFigures(r)}</span>
                  </div>
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    onClick={() => {
                      onChoose(r);
                      setQuery("");
                    }}
                  >
                    Choose<span className="visually-hidden"> {r.name}</span>
                  </button>
                </li>
              ))}
              {matches.length > SHOWN_MATCHES && (
                <li className="muted">{matches.length - SHOWN_MATCHES} more: type more of a name or field.</li>
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

export function InviteForm({ m, onDone }: { m: ManuscriptDetail; onDone: (msg: FlashMessage) => void }) {
  const blank = { name: "", email: "", affiliation: "", keywords: "", dueDate: inDays(21), subject: "", text: "" };
  const [baseline, setBaseline] = useState(blank);
  const [values, setValues] = useState(blank);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft(`manuscript:${m.id}:invite`, values, baseline, setValues);
  const reviewers = useReviewers();
  const wanted = values.email.trim().toLowerCase();
  const busyWith = reviewers.find((r) => r.email === wanted && r.open >= REVIEWER_BUSY_AT) ?? null;
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  // The journal's invitation, to edit before it goes; a restored draft's own letter is kept.
  const [letter, setLetter] = useState<{ subject: string; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    adminJson<{ subject: string; text: string }>(apiPath(workflowApi.invitation, { id: m.id }))
      .then((l) => {
        if (!live) return;
        setLetter(l);
        setBaseline((b) => ({ ...b, ...l }));
        setValues((v) => (v.text === "" ? { ...v, ...l } : v));
      })
      .catch(() => undefined); // without it the journal's own text goes, unedited
    return () => {
      live = false;
    };
  }, [m.id]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const { subject, text, ...reviewer } = values;
    try {
      await adminJson(apiPath(workflowApi.inviteReviewer, { id: m.id }), { json: text ? { ...reviewer, subject, text } : reviewer });
      const fresh = { ...blank, ...(letter ?? {}) };
      setBaseline(fresh);
      setValues(fresh);
      onDone({ kind: "success", text: `Invitation e-mailed to ${values.name}` });
    } catch (err) {
      setError(workflowMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const edited = letter !== null && (values.subject !== letter.subject || values.text !== letter.text);
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 className="form__section-title" id="invite-title">
        Invite a reviewer (round {m.round})
      </h2>
      <DraftNotice draft={draft} />
      <ReviewerSearch
        reviewers={reviewers}
        onChoose={(r) => setValues((v) => ({ ...v, name: r.name, email: r.email, affiliation: r.affiliation, keywords: r.keywords }))}
      />
      <form className="form" onSubmit={submit}>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <Field id="inv-name" label="Name">
          <input id="inv-name" required value={values.name} onChange={set("name")} autoComplete="off" />
        </Field>
        <Field id="inv-email" label="E-mail">
          <input id="inv-email" type="email" required value={values.email} onChange={set("email")} autoComplete="off" />
        </Field>
        {busyWith && (
          <p className="busy-warning" role="status">
            {busyWith.name} already has {busyWith.open} open reviews (invited or reviewing). You can still invite them.
          </p>
        )}
        <Field id="inv-aff" label="Affiliation">
          <input id="inv-aff" value={values.affiliation} onChange={set("affiliation")} />
        </Field>
        <Field id="inv-kw" label="Expertise keywords">
          <input id="inv-kw" value={values.keywords} onChange={set("keywords")} />
        </Field>
        <Field id="inv-due" label="Review due">
          <input id="inv-due" type="date" required min={inDays(1)} value={values.dueDate} onChange={set("dueDate")} />
        </Field>
        {values.text !== "" && (
          <details className="invite-letter" open={edited || undefined}>
            <summary>The invitation{edited ? " (edited)" : ""}: read or edit it before it goes</summary>
            <Field id="inv-subject" label="Subject">
              <input id="inv-subject" required value={values.subject} onChange={set("subject")} />
            </Field>
            <Field
              id="inv-text"
              label="Letter"
              hint={
                <>
                  Filled when it is sent:{" "}
                  {INVITATION_PLACEHOLDERS.map((p) => (
                    <code key={p}>{`{{${p}}}`} </code>
                  ))}
                  — keep <code>{"{{review_link}}"}</code>: it becomes the reviewer's own link. The reviewer never sees the authors' names.
                </>
              }
            >
              <textarea id="inv-text" required rows={12} value={values.text} onChange={set("text")} />
            </Field>
            {edited && letter && (
              <button type="button" className="btn btn--secondary btn--small" onClick={() => setValues((v) => ({ ...v, ...letter }))}>
                Restore the journal's text
              </button>
            )}
          </details>
        )}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? <Spinner /> : null} Send invitation
          </button>
        </div>
      </form>
    </section>
  );
}
