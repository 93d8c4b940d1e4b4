// The outbox page's replies that matched no manuscript (docs/decisions/0303): the newest page comes with the page's
// data; older pages are fetched on request ("Show older replies"), so a flood of junk never hides the newest.
import { useEffect, useState } from "react";
import { adminJson } from "../admin-api";
import { Spinner } from "../admin-ui";
import type { UnmatchedPage } from "#contract/workflow";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";
import { workflowMessage } from "./workflow-ui";
import { ReplyHeading } from "./reply-heading";

export function UnmatchedReplies({ first }: { first: UnmatchedPage }) {
  const [shown, setShown] = useState(first.messages);
  const [next, setNext] = useState(first.next);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refresh of the page brings a new first page: start again from it.
  useEffect(() => {
    setShown(first.messages);
    setNext(first.next);
  }, [first]);

  async function older() {
    if (next === null) return;
    setBusy(true);
    setError(null);
    try {
      const page = await adminJson<UnmatchedPage>(apiPath(workflowApi.unmatched, {}, { before: next }));
      setShown((s) => [...s, ...page.messages]);
      setNext(page.next);
    } catch (err) {
      setError(workflowMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="unmatched-title">
      <h2 className="form__section-title" id="unmatched-title">
        Replies that matched no manuscript
      </h2>
      {shown.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ol className="timeline panel">
          {shown.map((d) => (
            <li key={d.id}>
              <ReplyHeading reply={d} />
              <p className="muted break-anywhere">To {d.to}</p>
              <strong>{d.subject}</strong>
              <pre className="letter-text">{d.text}</pre>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p className="mail-status mail-status--failed" role="alert">
          {error}
        </p>
      )}
      {next !== null && (
        <p>
          <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void older()}>
            {busy ? <Spinner /> : null} Show older replies
          </button>
        </p>
      )}
    </section>
  );
}
