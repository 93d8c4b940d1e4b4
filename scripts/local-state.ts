// The local development state shared by `npm start`, `npm run seed` and `npm run admin:create`:
// one persisted folder (PERSIST_DIR, default .wrangler/state) that wrangler's migrations, the seeding through
// getPlatformProxy and the served site all read and write (docs/decisions/0010).
import { uploadDocumentFonts } from "./fonts/upload-fonts";
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { experimental_readRawConfig, getPlatformProxy } from "wrangler";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const wranglerConfig = path.join(repoRoot, "wrangler.toml");
const binDir = path.join(repoRoot, "node_modules", ".bin");

/** Absolute folder of the local state (what `wrangler --persist-to` takes). */
export function persistDir(): string {
  return path.resolve(repoRoot, process.env.PERSIST_DIR || ".wrangler/state");
}

/** Environment for every wrangler child: Node 22 from node_modules first, no prompts, no phoning home. */
export function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
    WRANGLER_SEND_METRICS: "false",
    // The Request.cf placeholder is fine locally; fetching the real one needs the internet.
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    ...extra,
  };
}

/** The D1 and R2 bindings as the scripts use them (structural, so scripts need no Workers type globals). */
export interface LocalBindings {
  DB: D1Like;
  /** The journal databases (JOURNALS_1, JOURNALS_2, ...: docs/decisions/0240). */
  [journalDatabase: `JOURNALS_${number}`]: D1Like;
  FILES: R2Like;
}
export interface D1Like {
  prepare(sql: string): {
    bind(...values: unknown[]): any;
    all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
    first<T = Record<string, unknown>>(): Promise<T | null>;
    run(): Promise<{ meta: { changes: number } }>;
  };
  batch(statements: unknown[]): Promise<unknown[]>;
  exec(sql: string): Promise<unknown>;
}
export interface R2Like {
  put(key: string, value: Uint8Array | string, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  list(options?: {
    prefix?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ objects: { key: string }[]; truncated: boolean; cursor?: string }>;
  head(key: string): Promise<{ size: number } | null>;
  delete(keys: string | string[]): Promise<void>;
}

export interface LocalPlatform {
  env: LocalBindings;
  dispose(): Promise<void>;
}

/**
 * Opens the local D1 and R2 in the same persisted state the server uses. getPlatformProxy's path is the
 * folder *inside* what `--persist-to` takes (wrangler appends "v3"), hence the join.
 */
export async function openLocalPlatform(dir = persistDir()): Promise<LocalPlatform> {
  const config = storageOnlyConfig();
  const proxy = await getPlatformProxy<Record<string, unknown>>({
    configPath: config.path,
    persist: { path: path.join(dir, "v3") },
    envFiles: [],
  });
  return {
    env: proxy.env as unknown as LocalBindings,
    dispose: async () => {
      await proxy.dispose();
      config.remove();
    },
  };
}

/**
 * wrangler.toml with only what the scripts use (D1 and R2, the same names and ids, so the same local state). The
 * whole file would make getPlatformProxy warn that the UsageCounter Durable Object "will not work in local
 * development" and "is not exported": true for a proxy that runs no Worker, and alarming to a newcomer reading
 * `npm start` (issue 38 item 8). The server itself (wrangler dev) runs the real Durable Object.
 */
function storageOnlyConfig(): { path: string; remove(): void } {
  const { rawConfig } = experimental_readRawConfig({ config: wranglerConfig });
  const tmp = mkdtempSync(path.join(os.tmpdir(), "journal-edge-proxy-"));
  const file = path.join(tmp, "wrangler.json");
  writeFileSync(
    file,
    JSON.stringify({
      name: rawConfig.name,
      compatibility_date: rawConfig.compatibility_date,
      compatibility_flags: rawConfig.compatibility_flags,
      d1_databases: rawConfig.d1_databases,
      r2_buckets: rawConfig.r2_buckets,
    }),
  );
  return { path: file, remove: () => rmSync(tmp, { recursive: true, force: true }) };
}

/** Migration files not yet recorded in wrangler's d1_migrations table. */
export async function pendingMigrations(db: D1Like): Promise<string[]> {
  const files = readdirSync(path.join(repoRoot, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort();
  const table = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'").first();
  if (!table) return files;
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((r) => r.name));
  return files.filter((f) => !applied.has(f));
}

/** Every D1 binding of wrangler.toml: the platform database (DB) and the journal databases (docs/decisions/0240). */
export function databaseBindings(): string[] {
  return [...readFileSync(wranglerConfig, "utf8").matchAll(/^\s*binding\s*=\s*"(DB|JOURNALS_\d+)"/gm)].map((m) => m[1]);
}

/** Applies migrations with wrangler itself (the only thing that applies them) to every database, never prompting. */
export async function applyMigrations(dir = persistDir()): Promise<void> {
  for (const binding of databaseBindings()) await applyMigrationsTo(binding, dir);
}

async function applyMigrationsTo(binding: string, dir: string): Promise<void> {
  const child = startTool("wrangler", ["d1", "migrations", "apply", binding, "--local", "--config", wranglerConfig, "--persist-to", dir], {
    env: toolEnv({ CI: "true" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  // wrangler's tables are noise when it works; show them only when it does not.
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (c) => resolve(c));
  });
  if (code !== 0) {
    process.stderr.write(output);
    throw new Error(`wrangler d1 migrations apply failed (exit code ${code})`);
  }
}

/** Opens the local platform with every migration applied (running wrangler only when something is pending). */
export async function openMigratedPlatform(dir = persistDir(), log: (msg: string) => void = () => {}): Promise<LocalPlatform> {
  let platform = await openLocalPlatform(dir);
  const env = platform.env as unknown as Record<string, D1Like>;
  const bindings = databaseBindings();
  const pendingBy = await Promise.all(bindings.map((b) => pendingMigrations(env[b])));
  const pending = [...new Set(pendingBy.flat())];
  if (pending.length > 0) {
    await platform.dispose();
    const where = bindings.filter((_, i) => pendingBy[i].length > 0).join(", ");
    log(`Applying ${pending.length} migration(s) to ${where}: ${pending.join(", ")}`);
    await applyMigrations(dir);
    platform = await openLocalPlatform(dir);
  }
  // The fonts documents load from R2 for scripts not bundled in the Worker (docs/decisions/0057).
  await uploadDocumentFonts(platform.env.FILES, log);
  return platform;
}

// ---- child processes -------------------------------------------------------------------------------------

const children = new Set<ChildProcess>();

/**
 * Starts a tool from node_modules/.bin in its own process group, so stopping it also stops what it started
 * (wrangler -> workerd).
 */
export function startTool(tool: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const bin = path.join(binDir, tool);
  if (!existsSync(bin)) throw new Error(`${tool} is not installed: run npm install first`);
  const child = spawn(bin, args, { cwd: repoRoot, stdio: ["ignore", "inherit", "inherit"], env: toolEnv(), detached: true, ...options });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Runs a tool to completion; rejects on a non-zero exit. */
export function run(tool: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = startTool(tool, args, options);
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${tool} ${args.slice(0, 3).join(" ")} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
}

/** Stops every child this process started (SIGTERM, then SIGKILL after a grace period). */
export async function stopChildren(graceMs = 5000): Promise<void> {
  const running = [...children];
  if (running.length === 0) return;
  const exited = Promise.all(
    running.map((c) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once("exit", () => r())))),
  );
  for (const c of running) signalGroup(c, "SIGTERM");
  const timer = setTimeout(() => {
    for (const c of running) signalGroup(c, "SIGKILL");
  }, graceMs);
  await exited;
  clearTimeout(timer);
}

/** Parent pid of `pid` from /proc (Linux); undefined elsewhere or when the process is gone. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/**
 * The launcher chain above us up to and including `npm` (e.g. tsx -> sh -> npm). A harness that stops
 * `npm start` by killing npm leaves sh's children running (sh does not forward signals), so we watch the
 * chain and stop when any link of it is gone.
 */
function launcherChain(): number[] {
  const chain = [process.ppid];
  for (let pid = process.ppid; chain.length < 5; ) {
    if (/(^|\/)npm(-cli\.js)?\b|npm-cli/.test(commandOf(pid))) return chain;
    const up = parentOf(pid);
    if (!up || up <= 1) break;
    chain.push(up);
    pid = up;
  }
  return [process.ppid];
}

export let stopping = false;

/**
 * Stops children and exits on SIGINT/SIGTERM/SIGHUP, and also when the launcher that started us goes away
 * (a harness that kills `npm` itself), so no workerd is ever left behind.
 */
export function exitWithChildren(onStop?: () => Promise<void> | void): void {
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    try {
      await onStop?.();
    } catch {
      /* best effort */
    }
    await stopChildren();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(130));
  process.on("SIGTERM", () => void stop(143));
  process.on("SIGHUP", () => void stop(129));
  const chain = launcherChain();
  setInterval(() => {
    const intact = process.ppid === chain[0] && chain.every((pid, i) => i === chain.length - 1 || parentOf(pid) === chain[i + 1]);
    if (!intact) void stop(143);
  }, 1000).unref();
}
