// /admin/outbox: every message the journal sent or will send, newest first, with its state; a failed one shows its
// error and a Resend action. Below: replies that matched no manuscript.
import { useState } from "react";
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from "react-router";
import { adminJson } from "../admin-api";
import { EmptyState, Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { formatDateTime } from "../format";
import type { OutboxMessage, UnmatchedPage } from "#contract/workflow";
import { workflowMessage } from "./workflow-ui";
import { UnmatchedReplies } from "./unmatched-replies";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

export async function loader({ request }: LoaderFunctionArgs) {
  const [outbox, unmatched] = await Promise.all([
    loadAdminJson<{ messages: OutboxMessage[] }>(apiPath(workflowApi.outbox), request),
    loadAdminJson<UnmatchedPage>(apiPath(workflowApi.unmatched), request),
  ]);
  return { messages: outbox.messages, unmatched };
}

const STATUS_TEXT: Record<OutboxMessage["status"], string> = { queued: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" };

export function OutboxPage() {
  useTitle("Outbox");
  const { messages, unmatched } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const failed = messages.filter((m) => m.status === "failed").length;

  async function resend(m: OutboxMessage) {
    setBusy(m.id);
    try {
      await adminJson(apiPath(workflowApi.resend, { id: m.id }), { method: "POST" });
      setFlash({ kind: "success", text: `“${m.subject}” is queued again.` });
      void revalidator.revalidate();
    } catch (err) {
      setFlash({ kind: "error", text: workflowMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Outbox"
        back={{ to: "/admin/manuscripts", label: "Back to manuscripts" }}
        meta={`${messages.length} messages · newest first${failed ? ` · ${failed} failed` : ""}`}
        actions={
          <button type="button" className="btn btn--secondary" onClick={() => void revalidator.revalidate()}>
            Refresh
          </button>
        }
      />
      <Flash message={flash} onClose={() => setFlash(null)} />
      {messages.length === 0 ? (
        <EmptyState title="No messages yet">
          <p>Acknowledgements, invitations, letters and reminders appear here as they are written.</p>
        </EmptyState>
      ) : (
        <ol className="timeline panel">
          {messages.map((m) => (
            <li key={m.id}>
              <div className="timeline__when">
                {formatDateTime(m.createdAt)} · to {m.toName ? `${m.toName} <${m.to}>` : m.to} ·{" "}
                <span className={`mail-status mail-status--${m.status}`}>{STATUS_TEXT[m.status]}</span>
                {m.attempts > 1 ? ` after ${m.attempts} attempts` : ""}
                {m.manuscriptId ? (
                  <>
                    {" · "}
                    <Link to={`/admin/manuscripts/${m.manuscriptId}`}>manuscript</Link>
                  </>
                ) : null}
              </div>
              <details className="letter">
                <summary>{m.subject}</summary>
                <p className="muted break-anywhere">
                  From {m.from}
                  {m.replyTo ? ` · replies to ${m.replyTo}` : ""}
                </p>
                <pre className="letter-text">{m.text}</pre>
              </details>
              {m.status === "failed" && (
                <p>
                  <span className="mail-status mail-status--failed">Not sent: {m.error || "unknown error"}</span>{" "}
                  <button type="button" className="btn btn--secondary btn--small" disabled={busy !== null} onClick={() => void resend(m)}>
                    {busy === m.id ? <Spinner /> : null} Resend
                  </button>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      <UnmatchedReplies first={unmatched} />
    </>
  );
}

function OutboxError() {
  useTitle("Outbox");
  return <LoadError title="Outbox" />;
}

export const route = { loader, Component: OutboxPage, ErrorBoundary: OutboxError };
