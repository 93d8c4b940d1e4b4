// What the server benchmarks share (bench:import, bench:edge-memory, the edge throughput bench): `npm start` from a tree on a random loopback
// port with a fresh PERSIST_DIR (the built Worker, the demo data, wrangler dev), and the resident memory of the
// workerd processes under it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  origin: string;
  server: ChildProcess;
  /** The server's PERSIST_DIR (remove it when done). */
  dir: string;
}

/**
 * Starts `npm start` (SKIP_BUILD=1 unless the environment says otherwise: the tree needs a built dist/) and resolves
 * once it serves the journal site.
 */
export async function startBenchServer(root: string, label: string): Promise<BenchServer> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dir = mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: dir, SKIP_BUILD: process.env.SKIP_BUILD ?? "1", WRANGLER_LOG: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    server.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Journal site")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, server, dir };
}

/** Summed resident memory (bytes) of the workerd processes below `pid`. */
export function workerdRss(pid: number): number {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([p, pp, rss, comm]) => ({ pid: Number(p), ppid: Number(pp), rss: Number(rss) * 1024, comm }));
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of table) if (below.has(p.ppid) && !below.has(p.pid)) grew = Boolean(below.add(p.pid));
  }
  return table.filter((p) => below.has(p.pid) && p.comm.startsWith("workerd")).reduce((sum, p) => sum + p.rss, 0);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
