// Vitest global setup (runs in Node before the workerd pool starts): the page tests read the built SPA shell
// through the ASSETS binding, so `npm test` builds it when dist/client is missing or older than what it is built
// from (web/, contract/, the two HTML entries, vite.config.ts, package-lock.json): a filtered run on a current
// build starts at once, and one after a change to the pages does not test yesterday's shell.
import { existsSync, readdirSync, statSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const SOURCES = ["web", "contract", "index.html", "platform.html", "vite.config.ts", "package-lock.json"];

/** The newest modification time among the shell's sources (ms). */
function newestSource(entry: string): number {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((name) => newestSource(path.join(entry, name))));
}

function build(why: string): void {
  console.log(`${why}: building the site for the page tests (vite build)...`);
  execFileSync(path.join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/** Both workerd lanes (vitest.config.ts) run this setup: one check and at most one build per run. */
const KEY = Symbol.for("journal-edge.ensure-built-shell");
const holder = globalThis as unknown as Record<symbol, boolean | undefined>;

export default function ensureBuiltShell(): void {
  if (holder[KEY]) return;
  holder[KEY] = true;
  const shell = path.join(root, "dist/client/index.html");
  if (!existsSync(shell)) {
    build("dist/client is missing");
    return;
  }
  const built = statSync(shell).mtimeMs;
  const changed = SOURCES.find((s) => newestSource(s) > built);
  if (changed) build(`${changed} changed after the last build`);
}
