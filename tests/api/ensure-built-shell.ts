// Vitest global setup (runs in Node before the workerd pool starts): the page tests read the built SPA shell
// through the ASSETS binding, so a fresh clone's `npm test` builds it once when dist/client is missing.
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";

export default function ensureBuiltShell(): void {
  const root = path.resolve(import.meta.dirname, "../..");
  if (existsSync(path.join(root, "dist/client/index.html"))) return;
  console.log("dist/client is missing: building the site once for the page tests (npm run build)...");
  execFileSync(path.join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
