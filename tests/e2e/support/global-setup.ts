// Once per e2e run: build the site, start it with `npm start` on a free port with a fresh data directory
// (scripts/start.ts seeds the demo journals there), hand the base URL to the tests, stop it at the end.
//
// Environment knobs:
//   E2E_SKIP_BUILD=1     reuse the existing dist/ (faster while iterating; the run always starts with SKIP_BUILD=1)
//   E2E_BASE_URL=<url>   use an already running server instead of starting one (nothing is built or killed)
import { spawn, execSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { browserTierPreflight } from "./chromium";

/** Host names the started server lists in ALT_HEADER_DOMAINS, so tests can see the alternate header branch. */
export const ALT_HEADER_TEST_HOST = "alt.localhost";

declare module "vitest" {
  export interface ProvidedContext {
    /** e.g. http://localhost:41234 (no trailing slash) */
    baseUrl: string;
    port: number;
    /** A host that the running server treats as an alternate-header domain. */
    altHeaderHost: string;
    /** The started server's PERSIST_DIR ("" for E2E_BASE_URL): local commands (operator:create) write there. */
    persistDir: string;
  }
}

const ROOT = join(import.meta.dirname, "../../..");
// Ten minutes: on a loaded 2-core machine the first start (migrations of four databases, the demo seed) has taken more
// than four; a quiet one starts in well under one.
const START_TIMEOUT_MS = 600_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Kills the whole process tree of `child` (it was spawned as a process-group leader). */
function killTree(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

async function waitForHttp(url: string, deadline: number): Promise<void> {
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
      lastError = new Error(`HTTP ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}: ${String(lastError)}`);
}

export default async function setup(project: TestProject) {
  // Chromium and the document readers first: a missing browser is said before minutes of building and starting.
  browserTierPreflight();
  const given = process.env.E2E_BASE_URL?.replace(/\/$/, "");
  if (given) {
    project.provide("baseUrl", given);
    project.provide("port", Number(new URL(given).port || 80));
    project.provide("altHeaderHost", ALT_HEADER_TEST_HOST);
    project.provide("persistDir", "");
    return;
  }

  // vitest sets NODE_ENV=test; a build or server inheriting it would ship React's development build.
  const { NODE_ENV: _testEnv, ...parentEnv } = process.env;
  if (process.env.E2E_SKIP_BUILD !== "1") {
    execSync("npm run build", { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"], env: { ...parentEnv, NODE_ENV: "production" } });
  }

  const port = await freePort();
  const persistDir = mkdtempSync(join(tmpdir(), "journal-e2e-"));
  let output = "";
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true, // own process group, so teardown can kill npm, tsx and workerd together
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...parentEnv,
      PORT: String(port),
      PERSIST_DIR: persistDir,
      SKIP_BUILD: "1",
      ALT_HEADER_DOMAINS: ALT_HEADER_TEST_HOST,
    },
  });

  const started = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // scripts/start.ts prints the site's URL once it answers; wrangler's own "Ready on" line may come first.
      const m = new RegExp(`(https?://(?:localhost|127\\.0\\.0\\.1):${port})\\b`).exec(output);
      if (m) resolve(m[1]);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`npm start exited early (code ${code}):\n${output.slice(-4000)}`)));
    setTimeout(
      () => reject(new Error(`npm start printed no URL within ${START_TIMEOUT_MS} ms:\n${output.slice(-4000)}`)),
      START_TIMEOUT_MS,
    );
  });

  let baseUrl: string;
  try {
    baseUrl = (await started).replace("127.0.0.1", "localhost");
    await waitForHttp(`${baseUrl}/api/settings/`, Date.now() + START_TIMEOUT_MS);
  } catch (err) {
    killTree(child, "SIGKILL");
    rmSync(persistDir, { recursive: true, force: true });
    throw err;
  }

  project.provide("baseUrl", baseUrl);
  project.provide("port", port);
  project.provide("altHeaderHost", ALT_HEADER_TEST_HOST);
  project.provide("persistDir", persistDir);

  return async () => {
    // SIGTERM lets scripts/start.ts stop wrangler/workerd (their own process group); SIGKILL only if it hangs.
    const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once("exit", () => r())));
    killTree(child, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    killTree(child, "SIGKILL");
    rmSync(persistDir, { recursive: true, force: true });
  };
}
