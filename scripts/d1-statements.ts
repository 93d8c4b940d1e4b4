// Operator commands' access to D1 (admin:create, journals:domain): the same SQL runs on the local state that
// `npm start` serves (PERSIST_DIR) or, with --remote, on the production database through `wrangler d1 execute`.
import { spawn } from "node:child_process";
import path from "node:path";
export { journalWhere, sqlString } from "./d1-sql";
import { exitWithChildren, openMigratedPlatform, repoRoot, toolEnv, wranglerConfig, type LocalPlatform } from "./local-state";

/** Runs SQL on the remote database through wrangler; returns the rows of the last statement. */
async function runRemote(sql: string, fail: (message: string) => never): Promise<Record<string, unknown>[]> {
  const child = spawn(
    path.join(repoRoot, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--remote", "--config", wranglerConfig, "--json", "--command", sql],
    {
      cwd: repoRoot,
      env: toolEnv(),
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) {
    process.stderr.write(out);
    fail(`wrangler d1 execute failed (exit code ${code})`);
  }
  try {
    const parsed = JSON.parse(out) as { results?: Record<string, unknown>[] }[];
    return parsed.at(-1)?.results ?? [];
  } catch {
    fail("could not read wrangler's answer");
  }
}

export interface StatementRunner {
  /** Runs the statements as one batch (all or nothing); answers the rows of the last one. */
  run(statements: string[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A runner on the local state or, with `remote`, on the production database. */
export async function openStatementRunner(remote: boolean, fail: (message: string) => never): Promise<StatementRunner> {
  if (remote) return { run: (statements) => runRemote(statements.join(";\n"), fail), close: async () => {} };
  let platform: LocalPlatform | undefined;
  exitWithChildren(() => platform?.dispose());
  platform = await openMigratedPlatform();
  const db = platform.env.DB;
  return {
    async run(statements) {
      const results = (await db.batch(statements.map((s) => db.prepare(s)))) as { results?: Record<string, unknown>[] }[];
      return results.at(-1)?.results ?? [];
    },
    close: () => platform!.dispose(),
  };
}
