// "Import editors" on /admin/transfer (issue 39 item 2, docs/decisions/0273): a CSV of the spec's editor fields and
// a zip of their pictures. "Check the editors" sends them for a dry run and shows, row by row, what will be created or
// skipped and why; "Import" sends the same files for real; the report is the import's own.
import { apiPath } from "#contract/routes/endpoint";
import { transferApi } from "#contract/routes/transfer";
import { useState, type FormEvent } from "react";
import { EDITOR_IMPORT_COLUMNS, type EditorReportItem, type EditorsImportReport } from "#contract/transfer";
import { errorCode, uploadForm } from "../admin-api";
import { Spinner } from "../admin-ui";
import { DataTable, type Column } from "../data-table";
import { formatBytes } from "../format";

const ERRORS: Record<string, string> = {
  missing_file: "Choose the CSV of editors first.",
  invalid_header: "The first row must name the columns: at least name and category.",
  invalid_zip: "The pictures file is not a readable zip.",
  empty_file: "The file is empty.",
  payload_too_large: "The files are too large to send at once: split the pictures into smaller zips.",
  network: "The server could not be reached. Check the connection and try again.",
};

export function EditorsImportPanel({ onError }: { onError: (text: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [busy, setBusy] = useState<"check" | "import" | null>(null);
  const [progress, setProgress] = useState(0);
  const [report, setReport] = useState<EditorsImportReport | null>(null);

  async function send(dryRun: boolean) {
    if (!file) return onError(ERRORS.missing_file);
    setBusy(dryRun ? "check" : "import");
    setProgress(0);
    const form = new FormData();
    form.set("file", file);
    if (pictures) form.set("pictures", pictures);
    form.set("dryRun", dryRun ? "1" : "0");
    try {
      setReport(await uploadForm<EditorsImportReport>(apiPath(transferApi.importEditors), form, setProgress));
    } catch (err) {
      const code = errorCode(err) ?? "";
      const message = (err as { body?: { message?: string; line?: number } }).body;
      onError(
        ERRORS[code] ?? (message?.message ? `${message.message}${message.line ? ` (row ${message.line})` : ""}` : "Something went wrong"),
      );
    } finally {
      setBusy(null);
    }
  }

  const check = (e: FormEvent) => {
    e.preventDefault();
    void send(true);
  };
  const checked = report?.dryRun === true && report.counts.create > 0;

  return (
    <section className="panel form transfer" aria-labelledby="editors-import-title">
      <h2 id="editors-import-title" className="form__section-title">
        Import editors
      </h2>
      <form onSubmit={check} className="transfer__form" aria-describedby="editors-import-hint">
        <p id="editors-import-hint" className="field__hint">
          A CSV whose first row names the columns: {EDITOR_IMPORT_COLUMNS.join(", ")} (content is the affiliation; category is chief editor,
          associate editor or assistant editor), with a zip of the pictures its picture column names. An editor already on the board is
          skipped. Nothing is written until you have seen the check.
        </p>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="editors-file" className="field__label">
              Editors (CSV)
            </label>
            <input
              id="editors-file"
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
                setReport(null);
              }}
            />
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
              onChange={(e) => {
                setPictures(e.currentTarget.files?.[0] ?? null);
                setReport(null);
              }}
            />
            <span className="field__hint">JPEG, PNG, GIF or WebP, at most 2 MB each.</span>
          </div>
        </div>
        <div className="form__actions">
          <button type="submit" className="btn btn--secondary" disabled={busy !== null || !file}>
            {busy === "check" ? <Spinner /> : null} Check the editors
          </button>
          <button type="button" className="btn btn--primary" disabled={busy !== null || !checked} onClick={() => void send(false)}>
            {busy === "import" ? <Spinner /> : null} Import{" "}
            {checked ? `${report.counts.create} editor${report.counts.create === 1 ? "" : "s"}` : ""}
          </button>
          {busy && progress > 0 && progress < 1 && <span className="field__hint">Sending… {Math.round(progress * 100)}%</span>}
        </div>
      </form>
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
