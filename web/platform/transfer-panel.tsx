// "Import and export" on a journal's console page (issue 39 leftover): the admin's transfer page for an operator,
// on the console's transfer endpoints (platformTransferApi). Upload in parts, the check (a dry run, as a job), its report, then the
// import of the same files, with progress while it runs; editors the same way (editors-import-panel.tsx, decision
// 0290); the journal's recent imports, each reopened with its progress or report; and the exports. Jobs outlive the page.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { ImportReport, TransferJob, TransferJobDetail } from "#contract/transfer";
import { uploadFileInParts } from "../lib/upload-in-parts";
import { consoleSend, downloadConsoleFile } from "./console-api";
import { apiPath } from "#contract/routes/endpoint";
import { platformTransferApi as api } from "#contract/routes/platform";
import { Messages } from "./messages";
import { useAction } from "./use-action";
import { EditorsImportSection, followConsoleJob } from "./editors-import-panel";
import { when } from "./format";
import { ConsoleTable } from "./console-table";

export function TransferPanel({ journalId }: { journalId: number }) {
  const id = journalId;
  const [file, setFile] = useState<File | null>(null);
  const [pdfs, setPdfs] = useState<File | null>(null);
  const [ref, setRef] = useState("doi");
  const [stage, setStage] = useState("");
  const [detail, setDetail] = useState<TransferJobDetail | null>(null);
  const [jobs, setJobs] = useState<TransferJob[]>([]);
  const [openedEditors, setOpenedEditors] = useState<TransferJobDetail | null>(null);
  const action = useAction();
  const exporting = useAction();
  const reopening = useAction();
  const sheet = file ? /\.(csv|xlsx)$/i.test(file.name) : false;

  const refreshJobs = useCallback(async () => {
    try {
      setJobs(await consoleSend<TransferJob[]>("GET", apiPath(api.jobs, { id })));
    } catch (err) {
      console.error("Loading the journal's imports failed", err);
    }
  }, [id]);
  useEffect(() => {
    void refreshJobs();
  }, [refreshJobs]);

  /** Follows a job until it is done or failed, showing its counts as they grow. */
  async function follow(jobId: string): Promise<TransferJobDetail> {
    void refreshJobs();
    const d = await followConsoleJob(id, jobId, (d) => {
      setDetail(d);
      if (d.job.status === "queued" || d.job.status === "running")
        setStage(`${d.job.dryRun ? "Checking" : "Importing"}: ${d.job.counts.articles ?? 0} article(s) read…`);
    });
    void refreshJobs();
    return d;
  }
  /** A job of the list, reopened where it belongs: its progress followed, then its report. */
  const reopen = (job: TransferJob) =>
    reopening.run(async () => {
      if (job.kind === "editors") {
        const d = await followConsoleJob(id, job.id, setOpenedEditors);
        void refreshJobs();
        return d.job.status === "failed" ? "" : "The editors' report is shown under Import editors.";
      }
      return outcome(await follow(job.id));
    });
  const outcome = (d: TransferJobDetail) => {
    setStage("");
    if (d.job.status === "failed") throw new Error(d.job.error || "The import failed.");
    return d.job.dryRun ? "Checked: read the report, then import." : "Imported.";
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setDetail(null);
    void action.run(async () => {
      const up = (f: File, what: string) =>
        uploadFileInParts(api, { id }, consoleSend, f, (x) => setStage(`Uploading ${what}: ${Math.round(x * 100)}%`));
      const source = await up(file, file.name);
      const pdfsToken = sheet && pdfs ? await up(pdfs, pdfs.name) : undefined;
      const { job } = await consoleSend<{ job: { id: string } }>("POST", apiPath(api.createJob, { id }), {
        json: { source, pdfs: pdfsToken, name: file.name, ref, dryRun: true },
      });
      return outcome(await follow(job.id));
    });
  };
  const runImport = () =>
    action.run(async () => {
      const { job } = await consoleSend<{ job: { id: string } }>("POST", apiPath(api.importJob, { id, jobId: detail!.job.id }), {});
      return outcome(await follow(job.id));
    });

  const report = detail?.report ?? null;
  return (
    <div className="console-panel">
      <h2>Import and export</h2>
      <p className="console-muted">
        An OJS 3.2–3.5 Native XML export, or a spreadsheet (CSV or XLSX with the spec's column names) with a zip of its PDFs named{" "}
        {"{refnumber}"}.pdf. The check writes nothing; the import then runs the same files. Both run as jobs on the server.
      </p>
      <form className="console-form" onSubmit={check}>
        <label>
          Archive file
          <input type="file" accept=".xml,.csv,.xlsx" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        </label>
        {sheet && (
          <label>
            PDFs (zip)
            <input type="file" accept=".zip,application/zip" onChange={(e) => setPdfs(e.currentTarget.files?.[0] ?? null)} />
          </label>
        )}
        <label>
          Reference numbers
          <select value={ref} onChange={(e) => setRef(e.currentTarget.value)}>
            <option value="doi">The DOI's suffix</option>
            <option value="url_path">OJS's URL path</option>
          </select>
        </label>
        <div className="console-actions">
          <button type="submit" disabled={action.busy || !file}>
            Check the file
          </button>
          <button
            type="button"
            disabled={
              action.busy ||
              !(detail?.job.dryRun && detail.job.status === "done" && (report?.counts.create ?? 0) + (report?.counts.update ?? 0) > 0)
            }
            onClick={() => void runImport()}
          >
            Import
          </button>
        </div>
      </form>
      {stage && (
        <p className="console-muted" role="status">
          {stage}
        </p>
      )}
      <Messages error={action.error} notice={action.notice} />
      {report && <TransferReport report={report} />}
      <EditorsImportSection key={openedEditors?.job.id ?? "new"} journalId={id} opened={openedEditors} />
      <RecentJobs jobs={jobs} busy={reopening.busy} onOpen={(j) => void reopen(j)} />
      <Messages error={reopening.error} notice={reopening.notice} />
      <h3>Export</h3>
      <div className="console-actions">
        {(
          [
            ["ojs", "OJS Native XML", "journal.xml"],
            ["csv", "Spreadsheet (CSV)", "journal.csv"],
            ["pdfs", "PDFs (zip)", "journal-pdfs.zip"],
          ] as const
        ).map(([format, label, name]) => (
          <button
            key={format}
            type="button"
            disabled={exporting.busy}
            onClick={() => void exporting.run(() => downloadConsoleFile(apiPath(api.export, { id }, { format }), name))}
          >
            {label}
          </button>
        ))}
      </div>
      <Messages error={exporting.error} notice={exporting.notice} />
    </div>
  );
}

/** The journal's latest imports (the admin's too), each reopened with its progress or its report. */
function RecentJobs({ jobs, busy, onOpen }: { jobs: TransferJob[]; busy: boolean; onOpen: (job: TransferJob) => void }) {
  if (jobs.length === 0) return null;
  return (
    <>
      <h3>Recent imports</h3>
      <ConsoleTable
        label="Recent imports"
        columns={["Started", "File", "Kind", "Status", "Rows", "By", "Report"]}
        testId="console-recent-imports"
      >
        {jobs.map((j) => (
          <tr key={j.id}>
            <td data-label="Started">{when(j.createdAt)}</td>
            <td data-label="File">{j.sourceName || "—"}</td>
            <td data-label="Kind">
              {j.kind === "editors" ? "Editors" : "Articles"}: {j.dryRun ? "check" : "import"}
            </td>
            <td data-label="Status">{j.status}</td>
            <td data-label="Rows">
              {(j.kind === "editors" ? j.counts.editors : j.counts.articles) ?? 0} read · {j.counts.create ?? 0} new · {j.counts.skip ?? 0}{" "}
              skipped
            </td>
            <td data-label="By">{j.createdBy}</td>
            <td data-label="Report">
              <button
                type="button"
                disabled={busy}
                aria-label={`Show the report of ${j.sourceName || "the file"}`}
                onClick={() => onOpen(j)}
              >
                Show
              </button>
            </td>
          </tr>
        ))}
      </ConsoleTable>
    </>
  );
}

function TransferReport({ report }: { report: ImportReport }) {
  const c = report.counts;
  return (
    <div data-testid="console-import-report">
      <p>
        <strong>
          {report.dryRun ? "Check" : "Import"} of {report.source}
        </strong>
        : {c.articles} article(s), {c.create} {report.dryRun ? "to create" : "created"}, {c.update}{" "}
        {report.dryRun ? "to update" : "updated"}, {c.skip} skipped, {c.pdfs} PDF(s) {report.dryRun ? "to store" : "stored"}.
      </p>
      <ConsoleTable label="Import report" columns={["Line", "Reference", "Title", "Action", "Why"]}>
        {report.items.slice(0, 200).map((i) => (
          <tr key={`${i.line}-${i.sourceId}`}>
            <td data-label="Line">{i.line}</td>
            <td data-label="Reference">{i.refnumber}</td>
            <td data-label="Title">{i.title.replace(/<[^>]+>/g, "")}</td>
            <td data-label="Action">{i.action}</td>
            <td data-label="Why">{[...i.reasons.map((r) => r.message), ...i.warnings].join("; ")}</td>
          </tr>
        ))}
      </ConsoleTable>
      {report.items.length > 200 && <p className="console-muted">The first 200 of {report.items.length} lines.</p>}
    </div>
  );
}
