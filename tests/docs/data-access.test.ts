// D1 writes live in repos (*.repo.ts; issue 41 item 6, docs/decisions/0270-data-layer-names.md), where the D1 shards
// work finds every statement that chooses a database. Files that still write elsewhere are listed by name: the list
// only shrinks, and a new file writing D1 outside a repo fails here.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Files that wrote D1 outside a repo when this check came; move their writes into the concern's repo. */
const NOT_YET_IN_A_REPO = [
  "worker/documents/pdf.routes.ts",
  "worker/pages/page-loaders.ts",
  "worker/scholarly/crossref.admin.routes.ts",
  "worker/statistics/sushi-keys.admin.routes.ts",
  "worker/transfer/import-run.ts",
  "worker/workflow/figures.ts",
  "worker/workflow/letters.ts",
  "worker/workflow/links.ts",
  "worker/workflow/mail-inbound.ts",
  "worker/workflow/reminders.ts",
  "worker/workflow/workflow.admin.routes.ts",
];

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

  it("writes (insert, update, delete, batch) are made in repos, apart from the files listed as not yet moved", () => {
    const writers = sourceFiles("worker").filter((f) =>
      /\bdb\s*\.\s*(insert|update|delete|batch)\(/.test(readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(writers.filter((f) => !NOT_YET_IN_A_REPO.includes(f))).toEqual([]);
    // Moved already: the list names no file that has stopped writing (it only shrinks).
    expect(NOT_YET_IN_A_REPO.filter((f) => !writers.includes(f))).toEqual([]);
    for (const moved of [
      "worker/journals/branding.routes.ts",
      "worker/journals/copyright-form.routes.ts",
      "worker/platform/alt-header-import.ts",
    ])
      expect(writers).not.toContain(moved);
  });
});
