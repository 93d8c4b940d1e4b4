// Moving a journal in and out (docs/api.md "Imports and exports", docs/decisions/0210), under /api/admin/transfer
// behind the admin router's requireAdmin:
//   POST /uploads                          -> { token }            a file uploaded to R2 in parts (any size)
//   PUT  /uploads/{token}/parts/{n}?uploadId=   (body: up to 50 MB) -> { partNumber, etag }
//   POST /uploads/{token}/complete { uploadId, parts } -> { token, size }
//   POST /jobs     { source, pdfs?, name, format?, ref?, requirePdf?, dryRun } (upload tokens) -> 202 { job }: the
//                  import (or its dry run) as a job, a Workflow instance that outlives the browser;
//                  { kind: "editors", source, pictures?, name, dryRun }: an editors CSV and its pictures zip, the same
//                  way (decision 0290)
//   POST /jobs/{id}/import                 -> 202 { job }: the import of a finished check (dry run), same files
//   GET  /jobs                             -> the journal's latest jobs
//   GET  /jobs/{id}                        -> { job, report, editors } (the report once the job is done)
//   POST /imports  multipart { file, pdfs?, format?, ref?, requirePdf?, dryRun } -> the report, in the request
//                  (small files: scripts, tests; the admin page uses jobs)
//   POST /editors  multipart { file (CSV), pictures? (zip), dryRun } -> the editors' report, in the request (decision
//                  0273; scripts and small files: the admin and the console use jobs)
//   GET  /export?issue=YEAR/VOL/ISSUE[&format=csv|pdfs] -> OJS Native XML of the journal or one issue (attachment),
//                  or the spreadsheet (CSV), or the zip of its PDFs
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../core/env";
import { HttpError, notFound } from "../core/errors";
import type { JournalRow, TransferJobRow } from "../core/data/schema";
import type { AdminActor } from "../core/audit/admin-events.repo";
import {
  type EditorsImportReport,
  importJobSchema,
  type ImportReport,
  type JobKind,
  type TransferJob,
  type TransferJobDetail,
} from "#contract/transfer";
import { findJob, insertJob, listJobs } from "./jobs.repo";
import { fetchPdfOnline } from "./job-run";
import { actorOf } from "../core/audit/admin-actor";
import { readFormBody } from "../core/middleware/form-body";
import { uploadOf } from "../core/files/uploads";
import { parseRefRule, runImport } from "./import-run";
import { openImportSource, type SourceFormat } from "./import-source";
import { type RangeSource, rangeSourceOfBytes } from "./zip-ranges";
import { ImportSourceError } from "./import-model";
import { importEditors } from "./editors-import";
import { csvRecords } from "./spreadsheet-reader";
import { textChunks } from "./text-chunks";
import { exportOjsXml, parseIssueSelector } from "./ojs-writer";
import { exportSheetCsv, exportSheetPdfs } from "./spreadsheet-writer";
import { requireRole } from "../auth/admin-guard";
import { AREA_ROLES } from "#contract/roles";
import { transferApi, type TransferEndpoints } from "#contract/routes/transfer";
import { mountedAt } from "../core/routing/declared";

const TOKEN = /^[0-9a-f-]{36}$/;
const uploadKey = (journalId: number, token: string) => `journals/${journalId}/transfer/uploads/${token}`;

const bool = (v: unknown) => v === true || v === "1" || v === "true" || v === "on";

async function runFromBlobs(
  c: Context<AppEnv>,
  scope: TransferScope,
  source: Parameters<typeof openImportSource>[0],
  pdfs: RangeSource | null,
  o: { format: SourceFormat | "auto"; ref: string; requirePdf?: boolean; dryRun: boolean },
): Promise<ImportReport> {
  const refRule = parseRefRule(o.ref);
  if (!refRule) throw new HttpError(400, "invalid_ref_rule");
  try {
    const opened = await openImportSource(source, pdfs, o.format);
    const journal = await scope.journalOf(c);
    return await runImport(c.get("db"), c.var.files, journal, scope.actorOf(c, journal.id), opened.articles, {
      dryRun: o.dryRun,
      refRule,
      requirePdf: o.requirePdf ?? opened.format !== "ojs",
      sourceLabel: opened.label,
      fetchPdf: fetchPdfOnline,
    });
  } catch (err) {
    // A file that cannot be read at all: its problem and line, as a 400.
    if (err instanceof ImportSourceError) throw new HttpError(err.status, err.code, { message: err.message, line: err.line });
    throw err;
  }
}

