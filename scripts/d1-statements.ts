// Operator commands' access to D1 (admin:create, journals:domain): the same SQL runs on the local state that
// `npm start` serves (PERSIST_DIR) or, with --remote, on the production database through `wrangler d1 execute`.
import { spawn } from "node:child_process";
import path from "node:path";
export { journalWhere, sqlString } from "./d1-sql";
import { exitWithChildren, openMigratedPlatform, repoRoot, toolEnv, wranglerConfig, type D1Like, type LocalPlatform } from "./local-state";

/** Runs SQL on the remote database through wrangler; returns the rows of the last statement. */
async function runRemote(sql: string, database: string, fail: (message: string) => never): Promise<Record<string, unknown>[]> {
  const child = spawn(
    path.join(repoRoot, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", database, "--remote", "--config", wranglerConfig, "--json", "--command", sql],
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
  /** Runs the statements as one batch (all or nothing) on one database (its binding: DB, the platform's, by
   * default; JOURNALS_n for a journal's rows, docs/decisions/0240); answers the rows of the last one. */
  run(statements: string[], database?: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A runner on the local state or, with `remote`, on the production database. */
export async function openStatementRunner(remote: boolean, fail: (message: string) => never): Promise<StatementRunner> {
  if (remote) return { run: (statements, database = "DB") => runRemote(statements.join(";\n"), database, fail), close: async () => {} };
  let platform: LocalPlatform | undefined;
  exitWithChildren(() => platform?.dispose());
  platform = await openMigratedPlatform();
  const bindings = platform.env as unknown as Record<string, D1Like>;
  return {
    async run(statements, database = "DB") {
      const db = bindings[database];
      if (!db) fail(`no database ${database} in wrangler.toml`);
      const results = (await db.batch(statements.map((s) => db.prepare(s)))) as { results?: Record<string, unknown>[] }[];
      return results.at(-1)?.results ?? [];
    },
    close: () => platform!.dispose(),
  };
}
