// `npm run export -- --journal ID [--issue YEAR/VOL/ISSUE] --out FILE [--remote]`: a journal (or one issue) as OJS
// Native XML with its PDFs embedded, valid against OJS's native.xsd; streamed to the file one article at a time.
// With --format csv the same articles as the spreadsheet the import reads, plus --pdfs-out ZIP of {refnumber}.pdf.
import { createWriteStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform } from "./platform";
import { flagsOf } from "./cli-flags";
import { dbOf, findJournal, journalDbOf } from "./transfer-cli";
import { exportOjsXml, parseIssueSelector } from "../worker/transfer/ojs-writer";
import { exportSheetCsv, exportSheetPdfs } from "../worker/transfer/spreadsheet-writer";
import type { TransferFiles } from "../worker/transfer/import-model";

const USAGE = `Usage: npm run export -- --journal ID [--issue YEAR/VOL/ISSUE] --out FILE [--format ojs|csv] [--pdfs-out ZIP] [--remote]

  --journal ID      the journal to export
  --issue Y/V/I     one issue (e.g. 2024/3/2); default: every issue
  --out FILE        where to write: OJS Native XML (default), or with --format csv the spreadsheet
  --format csv      the spreadsheet npm run import reads (SPEC field names), instead of OJS Native XML
  --pdfs-out ZIP    with --format csv: a zip of the PDFs named {refnumber}.pdf
  --remote          the production D1 database and R2 bucket (wrangler login); default: the local state`;

const fail = (message: string): never => {
  console.error(message);
  process.exit(2);
};
const target = { remote: false };
let journalId: number | undefined;
let issue: string | undefined;
let out: string | undefined;
let format = "ojs";
let pdfsOut: string | undefined;
for (const f of flagsOf(process.argv.slice(2), USAGE, fail, target)) {
  if (f.flag === "--journal") journalId = Number(f.value());
  else if (f.flag === "--issue") issue = f.value();
  else if (f.flag === "--out") out = f.value();
  else if (f.flag === "--format") format = f.value();
  else if (f.flag === "--pdfs-out") pdfsOut = f.value();
  else fail(`Unknown argument ${f.arg}\n\n${USAGE}`);
}
if (!journalId || !Number.isInteger(journalId) || !out || !["ojs", "csv"].includes(format)) fail(USAGE);
const selector = issue ? (parseIssueSelector(issue) ?? fail(`--issue: "${issue}" is not YEAR/VOL/ISSUE`)) : null;

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
platform = await openPlatform({ remote: target.remote });
try {
  const journal =
    (await findJournal(dbOf(platform), journalId!)) ??
    fail(`No journal ${journalId} in the ${target.remote ? "remote" : "local"} database.`);
  const db = journalDbOf(platform, journal);
  const files = platform.env.FILES as unknown as TransferFiles;
  const file = path.resolve(out!);
  const stream = format === "csv" ? exportSheetCsv(db, journal, selector) : exportOjsXml(db, files, journal, selector);
  await pipeline(Readable.fromWeb(stream as import("node:stream/web").ReadableStream), createWriteStream(file));
  console.log(`Wrote ${file}`);
  if (pdfsOut) {
    const zip = path.resolve(pdfsOut);
    await pipeline(
      Readable.fromWeb((await exportSheetPdfs(db, files, journal, selector)) as import("node:stream/web").ReadableStream),
      createWriteStream(zip),
    );
    console.log(`Wrote ${zip}`);
  }
} catch (err) {
  console.error(`export failed: ${(err as Error).stack ?? err}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
