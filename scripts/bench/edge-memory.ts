// `npm run bench:edge-memory`: how much workerd's memory grows when 40 anonymous readers fetch a 5 MB article PDF
// at once, each with its own cache-busting query string (issue 25 item 5: buffered edge-cache misses raised RSS by
// hundreds of MB). For each tree given: `npm start` from it on a random loopback port (built Worker, demo data,
// wrangler dev, fresh local state), the demo admin adds an article with a ~5 MB PDF (which also bumps the content
// version, so nothing is cached yet), then
//   burst 1 ("no edge cache"): 40 concurrent GETs of the PDF with `Range: bytes=0-`, which the edge cache never
//   handles: the floor of 40 streamed reads of the file from (local) R2 through the app;
//   burst 2 ("cold"): 40 concurrent GETs, distinct ?cb=, nothing in the edge cache yet;
//   burst 3 ("warm"): the same again, right after.
// The RSS of every workerd process under the server is summed and sampled every 20 ms; a burst's growth is its
// peak minus the median of the second before it.
//   BENCH_TREES=dir1,dir2 (default: this tree; each needs a built dist/, e.g. `npm run build` there),
//   BENCH_READERS (default 40), BENCH_PDF_BYTES (default 5,200,000: under the 5 MB upload limit).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { DEMO_ADMIN } from "../demo/seed-demo";
import { median, startBenchServer, workerdRss } from "./bench-server";

const here = path.resolve(import.meta.dirname, "../..");
const trees = (process.env.BENCH_TREES ?? here).split(",").map((t) => path.resolve(t));
const readers = Number(process.env.BENCH_READERS ?? 40);
const pdfBytes = Number(process.env.BENCH_PDF_BYTES ?? 5_200_000);

/** A valid PDF of about `size` bytes: one page and an incompressible attachment. */
async function bigPdf(size: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText("Edge memory benchmark", { x: 72, y: 770, size: 18 });
  const filler = new Uint8Array(size - 4000);
  for (let i = 0; i < filler.length; i += 65536) crypto.getRandomValues(filler.subarray(i, Math.min(i + 65536, filler.length)));
  await doc.attach(filler, "filler.bin", { mimeType: "application/octet-stream" });
  return doc.save({ useObjectStreams: false });
}

/** The demo admin adds an article with the big PDF to the newest issue; its PDF's public path. */
async function addBigArticle(origin: string, pdf: Uint8Array): Promise<string> {
  const login = await fetch(`${origin}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const issues = (await (await fetch(`${origin}/api/admin/archives/`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    year: number;
    volume: number;
    issue: number;
  }[];
  const { year, volume, issue } = issues.sort((a, b) => b.year - a.year || b.volume - a.volume || b.issue - a.issue)[0];
  const ref = `MEM-${Date.now().toString(36)}`;
  const f = new FormData();
  const fields: Record<string, string> = {
    title: `Edge memory benchmark ${ref}`,
    abstract: "A large PDF for the edge-cache memory benchmark.",
    authorname: "A. Bench",
    refnumber: ref,
    txnid: `TXN-${ref}`,
    ptype: "free",
    pagenumber: "1-2",
    publishdate: new Date().toISOString().slice(0, 10),
    year: String(year),
    volume: String(volume),
    issue: String(issue),
    email: "bench@example.org",
  };
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("pdfFile", new File([Buffer.from(pdf)], `${ref}.pdf`, { type: "application/pdf" }));
  const added = await fetch(`${origin}/api/admin/archives/`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: f });
  if (added.status !== 201 && added.status !== 200) throw new Error(`adding the article: ${added.status} ${await added.text()}`);
  return `/archives/${year}/vol${volume}/issue${issue}/${ref}.pdf`;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One burst of concurrent GETs; the RSS growth it caused (peak minus the median of the second before). */
async function burst(origin: string, pdfPath: string, pid: number, firstCb: number, size: number, headers: Record<string, string> = {}) {
  const before: number[] = [];
  for (let i = 0; i < 20; i++, await sleep(50)) before.push(workerdRss(pid));
  const baseline = median(before);
  let peak = baseline;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, workerdRss(pid));
      await sleep(20);
    }
  })();
  const t0 = performance.now();
  const answers = await Promise.all(
    Array.from({ length: readers }, async (_, i) => {
      const res = await fetch(`${origin}${pdfPath}?cb=${firstCb + i}`, { headers });
      const bytes = (await res.arrayBuffer()).byteLength;
      return { status: res.status, bytes, cache: res.headers.get("x-edge-cache") };
    }),
  );
  const ms = performance.now() - t0;
  await sleep(1000);
  sampling = false;
  await sampler;
  const whole = answers.filter((a) => (a.status === 200 || a.status === 206) && a.bytes === size).length;
  const tally = new Map<string, number>();
  for (const a of answers) tally.set(a.cache ?? "none", (tally.get(a.cache ?? "none") ?? 0) + 1);
  const caches = [...tally].map(([k, n]) => `${k} ${n}`);
  return { baseline, growth: peak - baseline, ms, whole, caches: caches.join(", ") };
}

function commitOf(root: string): string {
  try {
    return execFileSync("git", ["-C", root, "log", "-1", "--format=%h"], { encoding: "utf8" }).trim();
  } catch {
    return readFileSync(path.join(root, ".bench-commit"), "utf8").trim();
  }
}

console.log(
  `edge-memory: ${readers} concurrent GETs of a ${mb(pdfBytes)} MB article PDF, distinct ?cb=; load: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const pdf = await bigPdf(pdfBytes);
for (const root of trees) {
  const { origin, server, dir } = await startBenchServer(root, "edge-memory");
  try {
    const pdfPath = await addBigArticle(origin, pdf);
    // The Range burst first: it pays the isolate's one-time costs of serving the file (code paths, R2 reads), so
    // the cold burst after it measures what the edge cache adds. The cache is still empty then.
    const bursts: [string, number, Record<string, string>][] = [
      ["no edge cache", 1, { range: "bytes=0-" }],
      ["cold", readers + 1, {}],
      ["warm", 2 * readers + 1, {}],
    ];
    for (const [name, firstCb, headers] of bursts) {
      const r = await burst(origin, pdfPath, server.pid!, firstCb, pdf.length, headers);
      console.log(
        `${commitOf(root)} (${root}) ${name}: RSS ${mb(r.baseline)} MB -> +${mb(r.growth)} MB at peak; ${r.whole}/${readers} whole PDFs in ${Math.round(r.ms)} ms; x-edge-cache: ${r.caches}`,
      );
    }
  } finally {
    process.kill(-server.pid!, "SIGTERM");
    await sleep(1500);
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  `load after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
