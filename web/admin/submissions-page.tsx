// /admin/submissions: what authors sent through the public Submit Online form, newest first, with download.
import { useState } from "react";
import { adminBlob, saveBlob } from "./admin-api";
import { Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "./admin-ui";
import { ResourceView } from "./form-kit";
import { formatBytes, formatDate, formatTime } from "./format";
import type { Submission } from "../../worker/schemas/api";
import { useAdminJson } from "./use-resource";

function DownloadButton({ submission, onError }: { submission: Submission; onError: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const blob = await adminBlob(`/api/admin/submissions/${submission.id}/file`);
      saveBlob(blob, submission.file || `submission-${submission.reference || submission.id}.pdf`);
    } catch (error) {
      console.error("Submission download failed", error);
      onError("Could not download the file. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="btn btn--secondary btn--small"
      onClick={download}
      disabled={busy}
    >
      {busy ? <Spinner /> : null} Download
      <span className="visually-hidden"> the file of {submission.name || submission.reference}</span>
      {submission.file_size > 0 && <span className="muted"> · {formatBytes(submission.file_size)}</span>}
    </button>
  );
}

export function SubmissionsPage() {
  useTitle("Submissions");
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const list = useAdminJson<Submission[]>("/api/admin/submissions");
  const rows = list.data ?? [];

  return (
    <>
      <PageHeader
        title="Submissions"
        meta={list.data ? `${rows.length} ${rows.length === 1 ? "submission" : "submissions"} · newest first` : undefined}
      />
      <Flash message={message} onClose={() => setMessage(null)} />
      <ResourceView
        resource={list}
        loading="Loading submissions…"
        isEmpty={(found) => found.length === 0}
        empty="No submissions yet"
        emptyBody={<p>Manuscripts sent through the Submit Online page appear here.</p>}
      >
        {() => (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Reference</th>
                  <th scope="col" className="col-wide">
                    Title
                  </th>
                  <th scope="col">Name</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Country</th>
                  <th scope="col" className="col-wide">
                    Institute address
                  </th>
                  <th scope="col">File</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((s) => (
                  <tr key={s.id}>
                    <td data-label="Received">
                      <div className="stack-cell">
                        <span className="nowrap">{formatDate(s.created_at)}</span>
                        <span className="muted nowrap">{formatTime(s.created_at)}</span>
                      </div>
                    </td>
                    <td data-label="Reference" className="nowrap mono">{s.reference}</td>
                    <td data-label="Title" className="col-wide strong">{s.title}</td>
                    <td data-label="Name">{s.name}</td>
                    <td data-label="Contact">
                      <div className="stack-cell">
                        {s.email && (
                          <a href={`mailto:${s.email}`} className="break-anywhere">
                            {s.email}
                          </a>
                        )}
                        {s.phone && <span className="muted nowrap">{s.phone}</span>}
                      </div>
                    </td>
                    <td data-label="Country">{s.country}</td>
                    <td data-label="Institute address" className="col-wide pre-line">{s.address}</td>
                    <td data-label="File">
                      <DownloadButton submission={s} onError={(text) => setMessage({ kind: "error", text })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ResourceView>
    </>
  );
}
