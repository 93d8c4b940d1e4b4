// /admin/submissions: what authors sent through the public Submit Online form, newest first, with download.
import { useState } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { adminBlob, saveBlob } from "../admin-api";
import { EmptyState, Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { formatBytes, formatDate, formatTime } from "../format";
import type { Submission } from "#contract/api";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

function DownloadButton({ submission, onError }: { submission: Submission; onError: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const blob = await adminBlob(apiPath(workflowApi.submissionFile, { id: submission.id }));
      saveBlob(blob, submission.file || `submission-${submission.reference || submission.id}.pdf`);
    } catch (error) {
      console.error("Submission download failed", error);
      onError("Could not download the file. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn--secondary btn--small" onClick={download} disabled={busy}>
      {busy ? <Spinner /> : null} Download
      <span className="visually-hidden"> the file of {submission.name || submission.reference}</span>
      {submission.file_size > 0 && <span className="muted"> · {formatBytes(submission.file_size)}</span>}
    </button>
  );
}

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<Submission[]>(apiPath(workflowApi.submissions), request);
}

export function SubmissionsPage() {
  useTitle("Submissions");
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const rows = useLoaderData<typeof loader>();

  const columns: Column<Submission>[] = [
    {
      label: "Received",
      cell: (s) => (
        <div className="stack-cell">
          <span className="nowrap">{formatDate(s.created_at)}</span>
          <span className="muted nowrap">{formatTime(s.created_at)}</span>
        </div>
      ),
    },
    { label: "Reference", cellClass: "nowrap mono", cell: (s) => s.reference },
    { label: "Title", headClass: "col-wide", cellClass: "col-wide strong", cell: (s) => s.title },
    { label: "Name", cell: (s) => s.name },
    {
      label: "Contact",
      cell: (s) => (
        <div className="stack-cell">
          {s.email && (
            <a href={`mailto:${s.email}`} className="break-anywhere">
              {s.email}
            </a>
          )}
          {s.phone && <span className="muted nowrap">{s.phone}</span>}
        </div>
      ),
    },
    { label: "Country", cell: (s) => s.country },
    { label: "Institute address", headClass: "col-wide", cellClass: "col-wide pre-line", cell: (s) => s.address },
    { label: "File", cell: (s) => <DownloadButton submission={s} onError={(text) => setMessage({ kind: "error", text })} /> },
  ];

  return (
    <>
      <PageHeader title="Submissions" meta={`${rows.length} ${rows.length === 1 ? "submission" : "submissions"} · newest first`} />
      <Flash message={message} onClose={() => setMessage(null)} />
      {rows.length === 0 ? (
        <EmptyState title="No submissions yet">
          <p>Manuscripts sent through the Submit Online page appear here.</p>
        </EmptyState>
      ) : (
        <DataTable columns={columns} rows={rows} rowKey={(s) => s.id} />
      )}
    </>
  );
}

function SubmissionsError() {
  useTitle("Submissions");
  return <LoadError title="Submissions" />;
}

export const route = { loader, Component: SubmissionsPage, ErrorBoundary: SubmissionsError };
