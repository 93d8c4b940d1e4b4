// A throwaway `npm start` for load runs: its own free loopback port and temporary PERSIST_DIR (so the demo data
// and every figure start fresh), the existing build when there is one. stop() ends its process group and removes
// the state.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot, toolEnv } from "./local-state";

export interface ThrowawayServer {
  base: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    process.kill(-child.pid!, "SIGTERM");
  });
}

export async function startThrowawayServer(name: string, vars: Record<string, string> = {}): Promise<ThrowawayServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const state = mkdtempSync(path.join(tmpdir(), `journal-edge-${name}-`));
  const skipBuild =
    existsSync(path.join(repoRoot, "dist/client/index.html")) && existsSync(path.join(repoRoot, "dist/journal_edge/wrangler.json"));
  console.log(
    `Starting a throwaway server on ${base} (state in ${state})${skipBuild ? " with the existing build" : ", building first"}...`,
  );
  const { NODE_ENV: _n, ...env } = toolEnv({ PORT: String(port), PERSIST_DIR: state, ...(skipBuild ? { SKIP_BUILD: "1" } : {}), ...vars });
  const child = spawn(path.join(repoRoot, "node_modules/.bin/tsx"), [path.join(repoRoot, "scripts/start.ts")], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    await stopChild(child);
    rmSync(state, { recursive: true, force: true });
  };
  process.on("SIGINT", () => void stop().then(() => process.exit(130)));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/settings/`, { signal: AbortSignal.timeout(3000) })).ok) return { base, stop };
    } catch {
      /* not yet */
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error("the throwaway server did not start");
}
