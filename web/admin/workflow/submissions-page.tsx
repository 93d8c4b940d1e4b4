// /admin/submissions: what authors sent through the public Submit Online form, newest first, with download.
import { useState } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { EmptyState, Flash, PageHeader, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { formatBytes, formatDate, formatTime } from "../format";
import type { Submission } from "#contract/api";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";
import { DownloadButton } from "./download-button";

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
    { label: "Institute address", headClass: "col-medium", cellClass: "col-medium pre-line", cell: (s) => s.address },
    {
      label: "File",
      // The size under the button, not inside it: the column stays as narrow as the word "Download".
      cell: (s) => (
        <div className="stack-cell">
          <DownloadButton
            url={apiPath(workflowApi.submissionFile, { id: s.id })}
            fileName={s.file || `submission-${s.reference || s.id}.pdf`}
            failure="Could not download the file. Please try again."
            onError={(text) => setMessage({ kind: "error", text })}
          >
            Download<span className="visually-hidden"> the file of {s.name || s.reference}</span>
          </DownloadButton>
          {s.file_size > 0 && <span className="muted nowrap">{formatBytes(s.file_size)}</span>}
        </div>
      ),
    },
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
