// "Import editors" in a journal's "Import and export" panel of the console (issue 39 leftover, docs/decisions/0290):
// the admin's editors import for an operator. The CSV and its zip of pictures are uploaded to R2 in parts (a zip of
// any size), the check runs as a job with its progress, its report row by row, then "Import" runs the checked files
// as another job. Jobs outlive the page; the panel's list of recent imports reopens them.
import { useState, type FormEvent } from "react";
import { EDITOR_IMPORT_COLUMNS, type EditorsImportReport, type TransferJob, type TransferJobDetail } from "#contract/transfer";
import { apiPath } from "#contract/routes/endpoint";
import { platformTransferApi as api } from "#contract/routes/platform";
import { uploadFileInParts } from "../lib/upload-in-parts";
import { consoleSend } from "./console-api";
import { Messages } from "./messages";
import { useAction } from "./use-action";
import { ConsoleTable } from "./console-table";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Follows a job until it is done or failed, telling each state to `onDetail`. */
export async function followConsoleJob(
  journalId: number,
  jobId: string,
  onDetail: (d: TransferJobDetail) => void,
): Promise<TransferJobDetail> {
  for (;;) {
    const d = await consoleSend<TransferJobDetail>("GET", apiPath(api.job, { id: journalId, jobId }));
    onDetail(d);
    if (d.job.status === "done" || d.job.status === "failed") return d;
    await sleep(1000);
  }
}

export function EditorsImportSection({ journalId, opened }: { journalId: number; opened?: TransferJobDetail | null }) {
  const id = journalId;
  const [file, setFile] = useState<File | null>(null);
  const [pictures, setPictures] = useState<File | null>(null);
  const [stage, setStage] = useState("");
  const [followed, setDetail] = useState<TransferJobDetail | null>(null);
  const action = useAction();
  // A job reopened from the list of recent imports, until this section starts its own.
  const detail = followed ?? opened ?? null;

  const follow = async (jobId: string) => {
    const d = await followConsoleJob(id, jobId, (d) => {
      setDetail(d);
      if (d.job.status === "queued" || d.job.status === "running")
        setStage(`${d.job.dryRun ? "Checking" : "Importing"} the editors: ${d.job.counts.editors ?? 0} row(s) read…`);
    });
    setStage("");
    if (d.job.status === "failed") throw new Error(d.job.error || "The import failed.");
    return d.job.dryRun ? "Checked: read the report, then import." : "Imported.";
  };

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setDetail(null);
    void action.run(async () => {
      const up = (f: File) =>
        uploadFileInParts(api, { id }, consoleSend, f, (x) => setStage(`Uploading ${f.name}: ${Math.round(x * 100)}%`));
      const source = await up(file);
      const picturesToken = pictures ? await up(pictures) : undefined;
      const { job } = await consoleSend<{ job: TransferJob }>("POST", apiPath(api.createJob, { id }), {
        json: { kind: "editors", source, pictures: picturesToken, name: file.name, dryRun: true },
      });
      return follow(job.id);
    });
  };
  const report = detail?.editors ?? null;
  const toImport = detail?.job.dryRun && detail.job.status === "done" ? (report?.counts.create ?? 0) : 0;
  const runImport = () =>
    action.run(async () => {
      const { job } = await consoleSend<{ job: TransferJob }>("POST", apiPath(api.importJob, { id, jobId: detail!.job.id }), {});
      return follow(job.id);
    });

  return (
    <section aria-labelledby={`editors-import-${id}`}>
      <h3 id={`editors-import-${id}`}>Import editors</h3>
      <p className="console-muted">
        A CSV whose first row names the columns ({EDITOR_IMPORT_COLUMNS.join(", ")}; at least name and category) with a zip of the pictures
        its picture column names. Editors already on the board are skipped, so the same file twice adds nothing.
      </p>
      <form className="console-form" onSubmit={check}>
        <label>
          Editors (CSV)
          <input type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        </label>
        <label>
          Pictures (zip, optional)
          <input type="file" accept=".zip,application/zip" onChange={(e) => setPictures(e.currentTarget.files?.[0] ?? null)} />
        </label>
        <div className="console-actions">
          <button type="submit" disabled={action.busy || !file}>
            Check the editors
          </button>
          <button type="button" disabled={action.busy || toImport === 0} onClick={() => void runImport()}>
            Import{toImport > 0 ? ` ${toImport} editor${toImport === 1 ? "" : "s"}` : ""}
          </button>
        </div>
      </form>
      {stage && (
        <p className="console-muted" role="status">
          {stage}
        </p>
      )}
      <Messages error={action.error} notice={action.notice} />
      {detail?.job.status === "failed" && !action.error && <Messages error={detail.job.error} notice="" />}
      {report && <EditorsReport report={report} />}
    </section>
  );
}

function EditorsReport({ report }: { report: EditorsImportReport }) {
  const c = report.counts;
  return (
    <div data-testid="console-editors-report">
      <p data-testid="console-editors-summary">
        <strong>
          {report.dryRun ? "Check" : "Import"} of {report.source}
        </strong>
        : {c.editors} editor{c.editors === 1 ? "" : "s"}, {c.create} {report.dryRun ? "to be created" : "created"}, {c.skip} skipped;{" "}
        {c.pictures} picture{c.pictures === 1 ? "" : "s"} {report.dryRun ? "to store" : "stored"}.
      </p>
      <ConsoleTable label="Editors import report" columns={["Row", "Name", "Category", "Action", "Picture", "Why / notes"]}>
        {report.items.slice(0, 200).map((i) => (
          <tr key={i.line}>
            <td data-label="Row">{i.line}</td>
            <td data-label="Name">{i.name || "—"}</td>
            <td data-label="Category">{i.category || "—"}</td>
            <td data-label="Action">{i.action}</td>
            <td data-label="Picture">{i.picture}</td>
            <td data-label="Why / notes">{[...i.reasons.map((r) => r.message), ...i.warnings].join("; ")}</td>
          </tr>
        ))}
      </ConsoleTable>
      {report.items.length > 200 && <p className="console-muted">The first 200 of {report.items.length} rows.</p>}
    </div>
  );
}
