// /admin/archives (SPEC §2, §5, §8): the issue list and the 'Add New' issue form.
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { createIssueSchema, ISSUE_MAX, VOLUME_MAX } from "../../worker/schemas/admin";
import { adminJson, errorCode } from "./admin-api";
import { saveErrorMessage } from "./save-errors";
import { EmptyState, ErrorState, Field, Flash, LoadingState, PageHeader, Spinner, useTitle, type FlashMessage } from "./admin-ui";
import { formatDate, pad } from "./format";
import type { AdminIssue } from "../../worker/schemas/api";
import { useResource } from "./use-resource";

export function issuePath(issue: { year: number; volume: number; issue: number }): string {
  return `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`;
}

/** A required whole number >= 0 (SPEC §5 add issue) within the shared schema's range, or null. */
function wholeNumber(value: string, max: number): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 && n <= max ? n : null;
}

function AddIssueForm({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
  const id = useId();
  const year = new Date().getFullYear();
  const [volume, setVolume] = useState("");
  const [issue, setIssue] = useState("");
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [message, setMessage] = useState<FlashMessage | null>(null);

  const volumeValue = wholeNumber(volume, VOLUME_MAX);
  const issueValue = wholeNumber(issue, ISSUE_MAX);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (volumeValue === null || issueValue === null || busy || done) return;
    const input = createIssueSchema.safeParse({ volume: volumeValue, issue: issueValue, year });
    if (!input.success) return;
    setBusy(true);
    setMessage(null);
    try {
      await adminJson("/api/admin/create-issue", { json: input.data });
      setDone(true);
      setMessage({ kind: "success", text: "Issue created successfully" });
      onCreated();
    } catch (error) {
      const code = errorCode(error);
      setMessage({
        kind: "error",
        text: "Something went wrong",
        detail:
          code === "duplicate_issue"
            ? `Volume ${pad(volumeValue, 2)}, issue ${pad(issueValue, 2)} of ${year} already exists.`
            : code === "internal_error" || code === "network"
              ? saveErrorMessage(code)
              : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  function again() {
    setVolume("");
    setIssue("");
    setTried(false);
    setDone(false);
    setMessage(null);
  }

  const volumeInvalid = tried && volumeValue === null;
  const issueInvalid = tried && issueValue === null;

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="panel__header">
        <h2 id={`${id}-title`}>New issue for {year}</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      <form className="inline-form" onSubmit={submit} noValidate>
        {/* The shared message under the form explains a missing number, so the field only turns red. */}
        <Field id={`${id}-volume`} label="Volume" required className={volumeInvalid ? "field--invalid" : undefined}>
          <input
            id={`${id}-volume`}
            name="volume"
            type="number"
            inputMode="numeric"
            min={0}
            max={VOLUME_MAX}
            step={1}
            required
            aria-invalid={volumeInvalid || undefined}
            value={volume}
            readOnly={done}
            onChange={(e) => setVolume(e.target.value)}
          />
        </Field>
        <Field id={`${id}-issue`} label="Issue" required className={issueInvalid ? "field--invalid" : undefined}>
          <input
            id={`${id}-issue`}
            name="issue"
            type="number"
            inputMode="numeric"
            min={0}
            max={ISSUE_MAX}
            step={1}
            required
            aria-invalid={issueInvalid || undefined}
            value={issue}
            readOnly={done}
            onChange={(e) => setIssue(e.target.value)}
          />
        </Field>
        <Field id={`${id}-year`} label="Year">
          <input id={`${id}-year`} value={year} readOnly className="input--readonly" />
        </Field>
        <div className="inline-form__actions">
          {!done ? (
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? (
                <>
                  <Spinner /> Creating…
                </>
              ) : (
                "Submit"
              )}
            </button>
          ) : (
            <button type="button" className="btn btn--secondary" onClick={again}>
              Add another
            </button>
          )}
        </div>
      </form>
      {(volumeInvalid || issueInvalid) && !message && (
        <p className="form-error" role="alert">
          Enter a volume and an issue number (0 or more).
        </p>
      )}
      <Flash message={message} />
    </section>
  );
}

export function IssuesPage() {
  useTitle("Archives");
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const issues = useResource((signal) => adminJson<AdminIssue[]>("/api/admin/archives/", { signal }), "issues");

  return (
    <>
      <PageHeader
        title="Archives"
        meta={issues.data ? `${issues.data.length} ${issues.data.length === 1 ? "issue" : "issues"}` : undefined}
        actions={
          !adding && (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
              Add New
            </button>
          )
        }
      />
      {adding && <AddIssueForm onCreated={issues.reload} onClose={() => setAdding(false)} />}
      {issues.loading && !issues.data ? (
        <LoadingState label="Loading issues…" />
      ) : issues.error && !issues.data ? (
        <ErrorState onRetry={issues.reload} />
      ) : !issues.data?.length ? (
        <EmptyState title="No issues yet">
          <p>Create the first issue with Add New.</p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table--rows-link">
            <thead>
              <tr>
                <th scope="col">Year</th>
                <th scope="col">Volume</th>
                <th scope="col">Issue</th>
                <th scope="col" className="num">
                  Articles
                </th>
                <th scope="col">Creation</th>
              </tr>
            </thead>
            <tbody>
              {issues.data.map((row) => (
                <tr key={`${row.year}-${row.volume}-${row.issue}`} onClick={() => navigate(issuePath(row))}>
                  <td>
                    <Link
                      to={issuePath(row)}
                      onClick={(e) => e.stopPropagation()}
                      aria-label={`${row.year}, volume ${pad(row.volume, 2)}, issue ${pad(row.issue, 2)}`}
                    >
                      {row.year}
                    </Link>
                  </td>
                  <td>{pad(row.volume, 2)}</td>
                  <td>{pad(row.issue, 2)}</td>
                  <td className="num">{pad(row.articles, 3)}</td>
                  <td>{formatDate(row.creation)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
