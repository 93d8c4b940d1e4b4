// `npm run bench:bundle`: the Worker as Cloudflare receives it (issue 47 item 7). Builds it with
// `wrangler deploy --dry-run --outdir <dir>` and answers its raw and gzip size (every module of the upload, gzip -9
// per file, summed: what the plan's size limit counts), the largest modules, and its start-up time: the CPU
// profile `wrangler check startup --worker <bundle of wrangler deploy --dry-run --outfile>` records while workerd evaluates the bundle's top level (the
// phase Cloudflare's 400 ms start-up limit applies to), median of STARTUP_RUNS (default 3).
// Needs the built assets (`npm run build`) only for the [assets] directory to exist. Prints JSON and a summary.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";

const dir = mkdtempSync(join(tmpdir(), "worker-bundle-"));
const wrangler = join(process.cwd(), "node_modules", ".bin", "wrangler");
execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", dir], { stdio: ["ignore", "ignore", "inherit"] });

function filesOf(d: string): string[] {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    return statSync(p).isDirectory() ? filesOf(p) : [p];
  });
}
const modules = filesOf(dir)
  .filter((p) => !p.endsWith(".map") && !p.endsWith("README.md"))
  .map((p) => {
    const bytes = readFileSync(p);
    return { file: relative(dir, p), raw: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
  })
  .sort((a, b) => b.gzip - a.gzip);
const raw = modules.reduce((n, m) => n + m.raw, 0);
const gzip = modules.reduce((n, m) => n + m.gzip, 0);

/** Start-up: the CPU time sampled while the bundle's top level runs (ms). */
const upload = join(dir, "worker.bundle");
execFileSync(wrangler, ["deploy", "--dry-run", "--outfile", upload], { stdio: ["ignore", "ignore", "inherit"] });
function startupMs(): number | null {
  const profile = join(dir, "startup.cpuprofile");
  try {
    execFileSync(wrangler, ["check", "startup", "--worker", upload, "--outfile", profile], { stdio: ["ignore", "ignore", "inherit"] });
  } catch {
    // wrangler gives the profile 10 s; on a loaded machine it may not finish: say so rather than guess.
    return null;
  }
  // CPU time: every sample but the idle ones (the profile's span also counts workerd waiting for the inspector).
  const p = JSON.parse(readFileSync(profile, "utf8")) as {
    nodes: { id: number; callFrame: { functionName: string } }[];
    samples: number[];
    timeDeltas: number[];
  };
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
  return p.samples.reduce((sum, id, i) => sum + (idle.has(id) ? 0 : p.timeDeltas[i]), 0) / 1000;
}
const runs = Number(process.env.STARTUP_RUNS ?? 3);
const times = Array.from({ length: runs }, startupMs)
  .filter((t): t is number => t !== null)
  .sort((a, b) => a - b);
const kib = (n: number) => Math.round(n / 1024);
const result = {
  rawKiB: kib(raw),
  gzipKiB: kib(gzip),
  modules: modules.length,
  largest: modules.slice(0, 12).map((m) => ({ file: m.file, rawKiB: kib(m.raw), gzipKiB: kib(m.gzip) })),
  startupMs: times.map((t) => Math.round(t)),
  startupMedianMs: times.length ? Math.round(times[Math.floor(times.length / 2)]) : null,
  startupFailed: runs - times.length,
  load: readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" "),
};
console.log(JSON.stringify(result, null, 2));
console.log(
  `\nWorker bundle: ${result.rawKiB} KiB raw / ${result.gzipKiB} KiB gzip; start-up median ${result.startupMedianMs} ms (${result.startupMs.join(", ")}) at load ${result.load}`,
);
if (!process.env.KEEP_BUNDLE) rmSync(dir, { recursive: true, force: true });
else console.log(`bundle kept in ${dir}`);
