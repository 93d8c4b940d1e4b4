// /admin/transfer: bring an archive in (OJS Native XML, or a spreadsheet with a zip of PDFs) and take the journal out
// (docs/decisions/0210, 0211). An import is checked first: the file is uploaded once, a dry run reports per article
// what will be created, updated or skipped and why; "Import" then runs the same file for real. Both run as jobs on
// the server, so a closed browser loses nothing: the page's address names the job, and the list of recent imports
// shows each one's progress and report. Editors (a CSV and a zip of pictures) the same way (decision 0290).
import { useCallback, useState, type FormEvent } from "react";
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import type { AdminIssue } from "#contract/api";
import type { ImportReport, ReportItem, TransferJob, TransferJobDetail } from "#contract/transfer";
import { adminBlob, adminJson, errorCode, saveBlob } from "../admin-api";
import { Flash, PageHeader, Spinner, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { formatBytes, formatDateTime, pad } from "../format";
import { uploadInParts } from "./upload-in-parts";
import { EditorsImportPanel } from "./editors-import-panel";
import { useTransferJob } from "./use-transfer-job";
import "./transfer.css";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { transferApi } from "#contract/routes/transfer";

export async function loader({ request }: LoaderFunctionArgs) {
  const [issues, jobs] = await Promise.all([
    loadAdminJson<AdminIssue[]>(apiPath(archiveApi.adminIssues), request),
    loadAdminJson<TransferJob[]>(apiPath(transferApi.jobs), request),
  ]);
  return { issues, jobs };
}

type RuleKind = "doi" | "url_path" | "id" | "pattern";
const RULES: { value: RuleKind; label: string; hint: string }[] = [
  { value: "doi", label: "The DOI's suffix", hint: "10.1234/ijans.2024.7 becomes ijans.2024.7; an article without a DOI gets ojs-{id}." },
  { value: "url_path", label: "OJS's URL path", hint: "What this platform's own export carries; else as the DOI's suffix." },
  { value: "id", label: "OJS's id with a prefix", hint: "With the prefix IJANS-, submission 17 becomes IJANS-17." },
  {
    value: "pattern",
    label: "A pattern",
    hint: "{year}, {volume}, {issue}, {id} (OJS's id) and {seq} (the article's place in its issue; {seq:3} pads to 001).",
  },
];

const ERRORS: Record<string, string> = {
  invalid_ref_rule: "The reference number rule is not valid: a pattern needs {id} or {seq}.",
  upload_not_found: "The uploaded file is gone. Choose the file again.",
  payload_too_large: "A part of the file was too large to send.",
  network: "The server could not be reached. Check the connection and try again.",
};
const errorText = (err: unknown) => ERRORS[errorCode(err) ?? ""] ?? "Something went wrong";

const isSheet = (name: string) => /\.(csv|xlsx)$/i.test(name);
const ACTION_LABEL: Record<ReportItem["action"], string> = { create: "Create", update: "Update", skip: "Skip" };
const ACTION_BADGE: Record<ReportItem["action"], string> = { create: "badge--success", update: "badge--info", skip: "badge--neutral" };

export function TransferPage() {
  useTitle("Import and export");
  const { issues, jobs: initialJobs } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const jobId = params.get("job");
  const [jobs, setJobs] = useState(initialJobs);
  const [message, setMessage] = useState<FlashMessage | null>(null);

  const refreshJobs = useCallback(async () => {
    try {
      setJobs(await adminJson<TransferJob[]>(apiPath(transferApi.jobs)));
    } catch (err) {
      console.error("Loading the import jobs failed", err);
    }
  }, []);

  const onError = useCallback((text: string) => setMessage({ kind: "error", text }), []);
  const onJob = (id: string) => {
    setParams({ job: id }, { replace: false });
    void refreshJobs();
  };
  // The job in the address, whichever panel shows it; a reload or another browser follows it the same way.
  const detail = useTransferJob(jobId, refreshJobs, (code) =>
    onError(code === "not_found" ? "That import job does not exist." : (ERRORS[code] ?? "Something went wrong")),
  );

  return (
    <>
      <PageHeader title="Import and export" meta="OJS Native XML, or a spreadsheet with its PDFs" />
      <Flash message={message} onClose={() => setMessage(null)} />
      <ImportPanel detail={detail?.job.kind === "articles" ? detail : null} onJob={onJob} onError={onError} />
      <RecentJobs jobs={jobs} current={jobId} onOpen={(id) => setParams({ job: id })} />
      <EditorsImportPanel detail={detail?.job.kind === "editors" ? detail : null} onJob={onJob} onError={onError} />
      <ExportPanel issues={issues} onError={(text) => setMessage({ kind: "error", text })} />
    </>
  );
}

function ImportPanel(props: { detail: TransferJobDetail | null; onJob: (id: string) => void; onError: (text: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pdfs, setPdfs] = useState<File | null>(null);
  const [rule, setRule] = useState<RuleKind>("doi");
  const [ruleText, setRuleText] = useState("");
  const [requirePdf, setRequirePdf] = useState<boolean | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { detail } = props;
  const sheet = file ? isSheet(file.name) : false;
  const skipWithoutPdf = requirePdf ?? sheet;

  const refRule = rule === "id" ? `id:${ruleText.trim()}` : rule === "pattern" ? `pattern:${ruleText.trim()}` : rule;

  async function startJob(path: string, json?: unknown) {
    setStarting(true);
    try {
      const { job } = await adminJson<{ job: TransferJob }>(path, { method: "POST", json });
      props.onJob(job.id);
    } catch (err) {
      props.onError(errorText(err));
    } finally {
      setStarting(false);
    }
  }

  async function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setUploading(0);
    try {
      const source = await uploadInParts(file, (f) => setUploading(pdfs ? f / 2 : f));
      const pdfToken = pdfs ? await uploadInParts(pdfs, (f) => setUploading(0.5 + f / 2)) : undefined;
      setUploading(null);
      await startJob(apiPath(transferApi.createJob), {
        source,
        pdfs: pdfToken,
        name: file.name,
        ref: refRule,
        requirePdf: skipWithoutPdf,
        dryRun: true,
      });
    } catch (err) {
      setUploading(null);
      props.onError(errorText(err));
    }
  }

  const job = detail?.job;
  const running = job && (job.status === "queued" || job.status === "running");
  // The check's own files and options are imported: whatever the form shows now, and after a reload too.
  const toImport = job?.status === "done" && job.dryRun && detail?.report ? detail.report.counts.create + detail.report.counts.update : 0;

  return (
    <section className="panel form transfer" aria-labelledby="import-title">
      <h2 id="import-title" className="form__section-title">
        Import an archive
      </h2>
      <form onSubmit={check} className="transfer__form" aria-describedby="import-hint">
        <p id="import-hint" className="field__hint">
          An export of OJS 3.2 to 3.5 (Tools › Import/Export › Native XML, with its PDF galleys), or a spreadsheet (CSV or XLSX) whose first
          row names the columns: refnumber, title, authorname, abstract, year, volume, issue, pagenumber, country, email, txnid, ptype,
          keywords, doi, … with a zip of the PDFs named {"{refnumber}"}.pdf. Nothing is written until you have seen the check.
        </p>
        <div className="grid-2">
          <div className="field">
            <label htmlFor="import-file" className="field__label">
              Archive file
            </label>
            <input
              id="import-file"
              type="file"
              accept=".xml,.csv,.xlsx,application/xml,text/xml,text/csv"
              onChange={(e) => {
                setFile(e.currentTarget.files?.[0] ?? null);
              }}
            />
            {file && <span className="field__hint">{formatBytes(file.size)}</span>}
          </div>
          {sheet && (
            <div className="field">
              <label htmlFor="import-pdfs" className="field__label">
                PDFs (zip)
              </label>
              <input
                id="import-pdfs"
                type="file"
                accept=".zip,application/zip"
                onChange={(e) => {
                  setPdfs(e.currentTarget.files?.[0] ?? null);
                }}
              />
              <span className="field__hint">Each named after its article's reference number, e.g. IJANS-2024-0007.pdf.</span>
            </div>
          )}
        </div>
        <fieldset className="field transfer__rule">
          <legend className="field__label">Reference numbers of imported articles</legend>
          <div className="grid-2">
            <div className="field">
              <label htmlFor="import-rule" className="visually-hidden">
                Rule
              </label>
              <select id="import-rule" value={rule} onChange={(e) => setRule(e.currentTarget.value as RuleKind)}>
                {RULES.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </select>
              <span className="field__hint">
                {RULES.find((r) => r.value === rule)?.hint} A spreadsheet's own refnumber column always wins.
              </span>
            </div>
            {(rule === "id" || rule === "pattern") && (
              <div className="field">
                <label htmlFor="import-rule-text" className="field__label">
                  {rule === "id" ? "Prefix" : "Pattern"}
                </label>
                <input
                  id="import-rule-text"
                  value={ruleText}
                  placeholder={rule === "id" ? "IJANS-" : "IJANS-{year}-{seq:3}"}
                  onChange={(e) => setRuleText(e.currentTarget.value)}
                />
              </div>
            )}
          </div>
        </fieldset>
        <label className="transfer__check">
          <input type="checkbox" checked={skipWithoutPdf} onChange={(e) => setRequirePdf(e.currentTarget.checked)} /> Skip articles that
          come without a PDF (otherwise they are imported without a Download link)
        </label>
        <div className="form__actions">
          <button type="submit" className="btn btn--secondary" disabled={!file || uploading !== null || starting || Boolean(running)}>
            {uploading !== null || starting ? <Spinner /> : null} Check the file
          </button>
          {toImport > 0 && job && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={starting}
              onClick={() => void startJob(apiPath(transferApi.importJob, { jobId: job.id }))}
            >
              {starting ? <Spinner /> : null} {`Import ${toImport} article${toImport === 1 ? "" : "s"}`}
            </button>
          )}
        </div>
      </form>
      {uploading !== null && <Progress label="Uploading" fraction={uploading} />}
      {job && <JobStatus job={job} report={detail?.report ?? null} />}
    </section>
  );
}

function Progress({ label, fraction, detail }: { label: string; fraction: number | null; detail?: string }) {
  return (
    <div className="transfer__progress" role="status" aria-live="polite">
      <span>
        {label}
        {fraction !== null ? ` ${Math.round(fraction * 100)} %` : ""}
        {detail ? ` · ${detail}` : ""}
      </span>
      {fraction !== null ? <progress max={1} value={fraction} /> : <progress />}
    </div>
  );
}

function JobStatus({ job, report }: { job: TransferJob; report: ImportReport | null }) {
  const what = job.dryRun ? "Check" : "Import";
  if (job.status === "queued" || job.status === "running") {
    return (
      <Progress
        label={`${what} of ${job.sourceName || "the file"} under way`}
        fraction={null}
        detail={`${job.counts.articles ?? 0} article(s) read`}
      />
    );
  }
  if (job.status === "failed") {
    return (
      <div className="flash flash--error" role="alert" data-testid="job-failed">
        {what} of {job.sourceName || "the file"} failed: {job.error}
      </div>
    );
  }
  return report ? <ReportView report={report} options={job.options} /> : null;
}

/** The rule as staff chose it, in words. */
function ruleText(ref: string): string {
  if (ref.startsWith("id:")) return `OJS's id with the prefix "${ref.slice(3)}"`;
  if (ref.startsWith("pattern:")) return `the pattern ${ref.slice(8)}`;
  return ref === "url_path" ? "OJS's URL path" : "the DOI's suffix";
}

function ReportView({ report, options }: { report: ImportReport; options: TransferJob["options"] }) {
  const [show, setShow] = useState<"all" | ReportItem["action"]>("all");
  const c = report.counts;
  const verb = report.dryRun ? "will be" : "were";
  const rows = show === "all" ? report.items : report.items.filter((i) => i.action === show);
  const columns: Column<ReportItem>[] = [
    { label: "Line", cellClass: "num mono", cell: (i) => i.line },
    { label: "Action", cell: (i) => <span className={`badge ${ACTION_BADGE[i.action]}`}>{ACTION_LABEL[i.action]}</span> },
    { label: "Ref. num.", cellClass: "mono nowrap", cell: (i) => i.refnumber },
    { label: "Title", headClass: "col-wide", cellClass: "col-wide", cell: (i) => i.title },
    { label: "Issue", cellClass: "nowrap", cell: (i) => i.issue },
    {
      label: "Why / notes",
      headClass: "col-wide",
      cellClass: "col-wide",
      cell: (i) => (
        <ul className="transfer__notes">
          {i.reasons.map((r) => (
            <li key={r.code} className="strong">
              {r.message}
            </li>
          ))}
          {i.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
          {i.notKept.length > 0 && <li className="muted">Not kept: {i.notKept.join("; ")}</li>}
        </ul>
      ),
    },
  ];
  return (
    <div className="transfer__report" data-testid="import-report">
      <h3 className="transfer__report-title">
        {report.dryRun ? "Check" : "Import"} of {report.source}
      </h3>
      <p className="transfer__options">
        Reference numbers from {ruleText(options.ref ?? "doi")}; articles without a PDF{" "}
        {(options.requirePdf ?? !report.source.startsWith("OJS")) ? "skipped" : "imported without a Download link"}.
      </p>
      <p className="transfer__summary" data-testid="import-summary">
        {c.articles} article{c.articles === 1 ? "" : "s"}: <strong>{c.create}</strong> {verb} created, <strong>{c.update}</strong> {verb}{" "}
        updated, <strong>{c.skip}</strong> skipped; {c.pdfs} PDF{c.pdfs === 1 ? "" : "s"} {report.dryRun ? "to store" : "stored"}.
      </p>
      {report.issuesCreated.length > 0 && (
        <p>
          Issues {report.dryRun ? "to create" : "created"}: {report.issuesCreated.join(", ")}
        </p>
      )}
      {report.sectionsCreated.length > 0 && (
        <p>
          Sections {report.dryRun ? "to create" : "created"}: {report.sectionsCreated.join(", ")}
        </p>
      )}
      {report.notKept.length > 0 && (
        <p className="muted">
          The platform has no place for:{" "}
          {report.notKept.map((n) => `${n.what} (${n.articles} article${n.articles === 1 ? "" : "s"})`).join("; ")}.
        </p>
      )}
      <div className="transfer__filter" role="group" aria-label="Show">
        {(["all", "create", "update", "skip"] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={`btn btn--small ${show === k ? "btn--secondary" : "btn--ghost"}`}
            aria-pressed={show === k}
            onClick={() => setShow(k)}
          >
            {k === "all" ? `All (${c.articles})` : `${ACTION_LABEL[k]} (${c[k]})`}
          </button>
        ))}
      </div>
      {rows.length > 0 && <DataTable columns={columns} rows={rows} rowKey={(i) => `${i.line}-${i.sourceId}`} />}
    </div>
  );
}

function RecentJobs({ jobs, current, onOpen }: { jobs: TransferJob[]; current: string | null; onOpen: (id: string) => void }) {
  if (jobs.length === 0) return null;
  const columns: Column<TransferJob>[] = [
    { label: "Started", cellClass: "nowrap", cell: (j) => formatDateTime(j.createdAt) },
    { label: "File", headClass: "col-wide", cellClass: "col-wide", cell: (j) => j.sourceName || "—" },
    { label: "Kind", cell: (j) => `${j.kind === "editors" ? "Editors" : "Articles"}: ${j.dryRun ? "check" : "import"}` },
    {
      label: "Status",
      cell: (j) => (
        <span className={`badge ${j.status === "done" ? "badge--success" : j.status === "failed" ? "badge--neutral" : "badge--info"}`}>
          {j.status}
        </span>
      ),
    },
    {
      label: "Rows",
      cellClass: "nowrap",
      cell: (j) =>
        `${(j.kind === "editors" ? j.counts.editors : j.counts.articles) ?? 0} read · ${j.counts.create ?? 0} new · ${j.counts.skip ?? 0} skipped`,
    },
    { label: "By", cell: (j) => j.createdBy },
    {
      label: "Report",
      cell: (j) =>
        j.id === current ? (
          <span className="muted">{j.kind === "editors" ? "Shown below" : "Shown above"}</span>
        ) : (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onOpen(j.id)}>
            Show<span className="visually-hidden"> the report of {j.sourceName}</span>
          </button>
        ),
    },
  ];
  return (
    <section className="panel transfer" aria-labelledby="jobs-title">
      <h2 id="jobs-title" className="form__section-title">
        Recent imports
      </h2>
      <DataTable columns={columns} rows={jobs} rowKey={(j) => j.id} />
    </section>
  );
}

