// Backup -> restore -> compare on the demo data, with the real commands (`npm run backup`, `npm run restore`) on
// throwaway local states: every row of every table and every file's SHA-256 must come back identical, full-text
// search must work on the restored copy, and a non-empty target is refused.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openLocalPlatform, openMigratedPlatform, repoRoot, toolEnv, type LocalBindings } from "../../scripts/local-state";
import { seedDemo } from "../../scripts/demo/seed-demo";

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(tmpdir(), "journal-edge-backup-"));
const dirs = {
  source: path.join(tmp, "source"),
  backup: path.join(tmp, "backup"),
  restored: path.join(tmp, "restored"),
  one: path.join(tmp, "one"),
  oneRestored: path.join(tmp, "one-restored"),
};

/** Runs an npm script's command (tsx) with PERSIST_DIR set; resolves with its output. */
async function npmScript(script: "backup" | "restore", args: string[], persist: string) {
  const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
  const { NODE_ENV: _n, ...env } = toolEnv({ PERSIST_DIR: persist });
  return run(tsx, [path.join(repoRoot, `scripts/${script}.ts`), ...args], { cwd: repoRoot, env, timeout: 240_000 });
}

/** Every row of every data table (ordered by rowid) and every object's hash, read straight from the bindings. */
async function contents(persist: string, journalId?: number) {
  const p = await openLocalPlatform(persist);
  try {
    const env = p.env as LocalBindings;
    // Data tables only: not SQLite's, Cloudflare's or wrangler's, and not a full-text index or its shadow tables
    // (rebuilt by the articles triggers; compared below through a search instead).
    const all = (
      await env.DB.prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
      ).all<{ name: string; sql: string }>()
    ).results;
    const fullText = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
    const tables = all.map((t) => t.name).filter((n) => !fullText.some((v) => n === v || n.startsWith(`${v}_`)));
    const rows: Record<string, unknown[]> = {};
    for (const t of tables) {
      const cols = (await env.DB.prepare(`PRAGMA table_info("${t}")`).all<{ name: string }>()).results.map((c) => c.name);
      const where =
        journalId === undefined
          ? ""
          : t === "journals"
            ? ` WHERE id = ${journalId}`
            : cols.includes("journal_id")
              ? ` WHERE journal_id = ${journalId}`
              : null;
      if (where === null) continue;
      // In a stable order whatever the table's key (usage_daily has no rowid): rows compared as JSON, sorted.
      rows[t] = (await env.DB.prepare(`SELECT * FROM "${t}"${where}`).all()).results.map((r) => JSON.stringify(r)).sort();
    }
    const files: Record<string, string> = {};
    let cursor: string | undefined;
    do {
      const page = await env.FILES.list({ prefix: journalId === undefined ? "journals/" : `journals/${journalId}/`, cursor });
      for (const o of page.objects)
        files[o.key] = createHash("sha256")
          .update(new Uint8Array(await (await env.FILES.get(o.key))!.arrayBuffer()))
          .digest("hex");
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    const search = (
      await env.DB.prepare("SELECT rowid FROM articles_search WHERE articles_search MATCH 'growth OR soil OR water' ORDER BY rowid").all<{
        rowid: number;
      }>()
    ).results.map((r) => r.rowid);
    return { rows, files, search };
  } finally {
    await p.dispose();
  }
}

beforeAll(async () => {
  const p = await openMigratedPlatform(dirs.source);
  try {
    await seedDemo(p.env, () => {});
  } finally {
    await p.dispose();
  }
}, 300_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("npm run backup / npm run restore", () => {
  test("round-trips the whole demo database: every row and every file hash identical", async () => {
    const backup = await npmScript("backup", ["--out", dirs.backup], dirs.source);
    expect(backup.stdout).toMatch(/Done: 2 journal\(s\), \d+ rows in \d+ tables, \d+ files/);
    await npmScript("restore", ["--in", dirs.backup], dirs.restored);
    const [before, after] = [await contents(dirs.source), await contents(dirs.restored)];
    expect(Object.keys(before.rows).length).toBeGreaterThanOrEqual(9);
    expect(before.rows.articles.length).toBeGreaterThan(70);
    expect(Object.keys(before.files).length).toBeGreaterThan(90);
    expect(after.rows).toEqual(before.rows);
    expect(after.files).toEqual(before.files);
    // The full-text index is rebuilt from the restored rows.
    expect(before.search.length).toBeGreaterThan(0);
    expect(after.search).toEqual(before.search);
  }, 300_000);

  test("refuses to restore into a database that already holds data", async () => {
    await expect(npmScript("restore", ["--in", dirs.backup], dirs.restored)).rejects.toMatchObject({
      stderr: expect.stringContaining("is not empty"),
    });
  }, 120_000);

  test("backs up and restores one journal alone", async () => {
    await npmScript("backup", ["--out", dirs.one, "--journal", "2"], dirs.source);
    await npmScript("restore", ["--in", dirs.one], dirs.oneRestored);
    const [before, after] = [await contents(dirs.source, 2), await contents(dirs.oneRestored)];
    expect(after.rows.journals).toHaveLength(1);
    // The journal's own tables come back whole; tables that are not per journal (revoked tokens, rendered-citation
    // cache) are only in whole-database backups, so they stay empty.
    const perJournal = Object.fromEntries(Object.entries(after.rows).filter(([t]) => t in before.rows));
    expect(perJournal).toEqual(before.rows);
    // (platform_settings holds the defaults its migration wrote, as in any fresh database.)
    for (const [t, rows] of Object.entries(after.rows))
      if (!(t in before.rows) && t !== "platform_settings") expect([t, rows]).toEqual([t, []]);
    expect(after.files).toEqual(before.files);
  }, 300_000);
});
