// One import job, start to end: the options and files from its row, the import with progress written after each
// chunk, the report put to R2, the row marked done (or failed, with the reason a person can act on).
import { parseRefRule, runImport, type ImportReport } from "./import-run";
import { openImportSource } from "./import-source";
import { ImportSourceError, type TransferDb } from "./import-model";
import { findJobById, updateJob, type JobOptions } from "./jobs.repo";
import type { TransferJobRow } from "../core/data/schema";
import { findJournalById } from "./journal-of-job";
import { rangeSourceOfR2 } from "./zip-ranges";
import { importEditors } from "./editors-import";
import { csvRecords } from "./spreadsheet-reader";
import { textChunks } from "./text-chunks";
import type { EditorsImportReport } from "#contract/transfer";
import { bumpContentVersion } from "../core/audit/admin-events.repo";
import { forgetJournals } from "../core/edge/journal-memo";

const fail = (message: string): never => {
  throw new ImportSourceError("upload_gone", message);
};

export const reportKeyOf = (journalId: number, jobId: string) => `journals/${journalId}/transfer/jobs/${jobId}/report.json`;

/** Reads a PDF an OJS export only links to (at most the 5 MB limit and one byte). */
export async function fetchPdfOnline(url: string): Promise<Uint8Array | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  const res = await fetch(url, { redirect: "follow" });
  if (!res.ok || !res.body) return null;
  return new Uint8Array(await res.arrayBuffer());
}

export async function runJob(
  db: TransferDb,
  bucket: R2Bucket,
  jobId: string,
  /** Where the journal's row is (the platform database, docs/decisions/0240); `db` when the journal lives there. */
  platform: TransferDb = db,
): Promise<{ status: string; counts: ImportReport["counts"] | EditorsImportReport["counts"] | null }> {
  const job = await findJobById(db, jobId);
  if (!job) return { status: "missing", counts: null };
  if (job.status === "done" || job.status === "failed") return { status: job.status, counts: JSON.parse(job.counts) };
  await updateJob(db, jobId, { status: "running", attempts: job.attempts + 1 });
  const journal = await findJournalById(platform, job.journalId);
  if (!journal) {
    await updateJob(db, jobId, { status: "failed", error: "The journal no longer exists." });
    return { status: "failed", counts: null };
  }
  // An import that wrote rows moves the journal's content version where its row is (the platform database), so
  // readers see the new articles and editors at once, not when the edge's cached answers age out (decision 0240).
  const published = async <T extends { status: string }>(r: T): Promise<T> => {
    if (r.status === "done" && !job.dryRun) {
      if (platform !== db) await bumpContentVersion(platform, journal.id);
      forgetJournals();
    }
    return r;
  };
  if (job.kind === "editors") return published(await runEditorsJob(db, bucket, job, journal.id));
  const options = JSON.parse(job.options) as JobOptions;
  const refRule = parseRefRule(options.ref);
  const source = await bucket.get(job.sourceKey);
  // Zips (a workbook, the PDFs) are read by ranges: the directory, then one entry at a time (docs/decisions/0272).
  const pdfs = job.pdfsKey ? await rangeSourceOfR2(bucket, job.pdfsKey) : null;
  if (!refRule || !source || (job.pdfsKey && !pdfs)) {
    await updateJob(db, jobId, {
      status: "failed",
      error: !refRule ? "The reference number rule is not valid." : "The uploaded file is gone; upload it again.",
    });
    return { status: "failed", counts: null };
  }
  try {
    const opened = await openImportSource(
      {
        stream: () => source.body,
        name: job.sourceName,
        ranges: async () => (await rangeSourceOfR2(bucket, job.sourceKey)) ?? fail("The uploaded file is gone; upload it again."),
      },
      pdfs,
      options.format,
    );
    const report = await runImport(
      db,
      bucket,
      journal,
      { journalId: journal.id, adminId: null, username: job.createdBy || "import" },
      opened.articles,
      {
        dryRun: job.dryRun,
        refRule,
        requirePdf: options.requirePdf ?? opened.format !== "ojs",
        sourceLabel: `${opened.label}${job.sourceName ? ` ${job.sourceName}` : ""}`,
        fetchPdf: fetchPdfOnline,
        onProgress: (r) => updateJob(db, jobId, { counts: JSON.stringify(r.counts) }),
      },
    );
    const reportKey = reportKeyOf(journal.id, jobId);
    await bucket.put(reportKey, JSON.stringify(report), { httpMetadata: { contentType: "application/json" } });
    await updateJob(db, jobId, { status: "done", counts: JSON.stringify(report.counts), reportKey });
    return published({ status: "done", counts: report.counts });
  } catch (err) {
    if (err instanceof ImportSourceError) {
      // The file itself is the problem: no retry will help.
      await updateJob(db, jobId, { status: "failed", error: `${err.message}${err.line ? ` (line ${err.line})` : ""}` });
      return { status: "failed", counts: null };
    }
    throw err;
  }
}

/**
 * An editors import (decision 0290): the CSV streamed from R2, the pictures' zip read by ranges, progress every few
 * rows. A retried step starts over and finds the editors it already made "Already on the board": nothing twice.
 */
async function runEditorsJob(
  db: TransferDb,
  bucket: R2Bucket,
  job: TransferJobRow,
  journalId: number,
): Promise<{ status: string; counts: EditorsImportReport["counts"] | null }> {
  const source = await bucket.get(job.sourceKey);
  const pictures = job.pdfsKey ? await rangeSourceOfR2(bucket, job.pdfsKey) : null;
  if (!source || (job.pdfsKey && !pictures)) {
    await updateJob(db, job.id, { status: "failed", error: "The uploaded file is gone; upload it again." });
    return { status: "failed", counts: null };
  }
  try {
    const report = await importEditors(
      db,
      bucket,
      { journalId, adminId: null, username: job.createdBy || "import" },
      csvRecords(textChunks(source.body)),
      pictures,
      {
        dryRun: job.dryRun,
        source: `Editors CSV ${job.sourceName}`.trim(),
        onProgress: (r) => updateJob(db, job.id, { counts: JSON.stringify(r.counts) }),
      },
    );
    const reportKey = reportKeyOf(journalId, job.id);
    await bucket.put(reportKey, JSON.stringify(report), { httpMetadata: { contentType: "application/json" } });
    await updateJob(db, job.id, { status: "done", counts: JSON.stringify(report.counts), reportKey });
    return { status: "done", counts: report.counts };
  } catch (err) {
    if (err instanceof ImportSourceError) {
      await updateJob(db, job.id, { status: "failed", error: `${err.message}${err.line ? ` (row ${err.line})` : ""}` });
      return { status: "failed", counts: null };
    }
    throw err;
  }
}

export async function failJob(db: TransferDb, jobId: string, message: string): Promise<void> {
  await updateJob(db, jobId, {
    status: "failed",
    error: `The import stopped: ${message.slice(0, 300)}. Start it again: what was imported stays, and nothing is made twice.`,
  });
}
