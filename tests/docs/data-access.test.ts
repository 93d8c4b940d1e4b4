// D1 writes and raw SQL live in repos (*.repo.ts; issue 41 item 6, issue 47 item 3, docs/decisions/0270 and 0322),
// where the D1 shards work finds every statement that chooses a database; handlers take bindings from the request's
// context, never c.env. The whole-database modules (backups, restores, moves) are the one exception, listed by name.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !/\.(test|testing|bench|repo)\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/**
 * The one exception to "SQL lives in repos": modules that copy or read whole databases table by table, whatever
 * tables a release has (backups, restores, a journal's move, the orphaned-files scan), and the shard map itself. They
 * write SQL over table names read from the database, which no repository of one concern could hold.
 */
const WHOLE_DATABASE_MODULES = [
  "worker/platform/backup.ts",
  "worker/platform/backup-platform.ts",
  "worker/platform/backup-restore.ts",
  "worker/platform/backup-platform-restore.ts",
  "worker/platform/file-orphans.ts",
  "worker/core/data/journal-row-copy.ts",
  "worker/core/data/shards.ts",
];
/** The Worker's entry, and the one middleware that puts the bindings into the request's context. */
const READS_BINDINGS = ["worker/index.ts", "worker/app.ts", "worker/core/middleware/request-context.ts"];

const textOf = (f: string) => readFileSync(path.join(ROOT, f), "utf8");
/** Raw SQL on a D1 binding or session: `.prepare(`. */
const RAW_SQL = /\.prepare\s*\(/;
/** A binding read from a handler's context (c.env.DB, c.env.JOURNALS_1, c.env.FILES...), or c.env handed on whole. */
const CONTEXT_BINDING = /\bc\.env\b/;

describe("D1 access", () => {
  it("raw SQL (prepare) is written only in repos and the whole-database modules", () => {
    const raw = sourceFiles("worker").filter((f) => RAW_SQL.test(textOf(f)));
    expect(raw.filter((f) => !WHOLE_DATABASE_MODULES.includes(f))).toEqual([]);
  });

  it("handlers read bindings from the request's context, never c.env, outside the Worker's entry", () => {
    const readers = sourceFiles("worker").filter((f) => CONTEXT_BINDING.test(textOf(f)));
    expect(readers.filter((f) => !READS_BINDINGS.includes(f))).toEqual([]);
  });

  it("catches a prepare( or a c.env binding in a route file", () => {
    const route = textOf("worker/workflow/submissions.routes.ts");
    expect(RAW_SQL.test(route)).toBe(false);
    expect(RAW_SQL.test(`${route}\nconst n = await c.get("db").$client.prepare("SELECT 1").first();`)).toBe(true);
    expect(RAW_SQL.test(`${route}\nawait db\n  .prepare("DELETE FROM journals")\n  .run();`)).toBe(true);
    expect(CONTEXT_BINDING.test(`${route}\nawait c.env.DB.exec("DELETE FROM journals");`)).toBe(true);
    expect(CONTEXT_BINDING.test(`${route}\nconst bucket = c.env.FILES;`)).toBe(true);
    expect(CONTEXT_BINDING.test(`${route}\nconst { JOURNALS_1 } = c.env;`)).toBe(true);
  });

  it("writes (insert, update, delete, batch) are made in repos", () => {
    const writers = sourceFiles("worker").filter((f) => /\bdb\s*\.\s*(insert|update|delete|batch)\(/.test(textOf(f)));
    expect(writers).toEqual([]);
  });
});
