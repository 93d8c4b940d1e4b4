// `npm run bench:import`: how long a whole archive takes to move in, and what it costs the Worker's memory
// (issue 39 item 4). For each format of BENCH_FORMAT (default "ojs,csv") and each size of BENCH_ARTICLES (default
// 125,250,500): generates the archive — OJS Native XML with a PDF of BENCH_PDF_KB (default 150) KB embedded (base64) per
// article in issues of 25, or a CSV with the spec's columns and a zip of the same PDFs — written to disk as it is
// made; starts a fresh `npm start` (the built Worker, wrangler dev, a fresh PERSIST_DIR; BENCH_SHARED_SERVER=1 keeps
// one server for every size); as the demo admin uploads the files in 8 MiB parts and runs the import as a job (the
// TransferWorkflow), the way the admin page does. Measured: the upload, the import job (from its start to "done"),
// the Worker isolate's V8 heap asked every 20 ms through the DevTools inspector (Runtime.getHeapUsage; the isolate
// answers at a few moments of a running import, in bursts, and "used" counts garbage not yet collected: a coarse
// figure), and the resident memory of every workerd
// process under the server (the D1 and R2 simulators included), sampled every 50 ms (its peak during the upload and
// during the import, minus the median of the second before the upload). Each size has its own reference numbers
// (B125-1…, S500-1…), so nothing is skipped. Ends with a Markdown table of the runs (docs/benchmarks.md).
import { execFileSync } from "node:child_process";
import fs, { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import os from "node:os";
import path from "node:path";
import { DEMO_ADMIN } from "../demo/seed-demo";
import { Zip, ZipPassThrough } from "fflate";
import { type IsolateHeap, isolateHeap, median, startBenchServer, workerdRss } from "./bench-server";

const root = path.resolve(import.meta.dirname, "../..");
const sizes = (process.env.BENCH_ARTICLES ?? "125,250,500").split(",").map(Number);
const pdfKb = Number(process.env.BENCH_PDF_KB ?? 150);
const PART = 8 * 1024 * 1024;
/** BENCH_FORMAT: ojs (an OJS Native XML archive, PDFs embedded), csv (a spreadsheet and a zip of PDFs), or both. */
const formats = (process.env.BENCH_FORMAT ?? "ojs,csv").split(",") as ("ojs" | "csv")[];
/** BENCH_SHARED_SERVER=1: every size on one server, as before; by default each size gets a fresh one (comparable). */
const sharedServer = process.env.BENCH_SHARED_SERVER === "1";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** A PDF of about `kb` KB: one page and a stream of pseudo-random (incompressible) bytes, as scanned articles are. */
function pdfOf(n: number, kb: number): Buffer {
  const body = Buffer.alloc(kb * 1024);
  let x = n * 2654435761;
  for (let i = 0; i < body.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    body[i] = x >>> 24;
  }
  const head = Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n4 0 obj<</Length ${body.length}>>stream\n`,
  );
  return Buffer.concat([head, body, Buffer.from("\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")]);
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Writes an archive of `count` articles to `file`, one article at a time. */
/** A CSV of `count` articles (the spec's columns) and a zip of their PDFs ({refnumber}.pdf, stored), written as made. */
async function writeSheet(dir: string, count: number, prefix: string): Promise<{ file: string; pdfs: string }> {
  const file = path.join(dir, `archive-${count}.csv`);
  const pdfs = path.join(dir, `archive-${count}-pdfs.zip`);
  const csv = createWriteStream(file);
  const zipOut = createWriteStream(pdfs);
  const zip = new Zip((err, chunk, final) => {
    if (err) throw err;
    zipOut.write(chunk);
    if (final) zipOut.end();
  });
  csv.write("refnumber,title,authorname,abstract,year,volume,issue,pagenumber,country,email,txnid,ptype,keywords,doi\n");
  for (let n = 0; n < count; n++) {
    const i = Math.floor(n / 25);
    const page = (n % 25) * 10 + 1;
    const ref = `${prefix}-${n + 1}`;
    const abstract = "An abstract of a benchmark article. ".repeat(30);
    if (
      !csv.write(
        `${ref},"${ref} article: soil, water & yield in trial ${n % 37}","Author Number${n}, Second Writer${n}","${abstract}",${2000 + Math.floor(i / 4)},${i + 1},${(i % 4) + 1},${page}-${page + 9},India,a${n}@example.org,TX-${ref},free,"soil, trial ${n % 37}",10.5555/${ref.toLowerCase()}\n`,
      )
    )
      await once(csv, "drain");
    const entry = new ZipPassThrough(`${ref}.pdf`);
    zip.add(entry);
    entry.push(pdfOf(n, pdfKb), true);
    if (zipOut.writableLength > 16 * 1024 * 1024) await once(zipOut, "drain");
  }
  zip.end();
  csv.end();
  await Promise.all([once(csv, "finish"), once(zipOut, "finish")]);
  return { file, pdfs };
}

async function writeArchive(file: string, count: number, prefix: string): Promise<void> {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, "drain");
  };
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<issues xmlns="http://pkp.sfu.ca">\n');
  const perIssue = 25;
  for (let first = 0; first < count; first += perIssue) {
    const i = first / perIssue;
    const year = 2000 + Math.floor(i / 4);
    await write(
      `<issue published="1"><issue_identification><volume>${i + 1}</volume><number>${(i % 4) + 1}</number><year>${year}</year><title locale="en">Bench issue ${i + 1}</title></issue_identification><date_published>${year}-06-01</date_published><sections><section ref="ART" seq="1"><abbrev locale="en">ART</abbrev><title locale="en">Articles</title></section></sections><articles>\n`,
    );
    for (let n = first; n < Math.min(count, first + perIssue); n++) {
      const pdf = pdfOf(n, pdfKb);
      const page = (n - first) * 10 + 1;
      await write(
        `<article locale="en" stage="production" current_publication_id="${n + 1}"><id type="internal">${n + 1}</id>` +
          `<submission_file id="${n + 1}" stage="proof"><name locale="en">article-${n + 1}.pdf</name><file id="${n + 1}" filesize="${pdf.length}" extension="pdf"><embed encoding="base64">`,
      );
      const b64 = pdf.toString("base64");
      for (let at = 0; at < b64.length; at += 76 * 1000) await write(b64.slice(at, at + 76 * 1000).replace(/.{76}/g, "$&\n"));
      await write(
        `</embed></file></submission_file><publication id="${n + 1}" section_ref="ART" date_published="${year}-06-01" url_path="${prefix}-${n + 1}">` +
          `<id type="internal">${n + 1}</id><id type="doi">10.5555/${prefix.toLowerCase()}.${n + 1}</id>` +
          `<title locale="en">${esc(`${prefix} article ${n + 1}: soil, water & yield in trial ${n % 37}`)}</title>` +
          `<abstract locale="en">&lt;p&gt;${esc("An abstract of a benchmark article. ".repeat(30))}&lt;/p&gt;</abstract>` +
          `<keywords locale="en"><keyword>soil</keyword><keyword>trial ${n % 37}</keyword></keywords>` +
          `<authors><author seq="0" id="${n * 3}"><givenname locale="en">Author</givenname><familyname locale="en">Number${n}</familyname><affiliation locale="en">University ${n % 50}</affiliation><country>IN</country><email>a${n}@example.org</email></author>` +
          `<author seq="1" id="${n * 3 + 1}"><givenname locale="en">Second</givenname><familyname locale="en">Writer${n}</familyname></author></authors>` +
          `<article_galley locale="en"><name locale="en">PDF</name><seq>0</seq><submission_file_ref id="${n + 1}"/></article_galley>` +
          `<citations><citation>Ref A ${n}. Journal. 2001.</citation><citation>Ref B ${n}. Book. 1999.</citation></citations>` +
          `<pages>${page}-${page + 9}</pages></publication></article>\n`,
      );
    }
    await write("</articles></issue>\n");
  }
  await write("</issues>\n");
  out.end();
  await once(out, "finish");
}

async function call<T>(origin: string, token: string, p: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${origin}${p}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Uploads a file in PART-sized parts, as the admin page does; its upload token. */
async function upload(origin: string, token: string, file: string): Promise<string> {
  const size = statSync(file).size;
  const blob = await openAsBlob(file);
  const { token: source, uploadId } = await call<{ token: string; uploadId: string }>(origin, token, "/api/admin/transfer/uploads", {
    method: "POST",
  });
  const parts = [];
  for (let n = 1, at = 0; at < size; n++, at += PART) {
    const part = blob.slice(at, at + PART);
    parts.push(
      await call(origin, token, `/api/admin/transfer/uploads/${source}/parts/${n}?uploadId=${encodeURIComponent(uploadId)}`, {
        method: "PUT",
        body: part,
        headers: { "content-length": String(part.size) },
      }),
    );
  }
  await call(origin, token, `/api/admin/transfer/uploads/${source}/complete`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ uploadId, parts }),
  });
  return source;
}

async function bench(
  origin: string,
  pid: number,
  heap: IsolateHeap,
  token: string,
  archive: { file: string; pdfs?: string },
  count: number,
) {
  const size = statSync(archive.file).size + (archive.pdfs ? statSync(archive.pdfs).size : 0);
  const samples: number[] = [];
  const heapSamples: number[] = [];
  const before: number[] = [];
  // A full collection first when the inspector takes the request (workerd's does not answer it: then as it stands).
  await heap.collect();
  const heapBefore = (await heap.usage()).used;
  for (let i = 0; i < 20; i++, await sleep(50)) before.push(workerdRss(pid));
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      samples.push(workerdRss(pid));
      await sleep(50);
    }
  })();
  // The isolate's heap: a request every 20 ms, not waiting for the answers (the isolate answers between its awaits,
  // so requests queue while it works and are answered together; each answer is the heap when it was taken).
  const heapSampler = (async () => {
    const pending: Promise<void>[] = [];
    while (sampling) {
      pending.push(
        heap.usage().then((u) => {
          if (u.used > 0) heapSamples.push(u.used);
        }),
      );
      await sleep(20);
    }
    await Promise.all(pending);
  })();

  const t0 = performance.now();
  const source = await upload(origin, token, archive.file);
  const pdfs = archive.pdfs ? await upload(origin, token, archive.pdfs) : undefined;
  const t1 = performance.now();
  const uploadPeak = Math.max(...samples);
  const mark = samples.length;
  const heapMark = heapSamples.length;
  const { job } = await call<{ job: { id: string } }>(origin, token, "/api/admin/transfer/jobs", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ source, pdfs, name: path.basename(archive.file), ref: archive.pdfs ? "doi" : "url_path", dryRun: false }),
  });
  let detail: { job: { status: string; error: string; counts: Record<string, number> } };
  for (;;) {
    detail = await call(origin, token, `/api/admin/transfer/jobs/${job.id}`);
    if (detail.job.status === "done" || detail.job.status === "failed") break;
    await sleep(200);
  }
  const t2 = performance.now();
  sampling = false;
  await Promise.all([sampler, heapSampler]);
  if (detail.job.status !== "done") throw new Error(`the import failed: ${detail.job.error}`);
  const baseline = median(before);
  const importPeak = Math.max(...samples.slice(mark));
  const importHeap = heapSamples.slice(heapMark);
  return {
    count,
    fileMb: mb(size),
    uploadS: ((t1 - t0) / 1000).toFixed(1),
    importS: ((t2 - t1) / 1000).toFixed(1),
    counts: detail.job.counts,
    baselineMb: mb(baseline),
    uploadGrowthMb: mb(uploadPeak - baseline),
    importGrowthMb: mb(importPeak - baseline),
    heapBeforeMb: mb(heapBefore),
    heapPeakMb: mb(Math.max(...importHeap)),
    heapSamples: importHeap.length,
    // The lowest answer of each quarter of the import: "used" counts garbage not yet collected (the inspector's
    // collectGarbage goes unanswered), so rising floors would mean the import keeps something per article. The
    // answers come in bursts, though: equal floors may be one burst, not four moments (docs/benchmarks.md).
    heapFloorsMb: [0, 1, 2, 3]
      .map((q) => importHeap.slice(Math.floor((q * importHeap.length) / 4), Math.floor(((q + 1) * importHeap.length) / 4)))
      .map((part) => (part.length ? mb(Math.min(...part)) : "–"))
      .join(" / "),
  };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "import-archive-"));
let current: Awaited<ReturnType<typeof startBenchServer>> | null = null;
let heap: IsolateHeap | null = null;
let token = "";
const stop = async () => {
  heap?.close();
  if (current) process.kill(-current.server.pid!, "SIGTERM");
  await sleep(1000);
  if (current) rmSync(current.dir, { recursive: true, force: true });
  current = null;
  heap = null;
};
const serve = async () => {
  current = await startBenchServer(root, "import-bench");
  const login = await fetch(`${current.origin}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
  });
  token = ((await login.json()) as { token: string }).token;
  heap = await isolateHeap(current.inspectorPort);
};
const table: string[] = [];
try {
  console.log(`uptime: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
  for (const format of formats)
    for (const count of sizes) {
      const g0 = performance.now();
      const archive =
        format === "csv" ? await writeSheet(tmp, count, `S${count}`) : { file: path.join(tmp, `archive-${count}.xml`), pdfs: undefined };
      if (format === "ojs") await writeArchive(archive.file, count, `B${count}`);
      console.log(
        `Generated ${archive.file}${archive.pdfs ? ` and ${archive.pdfs}` : ""} (${count} articles, PDFs of ${pdfKb} KB) in ${((performance.now() - g0) / 1000).toFixed(1)} s`,
      );
      if (!current || !sharedServer) {
        await stop();
        await serve();
      }
      const r = await bench(current!.origin, current!.server.pid!, heap!, token, archive, count);
      const what = format === "csv" ? "CSV + zip of PDFs" : "OJS XML";
      console.log(
        `${r.count} articles, ${r.fileMb} MB of ${what}: upload ${r.uploadS} s, import ${r.importS} s (${JSON.stringify(r.counts)}); isolate heap ${r.heapBeforeMb} MB before, peak ${r.heapPeakMb} MB during the import (${r.heapSamples} samples), lowest per quarter of the import ${r.heapFloorsMb} MB; workerd RSS ${r.baselineMb} MB before, peak +${r.uploadGrowthMb} MB during the upload, +${r.importGrowthMb} MB during the import`,
      );
      table.push(
        `| ${what} | ${r.count} | ${r.fileMb} MB | ${r.uploadS} s | ${r.importS} s | ${r.heapBeforeMb} → **${r.heapPeakMb} MB** | ${r.heapFloorsMb} MB | ${r.baselineMb} MB → +${r.importGrowthMb} MB |`,
      );
      fs.rmSync(archive.file, { force: true });
      if (archive.pdfs) fs.rmSync(archive.pdfs, { force: true });
    }
  console.log(`uptime: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
  console.log(
    "\n| format | articles | files | upload | import (job) | isolate heap: before → peak during the import | heap's lowest, each quarter of the import | workerd RSS before → growth |\n|---|---|---|---|---|---|---|---|",
  );
  for (const line of table) console.log(line);
} finally {
  await stop();
  rmSync(tmp, { recursive: true, force: true });
}
