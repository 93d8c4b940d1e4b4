// `npm run bench:edge`: requests per second of cached public answers against a /static/ file of the same size, on
// the local server `npm start` runs (wrangler dev, the built Worker, demo data), loopback only, bounded in time.
// Beside it, the same measure for a Worker that does nothing (scripts/bench/ceiling-worker): the most a Worker can
// reach against the asset store on this local server.
//   BENCH_SECONDS (default 3) per measure, BENCH_ROUNDS (default 3: medians of the rounds' ratios, each ratio from
//   measures taken one after the other), BENCH_CONNECTIONS (default 8). Also: BENCH_ORIGIN=http://127.0.0.1:PORT
//   measures a server that is already running (e.g. an older build, for a before/after comparison).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server";

const root = path.resolve(import.meta.dirname, "../..");
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

/** A random loopback port and an empty folder for a server's local state. */
function portAndStateDir(prefix: string): { port: number; dir: string } {
  return { port: 20000 + Math.floor(Math.random() * 20000), dir: mkdtempSync(path.join(os.tmpdir(), prefix)) };
}

async function get(
  url: string,
): Promise<{ status: number; bytes: number; cache: string | null; body: string; headers: [string, string][] }> {
  const res = await fetch(url);
  const body = await res.text();
  const headers: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (!["content-length", "date", "connection", "keep-alive", "transfer-encoding", "content-encoding"].includes(name))
      headers.push([name, value]);
  });
  return { status: res.status, bytes: Buffer.byteLength(body), cache: res.headers.get("x-edge-cache"), body, headers };
}

// The goal compares with "a /static/ file of similar size": the build's own files jump from 22 KB to 50 KB to 160 KB,
// and through the local proxy every byte costs, so a 72 KB page against a 50 KB file would measure size, not the
// Worker. Text files of every size from 1 KB to 256 KB (1 KB steps up to 8 KB, then 4 KB steps) go beside them for
// the run (removed after).
const fillerDir = path.join(root, "dist/client/static/bench-sizes");
function writeSizeFillers(): void {
  mkdirSync(fillerDir, { recursive: true });
  for (let kb = 1; kb <= 256; kb += kb < 8 ? 1 : 4) writeFileSync(path.join(fillerDir, `${kb}k.txt`), "x".repeat(kb * 1024));
}

/** The do-nothing Worker (scripts/bench/ceiling-worker) on its own wrangler dev, beside the same asset store. */
async function startCeilingServer(): Promise<{ origin: string; server: ChildProcess }> {
  const { port, dir } = portAndStateDir("edge-bench-ceiling-");
  const server = spawn(
    path.join(root, "node_modules/.bin/wrangler"),
    [
      "dev",
      "--config",
      "scripts/bench/ceiling-worker/wrangler.jsonc",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      dir,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    try {
      if ((await fetch(`${origin}/?bytes=1`)).ok) return { origin, server };
    } catch {
      if (Date.now() > deadline) throw new Error("the do-nothing Worker did not start within 60 s");
      await new Promise((r) => setTimeout(r, 250));
    }
  }
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
const started = process.env.BENCH_ORIGIN ? null : await startBenchServer(root, "edge-bench");
const origin = process.env.BENCH_ORIGIN ?? started!.origin;
const floor = process.env.BENCH_ORIGIN ? null : await startCeilingServer();
try {
  // A real article of the demo data: newest year, its first issue, first article.
  const years = JSON.parse((await get(`${origin}/api/archives/`)).body) as { year: number; volume: number }[];
  const { year, volume } = years[0];
  const issue = JSON.parse((await get(`${origin}/api/archives/${year}/${volume}/1`)).body) as {
    articles: { refnumber: string; file: string | null }[];
  };
  const article = issue.articles.find((a) => a.file) ?? issue.articles[0];
  const articlePage = `/archives/${year}/vol${volume}/issue1/${article.refnumber}`;
  const targets: [string, string][] = [
    ["article page (HTML)", articlePage],
    ["GET /api/settings/", "/api/settings/"],
    [`GET /api/archives/${year}/${volume}/1`, `/api/archives/${year}/${volume}/1`],
    ["article PDF (R2)", `${articlePage}.pdf`],
    ["/favicon.svg (shipped file, asset store)", "/favicon.svg"],
  ];
  // Each row against the /static/ file of its own size, and the do-nothing Worker against the same file on its own
  // server; every round measures the four one after the other, and a ratio is taken within its round.
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
  const rows: string[] = [];
  for (const [name, p] of targets) {
    await get(`${origin}${p}`); // the first read fills the edge cache; the probe shows what the load will get
    const probe = await get(`${origin}${p}`);
    const near = staticFileNear(probe.bytes);
    const m = { base: [] as number[], rps: [] as number[], p50: [] as number[], ratio: [] as number[], ceiling: [] as number[] };
    let non2xx = 0;
    // The do-nothing Worker answers with the same headers as this answer.
    const headerSet = floor
      ? await (await fetch(`${floor.origin}/headers`, { method: "POST", body: JSON.stringify(probe.headers) })).text()
      : "";
    for (let round = 0; round < rounds; round++) {
      const base = await rate(`${origin}${near.path}`);
      const r = await rate(`${origin}${p}`);
      m.base.push(base.rps);
      m.rps.push(r.rps);
      m.p50.push(r.p50);
      m.ratio.push(r.rps / base.rps);
      non2xx += r.non2xx;
      if (floor) {
        const floorBase = await rate(`${floor.origin}${near.path}`);
        const nothing = await rate(`${floor.origin}/?bytes=${near.size}&h=${headerSet}`);
        m.ceiling.push(nothing.rps / floorBase.rps);
      }
    }
    const ceiling = floor ? median(m.ceiling).toFixed(2) : "—";
    rows.push(
      `| ${name} (${(probe.bytes / 1024).toFixed(1)} KB) | ${near.path.replace("/static/bench-sizes/", "")} | ${median(m.base).toFixed(0)} | ${median(m.rps).toFixed(0)} | ${median(m.p50)} ms | **${median(m.ratio).toFixed(2)}** | ${ceiling} | ${probe.cache ?? "—"} |`,
    );
    if (non2xx) rows.push(`|   ↳ ${non2xx} non-2xx answers or errors | | | | | | | |`);
  }
  console.log(
    [
      "",
      `Requests per second on ${origin} (autocannon, ${connections} connections, ${seconds} s a measure, medians of ${rounds} rounds, loopback; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`,
      "| request | /static/ file of its size | its req/s | req/s | p50 latency | vs the /static/ file | a do-nothing Worker (same size and headers) vs the same file | X-Edge-Cache |",
      "|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n"),
  );
} finally {
  if (started?.server.pid) process.kill(-started.server.pid, "SIGTERM");
  if (floor?.server.pid) process.kill(-floor.server.pid, "SIGTERM");
  rmSync(fillerDir, { recursive: true, force: true });
}
