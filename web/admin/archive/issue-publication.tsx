// Whether readers see an issue (issue 48 item 8, docs/decisions/0383): a new issue is unpublished while staff build
// it; they publish it now (after a confirmation), or choose a day for the Cron Trigger to publish it, and can take a
// published one back ("Unpublish") when it went out by mistake. Until then it is theirs alone: the public site, its
// feeds, sitemaps, search and OAI-PMH show nothing of it or its articles.
import { useState } from "react";
import { ISSUE_MESSAGES, ISSUE_STATUS, type IssueDetails, type IssueStatus } from "#contract/issues";
import { issueLabel } from "#contract/citation";
import { adminJson, errorCode } from "../admin-api";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { Field, Flash, type FlashMessage } from "../admin-ui";
import { BusyButton } from "../form-kit";
import { saveErrorMessage } from "../save-errors";

/** The state as a badge: the issue list and the issue page say it the same way. */
export function IssueStateBadge({ status, publishOn }: { status: IssueStatus; publishOn: string | null }) {
  if (status === ISSUE_STATUS.published) return <span className="badge badge--success">Published</span>;
  return (
    <span className="badge badge--warning">
      Unpublished{status === ISSUE_STATUS.scheduled && publishOn ? ` · publishes ${publishOn}` : ""}
    </span>
  );
}

/** Tomorrow (UTC), the first day a schedule may name. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export function IssuePublication({ details, onSaved }: { details: IssueDetails; onSaved: (d: IssueDetails) => void }) {
  const [busy, setBusy] = useState<"publish" | "schedule" | "unpublish" | null>(null);
  const [day, setDay] = useState(details.publishOn ?? "");
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const label = issueLabel(details);
  const published = details.status === ISSUE_STATUS.published;

  const send = async (kind: "publish" | "schedule" | "unpublish", body: object, done: string) => {
    setBusy(kind);
    setMessage(null);
    try {
      const saved = (await adminJson<{ issue: IssueDetails }>(apiPath(archiveApi.issuePublication, { id: details.id }), { json: body }))
        .issue;
      onSaved(saved);
      setDay(saved.publishOn ?? "");
      setMessage({ kind: "success", text: done });
    } catch (err) {
      const code = errorCode(err);
      setMessage({ kind: "error", text: "Something went wrong", detail: ISSUE_MESSAGES[code] ?? saveErrorMessage(code) });
    } finally {
      setBusy(null);
    }
  };
  const publish = () => {
    if (!window.confirm(`Publish ${label}? Readers, search engines and indexers see it and its enabled articles at once.`)) return;
    void send("publish", { status: ISSUE_STATUS.published }, "Issue published");
  };
  const schedule = () => {
    if (!day) {
      setMessage({ kind: "error", text: "Something went wrong", detail: "Choose the day to publish on." });
      return;
    }
    void send("schedule", { status: ISSUE_STATUS.scheduled, publishOn: day }, `The issue will be published on ${day}`);
  };
  const unpublish = () => {
    if (
      !window.confirm(
        `Unpublish ${label}? Readers and indexers no longer see it or its articles; harvesters are told its articles were withdrawn.`,
      )
    )
      return;
    void send("unpublish", { status: ISSUE_STATUS.draft }, "Issue unpublished");
  };

  return (
    <section className={`panel issue-publication${published ? "" : " issue-publication--draft"}`} aria-labelledby="issue-publication-title">
      <div className="panel__header">
        <h2 id="issue-publication-title">
          Publication <IssueStateBadge status={details.status} publishOn={details.publishOn} />
        </h2>
      </div>
      {published ? (
        <div className="issue-publication__row">
          <p className="field__hint">Readers see this issue and its enabled articles.</p>
          <BusyButton busy={busy === "unpublish"} busyLabel="Unpublishing…" className="btn btn--ghost btn--small" onClick={unpublish}>
            Unpublish
          </BusyButton>
        </div>
      ) : (
        <>
          <p className="field__hint">
            {details.status === ISSUE_STATUS.scheduled && details.publishOn
              ? `Only staff see this issue until ${details.publishOn}, when it is published automatically (early in the day, UTC). Add and check its articles meanwhile.`
              : "Only staff see this issue: add and check its articles, then publish it. Readers, search and indexers see nothing of it until then."}
          </p>
          <div className="issue-publication__row">
            <BusyButton
              busy={busy === "publish"}
              busyLabel="Publishing…"
              className="btn btn--primary"
              disabled={busy !== null}
              onClick={publish}
            >
              Publish issue
            </BusyButton>
            <Field id="issue-publish-on" label="Publish on" hint="A later day; the issue is published automatically that day.">
              <input
                id="issue-publish-on"
                aria-describedby="issue-publish-on-hint"
                className="input"
                type="date"
                min={tomorrow()}
                value={day}
                onChange={(e) => setDay(e.currentTarget.value)}
              />
            </Field>
            <BusyButton
              busy={busy === "schedule"}
              busyLabel="Scheduling…"
              className="btn btn--secondary"
              disabled={busy !== null}
              onClick={schedule}
            >
              {details.status === ISSUE_STATUS.scheduled ? "Change the day" : "Schedule"}
            </BusyButton>
            {details.status === ISSUE_STATUS.scheduled ? (
              <BusyButton
                busy={busy === "unpublish"}
                busyLabel="Cancelling…"
                className="btn btn--ghost btn--small"
                disabled={busy !== null}
                onClick={() => void send("unpublish", { status: ISSUE_STATUS.draft }, "The schedule was cancelled")}
              >
                Cancel the schedule
              </BusyButton>
            ) : null}
          </div>
        </>
      )}
      <Flash message={message} onClose={() => setMessage(null)} />
    </section>
  );
}