function toTransferJob(r: TransferJobRow): TransferJob {
  return {
    id: r.id,
    kind: r.kind as JobKind,
    status: r.status as TransferJob["status"],
    dryRun: r.dryRun,
    sourceName: r.sourceName,
    options: JSON.parse(r.options || "{}"),
    counts: JSON.parse(r.counts || "{}"),
    error: r.error,
    attempts: r.attempts,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/**
 * Who a request imports for: the Host's journal and its admin (/api/admin/transfer), or any journal an operator
 * names in the console (/api/platform/journals/{id}/transfer). Uploads and jobs of other journals are not found.
 */
export interface TransferScope {
  /** The declared endpoints this set answers (contract/routes/transfer.ts) and the path it is mounted at. */
  routes: TransferEndpoints;
  mountedAt: string;
  journalOf(c: Context<AppEnv>): Promise<JournalRow> | JournalRow;
  /** The audit trail's author of the import's writes. */
  actorOf(c: Context<AppEnv>, journalId: number): AdminActor;
  /** Who started a job, as the list of imports shows it. */
  who(c: Context<AppEnv>): string;
}

export function transferRoutes(scope: TransferScope) {
  // Typed as the admin mount: every mount has the same relative paths (contract/routes/transfer.ts builds each).
  const at = mountedAt(scope.mountedAt as "/api/admin/transfer");
  const api = scope.routes as typeof transferApi;
  const journalIdOf = async (c: Context<AppEnv>) => (await scope.journalOf(c)).id;
  return (
    new Hono<AppEnv>()
      .post(at(api.startUpload), async (c) => {
        const token = crypto.randomUUID();
        const upload = await c.var.files.createMultipartUpload(uploadKey(await journalIdOf(c), token));
        return c.json({ token, uploadId: upload.uploadId }, 201);
      })
      .put(at(api.uploadPart), async (c) => {
        const token = c.req.param("token");
        const n = Number(c.req.param("n"));
        const uploadId = c.req.query("uploadId") ?? "";
        if (!TOKEN.test(token) || !Number.isInteger(n) || n < 1 || n > 10_000 || !uploadId) throw new HttpError(400, "invalid_input");
        const length = Number(c.req.header("content-length") ?? "0");
        if (!c.req.raw.body || length > 50 * 1024 * 1024) throw new HttpError(413, "payload_too_large");
        const upload = c.var.files.resumeMultipartUpload(uploadKey(await journalIdOf(c), token), uploadId);
        // The part streams through to R2: the Worker never holds it whole (a known length is required).
        const part = await upload.uploadPart(n, length > 0 ? c.req.raw.body : new Uint8Array(await c.req.arrayBuffer()));
        return c.json({ partNumber: part.partNumber, etag: part.etag });
      })
      .post(at(api.completeUpload), async (c) => {
        const token = c.req.param("token");
        const body = z
          .object({
            uploadId: z.string().min(1),
            parts: z
              .array(z.object({ partNumber: z.number().int(), etag: z.string() }))
              .min(1)
              .max(10_000),
          })
          .safeParse(await c.req.json().catch(() => null));
        if (!TOKEN.test(token) || !body.success) throw new HttpError(400, "invalid_input");
        const upload = c.var.files.resumeMultipartUpload(uploadKey(await journalIdOf(c), token), body.data.uploadId);
        const object = await upload.complete(body.data.parts);
        return c.json({ token, size: object.size });
      })
      .post(at(api.importEditors), async (c) => {
        if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
          throw new HttpError(415, "multipart_expected");
        const { fields, files } = await readFormBody(c);
        const file = uploadOf(files.file);
        if (!file) throw new HttpError(400, "missing_file");
        const pictures = uploadOf(files.pictures);
        const journal = await scope.journalOf(c);
        try {
          const report = await importEditors(
            c.get("db"),
            c.var.files,
            scope.actorOf(c, journal.id),
            csvRecords(textChunks(file.stream())),
            pictures ? rangeSourceOfBytes(new Uint8Array(await pictures.arrayBuffer())) : null,
            { dryRun: fields.dryRun === undefined ? true : bool(fields.dryRun), source: `Editors CSV ${file.name}`.trim() },
          );
          return c.json(report);
        } catch (err) {
          if (err instanceof ImportSourceError) throw new HttpError(err.status, err.code, { message: err.message, line: err.line });
          throw err;
        }
      })
      .post(at(api.imports), async (c) => {
        const type = (c.req.header("content-type") ?? "").toLowerCase();
        if (type.startsWith("multipart/form-data")) {
          const { fields, files } = await readFormBody(c);
          const file = uploadOf(files.file);
          if (!file) throw new HttpError(400, "missing_file");
          const pdfs = uploadOf(files.pdfs);
          const format = z
            .enum(["auto", "ojs", "csv", "xlsx"])
            .catch("auto")
            .parse(fields.format ?? "auto");
          const report = await runFromBlobs(
            c,
            scope,
            // A file sent in the request is already in memory (the request's size limit bounds it).
            {
              stream: () => file.stream(),
              name: file.name,
              ranges: async () => rangeSourceOfBytes(new Uint8Array(await file.arrayBuffer())),
            },
            pdfs ? rangeSourceOfBytes(new Uint8Array(await pdfs.arrayBuffer())) : null,
            {
              format,
              ref: String(fields.ref ?? "doi"),
              requirePdf: fields.requirePdf === undefined ? undefined : bool(fields.requirePdf),
              dryRun: fields.dryRun === undefined ? true : bool(fields.dryRun),
            },
          );
          return c.json(report);
        }
        throw new HttpError(415, "multipart_expected");
      })
      .post(at(api.createJob), async (c) => {
        const parsed = importJobSchema.safeParse(await c.req.json().catch(() => null));
        if (!parsed.success)
          throw new HttpError(
            400,
            parsed.error.issues.some((i) => i.message === "invalid_ref_rule") ? "invalid_ref_rule" : "invalid_input",
          );
        const o = parsed.data;
        if (!parseRefRule(o.ref)) throw new HttpError(400, "invalid_ref_rule");
        const journalId = await journalIdOf(c);
        const sourceKey = uploadKey(journalId, o.source);
        // The companion zip: a spreadsheet's PDFs, or an editors CSV's pictures (one column holds either).
        const zipToken = o.kind === "editors" ? o.pictures : o.pdfs;
        const pdfsKey = zipToken ? uploadKey(journalId, zipToken) : "";
        if (!(await c.var.files.head(sourceKey)) || (pdfsKey && !(await c.var.files.head(pdfsKey))))
          throw new HttpError(404, "upload_not_found");
        const row = await insertJob(c.get("db"), {
          id: crypto.randomUUID(),
          kind: o.kind,
          journalId,
          dryRun: o.dryRun,
          sourceKey,
          sourceName: o.name,
          pdfsKey,
          options: { format: o.format, ref: o.ref, requirePdf: o.requirePdf },
          createdBy: scope.who(c),
        });
        await c.var.transfers.create({ id: row.id, params: { jobId: row.id, journalId: row.journalId } });
        return c.json({ job: toTransferJob(row) }, 202);
      })
      // The import of a checked file: a new job with the dry run's files and options, nothing uploaded again.
      .post(at(api.importJob), async (c) => {
        const checked = await findJob(c.get("db"), await journalIdOf(c), c.req.param("jobId"));
        if (!checked) throw notFound();
        if (!checked.dryRun || checked.status !== "done") throw new HttpError(409, "not_a_finished_check");
        if (!(await c.var.files.head(checked.sourceKey))) throw new HttpError(404, "upload_not_found");
        const row = await insertJob(c.get("db"), {
          id: crypto.randomUUID(),
          kind: checked.kind as JobKind,
          journalId: checked.journalId,
          dryRun: false,
          sourceKey: checked.sourceKey,
          sourceName: checked.sourceName,
          pdfsKey: checked.pdfsKey,
          options: JSON.parse(checked.options),
          createdBy: scope.who(c),
        });
        await c.var.transfers.create({ id: row.id, params: { jobId: row.id, journalId: row.journalId } });
        return c.json({ job: toTransferJob(row) }, 202);
      })
      .get(at(api.jobs), async (c) => c.json((await listJobs(c.get("db"), await journalIdOf(c))).map(toTransferJob)))
      .get(at(api.job), async (c) => {
        const row = await findJob(c.get("db"), await journalIdOf(c), c.req.param("jobId"));
        if (!row) throw notFound();
        let stored: unknown = null;
        if (row.status === "done" && row.reportKey) {
          const object = await c.var.files.get(row.reportKey);
          stored = object ? await object.json() : null;
        }
        const job = toTransferJob(row);
        return c.json(
          (job.kind === "editors"
            ? { job, report: null, editors: stored as EditorsImportReport | null }
            : { job, report: stored as ImportReport | null }) satisfies TransferJobDetail,
        );
      })
      .get(at(api.export), async (c) => {
        const issue = c.req.query("issue");
        const format = c.req.query("format") ?? "ojs";
        const selector = issue ? parseIssueSelector(issue) : null;
        if ((issue && !selector) || !["ojs", "csv", "pdfs"].includes(format))
          throw new HttpError(400, issue && !selector ? "invalid_issue" : "invalid_input");
        const journal = await scope.journalOf(c);
        const base = selector ? `${journal.slug}-${selector.year}-vol${selector.volume}-issue${selector.issue}` : journal.slug;
        const [stream, type, name] =
          format === "csv"
            ? [exportSheetCsv(c.get("db"), journal, selector), "text/csv; charset=utf-8", `${base}-articles.csv`]
            : format === "pdfs"
              ? [await exportSheetPdfs(c.get("db"), c.var.files, journal, selector), "application/zip", `${base}-pdfs.zip`]
              : [exportOjsXml(c.get("db"), c.var.files, journal, selector), "application/xml; charset=utf-8", `${base}-ojs-native.xml`];
        return new Response(stream, {
          headers: { "Content-Type": type, "Content-Disposition": `attachment; filename="${name}"`, "Cache-Control": "no-store" },
        });
      })
  );
}

/** Mounted under /api/admin/transfer: the Host's journal, its managers only (issue 39: "by its managers"). */
export const transferAdminRoutes = new Hono<AppEnv>().use("*", requireRole(AREA_ROLES.transfer)).route(
  "/",
  transferRoutes({
    routes: transferApi,
    mountedAt: "/api/admin/transfer",
    journalOf: (c) => c.get("journal"),
    actorOf: (c) => actorOf(c),
    who: (c) => c.get("admin")?.username ?? "",
  }),
);