function ExportPanel({ issues, onError }: { issues: AdminIssue[]; onError: (text: string) => void }) {
  const [issue, setIssue] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  async function download(format: "ojs" | "csv" | "pdfs") {
    setBusy(format);
    try {
      const query = new URLSearchParams({ format, ...(issue ? { issue } : {}) });
      const blob = await adminBlob(apiPath(transferApi.export, {}, query));
      const base = issue ? `issue-${issue.replaceAll("/", "-")}` : "journal";
      saveBlob(blob, format === "ojs" ? `${base}-ojs-native.xml` : format === "csv" ? `${base}-articles.csv` : `${base}-pdfs.zip`);
    } catch (err) {
      console.error("Export failed", err);
      onError(errorText(err));
    } finally {
      setBusy(null);
    }
  }
  return (
    <section className="panel form transfer" aria-labelledby="export-title">
      <h2 id="export-title" className="form__section-title">
        Export
      </h2>
      <p className="field__hint">
        The public articles as OJS Native XML with their PDFs (valid against OJS's schema, ready for OJS's Native XML import or another
        journal here), or every article with a reference number as the spreadsheet this page imports, with a zip of the PDFs.
      </p>
      <div className="field">
        <label htmlFor="export-issue" className="field__label">
          What
        </label>
        <select id="export-issue" value={issue} onChange={(e) => setIssue(e.currentTarget.value)}>
          <option value="">The whole journal</option>
          {issues.map((i) => (
            <option key={i.id} value={`${i.year}/${i.volume}/${i.issue}`}>
              {i.year} · VOL. {pad(i.volume, 2)} · ISSUE {pad(i.issue, 2)} ({i.articles} article{i.articles === 1 ? "" : "s"})
            </option>
          ))}
        </select>
      </div>
      <div className="form__actions">
        {(
          [
            ["ojs", "OJS Native XML"],
            ["csv", "Spreadsheet (CSV)"],
            ["pdfs", "PDFs (zip)"],
          ] as const
        ).map(([format, label]) => (
          <button key={format} type="button" className="btn btn--secondary" disabled={busy !== null} onClick={() => void download(format)}>
            {busy === format ? <Spinner /> : null} {label}
          </button>
        ))}
      </div>
    </section>
  );
}

function TransferError() {
  useTitle("Import and export");
  return <LoadError title="Import and export" />;
}

export const route = { loader, Component: TransferPage, ErrorBoundary: TransferError };
