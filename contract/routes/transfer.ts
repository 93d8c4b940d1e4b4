// Imports and exports of a journal (contract/routes/endpoint.ts explains the table). One set of handlers mounted
// twice (worker/transfer/transfer.admin.routes.ts): by the journal's managers at /api/admin/transfer and by the
// platform's operators at /api/platform/journals/{id}/transfer.
import { type Access, endpoint, staff } from "./endpoint";

export function transferEndpoints<const B extends `/${string}`>(base: B, access: Access) {
  return {
    startUpload: endpoint("POST", `${base}/uploads`, { access, body: "none", summary: "Starts an upload in parts: { token, uploadId }" }),
    uploadPart: endpoint("PUT", `${base}/uploads/{token}/parts/{n}`, {
      access,
      body: "bytes",
      summary: "One part of an upload, at most 50 MiB (?uploadId=)",
    }),
    completeUpload: endpoint("POST", `${base}/uploads/{token}/complete`, { access, summary: "Completes an upload: { uploadId, parts }" }),
    imports: endpoint("POST", `${base}/imports`, {
      access,
      body: "form",
      summary: "Checks or imports a small file sent whole (multipart)",
    }),
    importEditors: endpoint("POST", `${base}/editors`, {
      access,
      body: "form",
      summary: "Checks (dryRun, the default) or imports a CSV of editors (file) with a zip of their pictures (pictures), in the request",
    }),
    createJob: endpoint("POST", `${base}/jobs`, {
      access,
      summary: "Starts a check (dry run) or an import of uploaded files, as a job: an archive, or editors (kind: editors)",
    }),
    importJob: endpoint("POST", `${base}/jobs/{jobId}/import`, {
      access,
      body: "none",
      summary: "Imports a checked file: a new job with the dry run's files and options",
    }),
    jobs: endpoint("GET", `${base}/jobs`, { access, summary: "The journal's import and export jobs, newest first" }),
    job: endpoint("GET", `${base}/jobs/{jobId}`, { access, summary: "One job with its report per article" }),
    export: endpoint("GET", `${base}/export`, {
      access,
      answer: "file",
      fileType: "application/octet-stream",
      summary: "The journal or one issue as OJS Native XML or a spreadsheet with a zip of PDFs (?format=ojs|csv|pdfs&issue=)",
    }),
  } as const;
}

/** The endpoints of one mount of the transfer handlers. */
export type TransferEndpoints = ReturnType<typeof transferEndpoints<`/${string}`>>;

export const transferApi = transferEndpoints("/api/admin/transfer", staff("transfer"));
