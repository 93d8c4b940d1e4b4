// "Import editors" on /admin/transfer (issue 39 item 2, docs/decisions/0273, 0290): a CSV of the spec's editor fields
// and a zip of their pictures, uploaded to R2 in parts (a zip of any size), then "Check the editors" runs a dry run as
// a job and shows, row by row, what will be created or skipped and why; "Import" runs the checked files for real as
// another job. The job is the page's address (?job=), so a reload or a closed browser loses nothing.
import { apiPath } from "#contract/routes/endpoint";
import { transferApi } from "#contract/routes/transfer";
import { useState, type FormEvent } from "react";
import {
  EDITOR_IMPORT_COLUMNS,
  type EditorReportItem,
  type EditorsImportReport,
  type TransferJob,
  type TransferJobDetail,
} from "#contract/transfer";
import { adminJson, errorCode } from "../admin-api";
import { Spinner } from "../admin-ui";
import { DataTable, type Column } from "../data-table";
import { formatBytes } from "../format";
import { uploadInParts } from "./upload-in-parts";

const ERRORS: Record<string, string> = {
  missing_file: "Choose the CSV of editors first.",
  upload_not_found: "The uploaded file is gone. Choose the files again.",
  payload_too_large: "A part of the file was too large to send.",
  network: "The server could not be reached. Check the connection and try again.",
};

export function EditorsImportPanel({
  detail,
  onJob,
  onError,
}: {
  /** The editors job the page follows (its address), if any. */
  detail: TransferJobDetail | null;
  onJob: (id: string) => void;
  onError: (text: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [starting, setStarting] = useState<"check" | "import" | null>(null);
  const job = detail?.job ?? null;
  const report = detail?.editors ?? null;
  const running = job !== null && (job.status === "queued" || job.status === "running");

  async function start(path: string, json: unknown, what: "check" | "import") {
    setStarting(what);
    try {
      const { job } = await adminJson<{ job: TransferJob }>(path, { method: "POST", json });
      onJob(job.id);
    } catch (err) {
      onError(ERRORS[errorCode(err) ?? ""] ?? "Something went wrong");
    } finally {
      setStarting(null);
    }
  }

  async function check(e: FormEvent) {
    e.preventDefault();
    if (!file) return onError(ERRORS.missing_file);
    setUploading(0);
    try {
      const source = await uploadInParts(file, (f) => setUploading(pictures ? (f * file.size) / (file.size + pictures.size) : f));
      const picturesToken = pictures
        ? await uploadInParts(pictures, (f) => setUploading((file.size + f * pictures.size) / (file.size + pictures.size)))
        : undefined;
      setUploading(null);
      await start(
        apiPath(transferApi.createJob),
        { kind: "editors", source, pictures: picturesToken, name: file.name, dryRun: true },
        "check",
      );
    } catch (err) {
      setUploading(null);
      onError(ERRORS[errorCode(err) ?? ""] ?? "Something went wrong");
    }
  }

  const toImport = job?.status === "done" && job.dryRun && report ? report.counts.create : 0;
  const busy = uploading !== null || starting !== null || running;

  return (
    <section className="panel form transfer" aria-labelledby="editors-import-title">
      <h2 id="editors-import-title" className="form__section-title">
        Import editors
      </h2>
      <form onSubmit={check} className="transfer__form" aria-describedby="editors-import-hint">
        <p id="editors-import-hint" className="field__hint">
          A CSV whose first row names the columns: {EDITOR_IMPORT_COLUMNS.join(", ")} (content is the affiliation; category is chief editor,
          associate editor or assistant editor), with a zip of the pictures its picture column names. An editor already on the board is
          skipped. Nothing is written until you have seen the check; both run on the server, so you may close the page meanwhile.
        </p>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="editors-file" className="field__label">
              Editors (CSV)
            </label>
            <input id="editors-file" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
            {file && <span className="field__hint">{formatBytes(file.size)}</span>}
          </div>
          <div className="field">
            <label htmlFor="editors-pictures" className="field__label">
              Pictures (zip, optional)
            </label>
            <input
              id="editors-pictures"
              type="file"
              accept=".zip,application/zip"
              onChange={(e) => setPictures(e.currentTarget.files?.[0] ?? null)}
            />
            <span className="field__hint">JPEG, PNG, GIF or WebP, at most 2 MB each; the zip may be of any size.</span>
          </div>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--secondary" disabled={busy || !file}>
            {uploading !== null || starting === "check" ? <Spinner /> : null} Check the editors
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy || toImport === 0}
            onClick={() => job && void start(apiPath(transferApi.importJob, { jobId: job.id }), undefined, "import")}
          >
            {starting === "import" ? <Spinner /> : null} Import {toImport > 0 ? `${toImport} editor${toImport === 1 ? "" : "s"}` : ""}
          </button>
        </div>
      </form>
      {uploading !== null && (
        <div className="transfer__progress" role="status" aria-live="polite">
          <span>Uploading {Math.round(uploading * 100)} %</span>
          <progress max={1} value={uploading} />
        </div>
      )}
      {job && running && (
        <div className="transfer__progress" role="status" aria-live="polite">
          <span>
            {job.dryRun ? "Check" : "Import"} of {job.sourceName || "the file"} under way · {job.counts.editors ?? 0} row(s) read
          </span>
          <progress />
        </div>
      )}
      {job?.status === "failed" && (
        <div className="flash flash--error" role="alert" data-testid="editors-job-failed">
          {job.dryRun ? "Check" : "Import"} of {job.sourceName || "the file"} failed: {job.error}
        </div>
      )}
      {report && <EditorsReport report={report} />}
    </section>
  );
}

const ACTION: Record<EditorReportItem["action"], [string, string]> = {
  create: ["Create", "badge--success"],
  skip: ["Skip", "badge--neutral"],
};

function EditorsReport({ report }: { report: EditorsImportReport }) {
  const c = report.counts;
  const created = report.dryRun ? "to be created" : "created";
  const columns: Column<EditorReportItem>[] = [
    { label: "Row", cell: (i) => i.line },
    { label: "Name", cell: (i) => i.name || "—" },
    { label: "Category", cell: (i) => i.category || "—" },
    {
      label: "Action",
      cell: (i) => <span className={`badge ${ACTION[i.action][1]}`}>{ACTION[i.action][0]}</span>,
    },
    { label: "Picture", cell: (i) => i.picture },
    {
      label: "Why / notes",
      cell: (i) =>
        i.reasons.length + i.warnings.length ? (
          <ul className="transfer__notes">
            {i.reasons.map((r) => (
              <li key={r.code}>{r.message}</li>
            ))}
            {i.warnings.map((w) => (
              <li key={w} className="muted">
                {w}
              </li>
            ))}
          </ul>
        ) : (
          ""
        ),
    },
  ];
  return (
    <div className="transfer__report" data-testid="editors-report">
      <h3 className="transfer__report-title">
        {report.dryRun ? "Check" : "Import"} of {report.source}
      </h3>
      <p className="transfer__summary" data-testid="editors-summary">
        {c.editors} editor{c.editors === 1 ? "" : "s"}: <strong>{c.create}</strong> {created}, <strong>{c.skip}</strong> skipped;{" "}
        {c.pictures} picture{c.pictures === 1 ? "" : "s"}
        {report.dryRun ? " to store" : " stored"}.
      </p>
      <DataTable columns={columns} rows={report.items} rowKey={(i) => String(i.line)} />
    </div>
  );
}
