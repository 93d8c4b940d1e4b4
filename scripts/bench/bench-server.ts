// What the server benchmarks share (bench:import, bench:edge-memory, the edge throughput bench): `npm start` from a tree on a random loopback
// port with a fresh PERSIST_DIR (the built Worker, the demo data, wrangler dev), and the resident memory of the
// workerd processes under it.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

export interface BenchServer {
  origin: string;
  server: ChildProcess;
  /** The server's PERSIST_DIR (remove it when done). */
  dir: string;
  /** The port of the Worker's DevTools inspector (wrangler's proxy to workerd's), for isolateHeap. */
  inspectorPort: number;
}

/**
 * Starts `npm start` (SKIP_BUILD=1 unless the environment says otherwise: the tree needs a built dist/) and resolves
 * once it serves the journal site.
 */
export async function startBenchServer(root: string, label: string): Promise<BenchServer> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const inspectorPort = port + 1;
  const dir = mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      INSPECTOR_PORT: String(inspectorPort),
      PERSIST_DIR: dir,
      SKIP_BUILD: process.env.SKIP_BUILD ?? "1",
      WRANGLER_LOG: "warn",
    },
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
  return { origin: `http://127.0.0.1:${port}`, server, dir, inspectorPort };
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

/** The few calls of the `ws` package used here (it ships no types). */
type WsClass = new (
  url: string,
  options: { origin: string },
) => {
  once(event: "open" | "error", listener: (err: Error) => void): void;
  on(event: "message", listener: (data: unknown) => void): void;
  send(text: string): void;
  close(): void;
};

/** The V8 heap of the Worker's isolate, as the DevTools protocol reports it (Runtime.getHeapUsage), in bytes. */
export interface IsolateHeap {
  usage(): Promise<{ used: number; total: number }>;
  /** Asks for a full garbage collection (HeapProfiler.collectGarbage); false when the inspector does not answer. */
  collect(): Promise<boolean>;
  close(): void;
}

/**
 * Connects to the Worker's inspector (wrangler dev's proxy to workerd, one target per Worker): the one number workerd
 * gives of a single isolate's memory. workerd's process RSS (workerdRss) also counts the D1 and R2 simulators.
 */
export async function isolateHeap(inspectorPort: number): Promise<IsolateHeap> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  if (!targets[0]) throw new Error("the Worker's inspector lists no target");
  // The `ws` client (wrangler's own dependency), for the Origin header the inspector proxy asks of any client that
  // sends a User-Agent, as Node's built-in WebSocket does.
  const ws = new (createRequire(import.meta.url)("ws") as WsClass)(targets[0].webSocketDebuggerUrl, { origin: "http://localhost" });
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", (err) => reject(new Error(`cannot reach ${targets[0].webSocketDebuggerUrl}: ${err.message}`)));
  });
  let next = 1;
  const waiting = new Map<number, (result: Record<string, number>) => void>();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: Record<string, number> };
    if (m.id && waiting.has(m.id)) {
      waiting.get(m.id)!(m.result ?? {});
      waiting.delete(m.id);
    }
  });
  /** A call and its result; null when no answer comes within `ms` (workerd's inspector does not answer every domain). */
  const send = (method: string, ms = 5000) =>
    new Promise<Record<string, number> | null>((resolve) => {
      const id = next++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, ms);
      waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      ws.send(JSON.stringify({ id, method }));
    });
  return {
    async usage() {
      const r = await send("Runtime.getHeapUsage");
      return { used: r?.usedSize ?? 0, total: r?.totalSize ?? 0 };
    },
    async collect() {
      return (await send("HeapProfiler.collectGarbage", 3000)) !== null;
    },
    close: () => ws.close(),
  };
}
