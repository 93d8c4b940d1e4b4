// Moving a journal in and out (docs/api.md "Imports and exports", docs/decisions/0210), under /api/admin/transfer
// behind the admin router's requireAdmin:
//   POST /uploads                          -> { token }            a file uploaded to R2 in parts (any size)
//   PUT  /uploads/{token}/parts/{n}?uploadId=   (body: up to 50 MB) -> { partNumber, etag }
//   POST /uploads/{token}/complete { uploadId, parts } -> { token, size }
//   POST /imports  JSON { source, pdfs?, format?, ref?, requirePdf?, dryRun } (uploaded tokens), or multipart
//                  { file, pdfs?, format?, ref?, requirePdf?, dryRun } for small files -> the report
//   GET  /export?issue=YEAR/VOL/ISSUE      -> OJS Native XML of the journal or one issue (attachment)
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { actorOf } from "../core/audit/admin-actor";
import { readFormBody } from "../core/middleware/form-body";
import { uploadOf } from "../core/files/uploads";
import { parseRefRule, runImport, type ImportReport } from "./import-run";
import { openImportSource, type SourceFormat } from "./import-source";
import { ImportSourceError } from "./import-model";
import { exportOjsXml, parseIssueSelector } from "./ojs-writer";

const TOKEN = /^[0-9a-f-]{36}$/;
const uploadKey = (journalId: number, token: string) => `journals/${journalId}/transfer/uploads/${token}`;

const importSchema = z.object({
  source: z.string().regex(TOKEN, "invalid_input"),
  pdfs: z.string().regex(TOKEN, "invalid_input").optional().or(z.literal("")),
  format: z.enum(["auto", "ojs", "csv", "xlsx"]).default("auto"),
  ref: z.string().max(200).default("doi"),
  requirePdf: z.boolean().optional(),
  dryRun: z.boolean().default(true),
  name: z.string().max(300).default(""),
});

const bool = (v: unknown) => v === true || v === "1" || v === "true" || v === "on";

async function runFromBlobs(
  c: Context<AppEnv>,
  source: { stream: () => ReadableStream<Uint8Array>; name: string },
  pdfs: { bytes: () => Promise<Uint8Array> } | null,
  o: { format: SourceFormat | "auto"; ref: string; requirePdf?: boolean; dryRun: boolean },
): Promise<ImportReport> {
  const refRule = parseRefRule(o.ref);
  if (!refRule) throw new HttpError(400, "invalid_ref_rule");
  try {
    const opened = await openImportSource(source, pdfs, o.format);
    return await runImport(c.get("db"), c.var.files, c.get("journal"), actorOf(c), opened.articles, {
      dryRun: o.dryRun,
      refRule,
      requirePdf: o.requirePdf ?? opened.format !== "ojs",
      sourceLabel: opened.label,
      fetchPdf: fetchPdfOnline,
    });
  } catch (err) {
    // A file that cannot be read at all: its problem and line, as a 400.
    if (err instanceof ImportSourceError) throw new HttpError(400, err.code, { message: err.message, line: err.line });
    throw err;
  }
}

/** A PDF an OJS export only links to, fetched (at most the 5 MB limit + 1 byte). */
async function fetchPdfOnline(url: string): Promise<Uint8Array | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  const res = await fetch(url, { redirect: "follow" });
  if (!res.ok || !res.body) return null;
  const bytes = new Uint8Array(await res.arrayBuffer());
  return bytes;
}

export const transferAdminRoutes = new Hono<AppEnv>()
  .post("/uploads", async (c) => {
    const token = crypto.randomUUID();
    const upload = await c.var.files.createMultipartUpload(uploadKey(c.get("journal").id, token));
    return c.json({ token, uploadId: upload.uploadId }, 201);
  })
  .put("/uploads/:token/parts/:n", async (c) => {
    const token = c.req.param("token");
    const n = Number(c.req.param("n"));
    const uploadId = c.req.query("uploadId") ?? "";
    if (!TOKEN.test(token) || !Number.isInteger(n) || n < 1 || n > 10_000 || !uploadId) throw new HttpError(400, "invalid_input");
    const length = Number(c.req.header("content-length") ?? "0");
    if (!c.req.raw.body || length > 50 * 1024 * 1024) throw new HttpError(413, "payload_too_large");
    const upload = c.var.files.resumeMultipartUpload(uploadKey(c.get("journal").id, token), uploadId);
    // The part streams through to R2: the Worker never holds it whole (a known length is required).
    const part = await upload.uploadPart(n, length > 0 ? c.req.raw.body : new Uint8Array(await c.req.arrayBuffer()));
    return c.json({ partNumber: part.partNumber, etag: part.etag });
  })
  .post("/uploads/:token/complete", async (c) => {
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
    const upload = c.var.files.resumeMultipartUpload(uploadKey(c.get("journal").id, token), body.data.uploadId);
    const object = await upload.complete(body.data.parts);
    return c.json({ token, size: object.size });
  })
  .post("/imports", async (c) => {
    const journalId = c.get("journal").id;
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
        { stream: () => file.stream(), name: file.name },
        pdfs ? { bytes: async () => new Uint8Array(await pdfs.arrayBuffer()) } : null,
        {
          format,
          ref: String(fields.ref ?? "doi"),
          requirePdf: fields.requirePdf === undefined ? undefined : bool(fields.requirePdf),
          dryRun: fields.dryRun === undefined ? true : bool(fields.dryRun),
        },
      );
      return c.json(report);
    }
    const parsed = importSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) throw new HttpError(400, "invalid_input");
    const o = parsed.data;
    const object = await c.var.files.get(uploadKey(journalId, o.source));
    if (!object) throw new HttpError(404, "upload_not_found");
    const pdfObject = o.pdfs ? await c.var.files.get(uploadKey(journalId, o.pdfs)) : null;
    if (o.pdfs && !pdfObject) throw new HttpError(404, "upload_not_found");
    const report = await runFromBlobs(
      c,
      { stream: () => object.body, name: o.name },
      pdfObject ? { bytes: async () => new Uint8Array(await pdfObject.arrayBuffer()) } : null,
      o,
    );
    return c.json(report);
  })
  .get("/export", async (c) => {
    const issue = c.req.query("issue");
    const selector = issue ? parseIssueSelector(issue) : null;
    if (issue && !selector) throw new HttpError(400, "invalid_issue");
    const journal = c.get("journal");
    const stream = exportOjsXml(c.get("db"), c.var.files, journal, selector);
    const name = selector
      ? `${journal.slug}-${selector.year}-vol${selector.volume}-issue${selector.issue}.xml`
      : `${journal.slug}-ojs-native.xml`;
    return new Response(stream, {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "no-store",
      },
    });
  });
