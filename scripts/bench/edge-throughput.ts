// `npm run bench:edge`: requests per second of cached public answers against a /static/ file of similar size, on
// the local server `npm start` runs (wrangler dev, the built Worker, demo data), loopback only, bounded in time.
//   BENCH_SECONDS (default 5) per target, BENCH_CONNECTIONS (default 8). Also: BENCH_ORIGIN=http://127.0.0.1:PORT
//   measures a server that is already running (e.g. an older build, for a before/after comparison).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

async function startServer(): Promise<{ origin: string; server: ChildProcess }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "edge-bench-"));
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: dir, SKIP_BUILD: process.env.SKIP_BUILD ?? "1", WRANGLER_LOG: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Journal site")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
  });
  return { origin, server };
}

async function get(url: string): Promise<{ status: number; bytes: number; cache: string | null; body: string }> {
  const res = await fetch(url);
  const body = await res.text();
  return { status: res.status, bytes: Buffer.byteLength(body), cache: res.headers.get("x-edge-cache"), body };
}

// The goal compares with "a /static/ file of similar size": the build's own files jump from 22 KB to 50 KB to 160 KB,
// and through the local proxy every byte costs, so a 72 KB page against a 50 KB file would measure size, not the
// Worker. Text files of every size from 4 KB to 256 KB in 4 KB steps go beside them for the run (removed after).
const fillerDir = path.join(root, "dist/client/static/bench-sizes");
function writeSizeFillers(): void {
  mkdirSync(fillerDir, { recursive: true });
  for (let kb = 4; kb <= 256; kb += 4) writeFileSync(path.join(fillerDir, `${kb}k.txt`), "x".repeat(kb * 1024));
}

/** The /static/ file whose size is closest to `bytes`. */
function staticFileNear(bytes: number): { path: string; size: number } {
  const dir = path.join(root, "dist/client/static");
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .map((f) => ({ path: `/static/${f}`, size: statSync(path.join(dir, f)).size }));
  return files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))[0];
}

async function rate(url: string): Promise<{ rps: number; p50: number; non2xx: number }> {
  await get(url);
  await get(url); // warm: cached at the edge
  const r = await autocannon({ url, connections, duration: seconds });
  return { rps: r.requests.average, p50: r.latency.p50, non2xx: r.non2xx + r.errors };
}

if (!process.env.BENCH_ORIGIN) writeSizeFillers();
const started = process.env.BENCH_ORIGIN ? null : await startServer();
const origin = process.env.BENCH_ORIGIN ?? started!.origin;
try {
  // A real article of the demo data: newest year, its first issue, first article.
  const years = JSON.parse((await get(`${origin}/api/archives/`)).body) as { year: number; volume: number }[];
  const { year, volume } = years[0];
  const issue = JSON.parse((await get(`${origin}/api/archives/${year}/${volume}/1`)).body) as { articles: { refnumber: string; file: string | null }[] };
  const article = issue.articles.find((a) => a.file) ?? issue.articles[0];
  const articlePage = `/archives/${year}/vol${volume}/issue1/${article.refnumber}`;
  const targets: [string, string][] = [
    ["article page (HTML)", articlePage],
    ["GET /api/settings/", "/api/settings/"],
    [`GET /api/archives/${year}/${volume}/1`, `/api/archives/${year}/${volume}/1`],
    ["article PDF (R2)", `${articlePage}.pdf`],
    ["/favicon.svg (shipped file)", "/favicon.svg"],
  ];
  const page = await get(`${origin}${articlePage}`);
  const near = staticFileNear(page.bytes);
  const base = await rate(`${origin}${near.path}`);
  const rows = [`| ${near.path} (${(near.size / 1024).toFixed(1)} KB, asset store, no Worker) | ${base.rps.toFixed(0)} | ${base.p50} ms | 1.00 | — |`];
  for (const [name, p] of targets) {
    const r = await rate(`${origin}${p}`);
    const probe = await get(`${origin}${p}`);
    rows.push(`| ${name} (${(probe.bytes / 1024).toFixed(1)} KB) | ${r.rps.toFixed(0)} | ${r.p50} ms | ${(r.rps / base.rps).toFixed(2)} | ${probe.cache ?? "—"} |`);
    if (r.non2xx) rows.push(`|   ↳ ${r.non2xx} non-2xx answers or errors | | | | |`);
  }
  console.log(
    [
      "",
      `Requests per second on ${origin} (autocannon, ${connections} connections, ${seconds} s each, loopback; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`,
      "| request | req/s | p50 latency | vs the /static/ file | X-Edge-Cache |",
      "|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n"),
  );
} finally {
  if (started?.server.pid) process.kill(-started.server.pid, "SIGTERM");
  rmSync(fillerDir, { recursive: true, force: true });
}
