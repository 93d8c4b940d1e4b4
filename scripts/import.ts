// `npm run import -- --journal ID --in FILE [--dry-run] [--remote] [--pdfs ZIP] [--ref RULE] [--require-pdf]
// [--json]`: an OJS Native XML export, or a spreadsheet (CSV, XLSX) with a zip of PDFs, into a journal of the local
// state (PERSIST_DIR) or, with --remote, of the production database and bucket; prints the report
// (docs/decisions/0210). The same import as the admin's and the console's.
import { openAsBlob } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform } from "./platform";
import { flagsOf } from "./cli-flags";
import { dbOf, findJournal, reportLines, journalDbOf } from "./transfer-cli";
import { parseRefRule, runImport } from "../worker/transfer/import-run";
import { openImportSource, type SourceFormat } from "../worker/transfer/import-source";
import { ImportSourceError, type TransferFiles } from "../worker/transfer/import-model";
import type { RangeSource } from "../worker/transfer/zip-ranges";
import type { Db } from "../worker/core/env";
import { importEditors } from "../worker/transfer/editors-import";
import { csvRecords } from "../worker/transfer/spreadsheet-reader";
import { textChunks } from "../worker/transfer/text-chunks";

/** A file on disk read by ranges (the handle stays open until the process ends). */
async function fileRanges(file: string): Promise<RangeSource> {
  const handle = await open(file);
  const { size } = await handle.stat();
  return {
    size,
    read: async (offset, length) => {
      const buffer = new Uint8Array(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    },
  };
}

const USAGE = `Usage: npm run import -- --journal ID --in FILE [--dry-run] [--remote] [--pdfs ZIP] [--ref RULE] [--require-pdf] [--json]
       npm run import -- --journal ID --editors --in EDITORS.csv [--pictures ZIP] [--dry-run] [--remote] [--json]

  --journal ID   the journal to import into (its id: npm run journals:domain -- --list shows them)
  --in FILE      an OJS 3.x Native XML export (.xml), or a spreadsheet (.csv, .xlsx) with the spec's column names
  --pdfs ZIP     for a spreadsheet: a zip of PDFs named {refnumber}.pdf
  --dry-run      report what would be created, updated or skipped, and write nothing
  --ref RULE     how an imported article's reference number is made (a spreadsheet's refnumber column wins):
                   doi (default)   the DOI's suffix (10.1234/ijans.2024.7 -> ijans.2024.7); no DOI: ojs-{id}
                   url_path        OJS's url_path (what this platform's export writes), else as doi
                   id:PREFIX       the OJS submission id with a prefix (id:IJANS- -> IJANS-17)
                   pattern:TEXT    e.g. pattern:IJANS-{year}-{volume}-{issue}-{seq:3} (also {id})
  --require-pdf  skip articles without a PDF (default for spreadsheets; OJS articles without one are imported
                 without a Download link, and reported)
  --allow-missing-pdf   import spreadsheet rows without a PDF
  --editors      --in is a CSV of editors (name, degree, post, content, picture, category, status, email, phone,
                 country) and --pictures a zip of the pictures its picture column names (docs/decisions/0273)
  --remote       the production D1 database and R2 bucket (wrangler login); default: the local state (PERSIST_DIR)
  --json         print the report as JSON`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const target = { remote: false };
let journalId: number | undefined;
let input: string | undefined;
let pdfsPath: string | undefined;
let dryRun = false;
let ref = "doi";
let requirePdf: boolean | undefined;
let json = false;
let editorsCsv = false;
let picturesPath: string | undefined;
for (const f of flagsOf(process.argv.slice(2), USAGE, fail, target)) {
  if (f.flag === "--journal") journalId = Number(f.value());
  else if (f.flag === "--in") input = f.value();
  else if (f.flag === "--pdfs") pdfsPath = f.value();
  else if (f.flag === "--dry-run") dryRun = true;
  else if (f.flag === "--ref") ref = f.value();
  else if (f.flag === "--require-pdf") requirePdf = true;
  else if (f.flag === "--allow-missing-pdf") requirePdf = false;
  else if (f.flag === "--json") json = true;
  else if (f.flag === "--editors") editorsCsv = true;
  else if (f.flag === "--pictures") picturesPath = f.value();
  else fail(`Unknown argument ${f.arg}\n\n${USAGE}`);
}
if (!journalId || !Number.isInteger(journalId) || !input) fail(USAGE);
const refRule = parseRefRule(ref) ?? fail(`--ref: "${ref}" is not a rule (doi, url_path, id:PREFIX or pattern:TEXT with {id} or {seq})`);

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
platform = await openPlatform({ remote: target.remote });
try {
  const journal =
    (await findJournal(dbOf(platform), journalId!)) ??
    fail(`No journal ${journalId} in the ${target.remote ? "remote" : "local"} database.`);
  const db = journalDbOf(platform, journal);
  const file = path.resolve(input!);
  const blob = await openAsBlob(file);
  if (editorsCsv) {
    const report = await importEditors(
      db as unknown as Db,
      platform.env.FILES as unknown as TransferFiles,
      { journalId: journal.id, adminId: null, username: "npm run import" },
      csvRecords(textChunks(blob.stream() as ReadableStream<Uint8Array>)),
      picturesPath ? await fileRanges(path.resolve(picturesPath)) : null,
      { dryRun, source: `Editors CSV ${path.basename(file)}` },
    );
    if (json) console.log(JSON.stringify(report, null, 2));
    else {
      const c = report.counts;
      console.log(
        `${report.dryRun ? "Dry run: " : ""}${c.editors} editor(s): ${c.create} to create, ${c.skip} skipped; ${c.pictures} picture(s).`,
      );
      for (const i of report.items)
        console.log(
          `  row ${i.line} ${i.name || "(no name)"}: ${i.action}${[...i.reasons.map((r) => r.message), ...i.warnings].map((m) => `; ${m}`).join("")}`,
        );
    }
    process.exit(0);
  }
  // Zips are read by ranges from the disk, as the job reads them from R2 (docs/decisions/0272).
  const pdfs = pdfsPath ? await fileRanges(path.resolve(pdfsPath)) : null;
  const opened = await openImportSource(
    { stream: () => blob.stream() as ReadableStream<Uint8Array>, name: file, ranges: () => fileRanges(file) },
    pdfs,
    "auto" as SourceFormat | "auto",
  );
  const started = performance.now();
  const report = await runImport(
    db,
    platform.env.FILES as unknown as TransferFiles,
    journal,
    { journalId: journal.id, adminId: null, username: "npm run import" },
    opened.articles,
    {
      dryRun,
      refRule,
      requirePdf: requirePdf ?? opened.format !== "ojs",
      sourceLabel: `${opened.label} ${path.basename(file)}`,
      fetchPdf: async (url) => {
        const res = await fetch(url);
        return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
      },
      onProgress: json
        ? undefined
        : (r) => {
            process.stderr.write(`  ${r.counts.articles} article(s) read...\r`);
          },
    },
  );
  if (json) console.log(JSON.stringify(report, null, 2));
  else {
    process.stderr.write("\n");
    for (const l of reportLines(report)) console.log(l);
    console.log(`Into journal ${journal.id} (${journal.slug}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
} catch (err) {
  if (err instanceof ImportSourceError) console.error(`import: ${err.message}${err.line ? ` (line ${err.line})` : ""}`);
  else console.error(`import failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
