// /admin/outbox: every message the journal sent or will send, newest first, with its state, searched by subject or
// recipient, filtered by state, a page at a time; a failed one shows its error and a Resend action. Below: replies
// that matched no manuscript.
import { useState } from "react";
import { Link, useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { adminJson } from "../admin-api";
import { EmptyState, Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { withChanges } from "../search-params";
import { formatDateTime } from "../format";
import { OUTBOX_STATUSES, type OutboxMessage, type OutboxPage as OutboxAnswer, type UnmatchedPage } from "#contract/workflow";
import { workflowMessage } from "./workflow-ui";
import { UnmatchedReplies } from "./unmatched-replies";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

/** Messages per page of the outbox. */
const PAGE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams({ limit: String(PAGE) });
  for (const k of ["q", "status", "offset"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  const [outbox, unmatched] = await Promise.all([
    loadAdminJson<OutboxAnswer>(apiPath(workflowApi.outbox, {}, q), request),
    loadAdminJson<UnmatchedPage>(apiPath(workflowApi.unmatched), request),
  ]);
  return { ...outbox, unmatched };
}

const STATUS_TEXT: Record<OutboxMessage["status"], string> = { queued: "Queued", sending: "Sending", sent: "Sent", failed: "Failed" };

export function OutboxPage() {
  useTitle("Outbox");
  const { messages, total, next, unmatched } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get("q") ?? "");
  const status = params.get("status") ?? "";
  const offset = Number(params.get("offset") ?? 0) || 0;
  const filtered = Boolean(params.get("q") || status);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // A new search or state starts at its first page.
  const go = (change: Record<string, string>) => setParams(withChanges(params, { offset: "", ...change }));

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
        meta={`${total} ${total === 1 ? "message" : "messages"}${filtered ? " match" : ""} · newest first${
          total > messages.length ? ` · ${offset + 1}–${offset + messages.length} shown` : ""
        }`}
        actions={
          <button type="button" className="btn btn--secondary" onClick={() => void revalidator.revalidate()}>
            Refresh
          </button>
        }
      />
      <Flash message={flash} onClose={() => setFlash(null)} />
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: q.trim() });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="ob-q">
            Search by subject, recipient or reference
          </label>
          <input id="ob-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <button className="btn btn--secondary" type="submit">
          Search
        </button>
        <div className="field">
          <label className="field__label" htmlFor="ob-status">
            State
          </label>
          <select id="ob-status" value={status} onChange={(e) => go({ status: e.target.value })}>
            <option value="">All</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_TEXT[s]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {messages.length === 0 ? (
        filtered ? (
          <EmptyState title="Nothing matches">
            <p>Change the search or the state.</p>
          </EmptyState>
        ) : (
          <EmptyState title="No messages yet">
            <p>Acknowledgements, invitations, letters and reminders appear here as they are written.</p>
          </EmptyState>
        )
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
      {(offset > 0 || next !== null) && (
        <nav className="pager" aria-label="Outbox pages">
          {offset > 0 && (
            <button type="button" className="btn btn--secondary" onClick={() => go({ offset: String(Math.max(0, offset - PAGE)) })}>
              Newer messages
            </button>
          )}
          {next !== null && (
            <button type="button" className="btn btn--secondary" onClick={() => go({ offset: String(next) })}>
              Older messages
            </button>
          )}
        </nav>
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
