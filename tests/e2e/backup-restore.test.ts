// Backup -> restore -> compare on the demo data, with the real commands (`npm run backup`, `npm run restore`) on
// throwaway local states: the whole platform over its three databases (docs/decisions/0285), every row of every table
// of every database and every file's SHA-256 must come back identical, full-text search must work on the restored
// copy, and a non-empty target is refused.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openLocalPlatform, openMigratedPlatform, repoRoot, toolEnv, type D1Like, type LocalBindings } from "../../scripts/local-state";
import { seedDemo } from "../../scripts/demo/seed-demo";

const run = promisify(execFile);
/** The platform secret both commands sign and check with (BACKUP_SIGNING_KEY, docs/decisions/0182). */
const SIGNING_KEY = "e2e-backup-signing-key-".padEnd(48, "k");
const tmp = mkdtempSync(path.join(tmpdir(), "journal-edge-backup-"));
const dirs = {
  source: path.join(tmp, "source"),
  backup: path.join(tmp, "backup"),
  restored: path.join(tmp, "restored"),
  one: path.join(tmp, "one"),
  oneRestored: path.join(tmp, "one-restored"),
  evil: path.join(tmp, "evil"),
  evilTarget: path.join(tmp, "evil-target"),
};

/** Runs an npm script's command (tsx) with PERSIST_DIR set; resolves with its output. */
async function npmScript(script: "backup" | "restore", args: string[], persist: string) {
  const tsx = path.join(repoRoot, "node_modules/.bin/tsx");
  const { NODE_ENV: _n, ...env } = toolEnv({ PERSIST_DIR: persist, BACKUP_SIGNING_KEY: SIGNING_KEY });
  // A restore first has wrangler migrate four fresh databases (49 migrations each): 210 s at load 3 on the 2-core
  // machine, past the 240 s this once allowed.
  return run(tsx, [path.join(repoRoot, `scripts/${script}.ts`), ...args], { cwd: repoRoot, env, timeout: 480_000 });
}

/**
 * Every row of every data table and every object's hash, read straight from the bindings. One journal (journalId):
 * its rows in its own database (journals.shard), keyed by table. The whole platform: every database, keyed by table
 * for the platform database and by "JOURNALS_n/table" for the journal databases (row ids are per database,
 * docs/decisions/0240, 0285).
 */
async function contents(persist: string, journalId?: number) {
  const p = await openLocalPlatform(persist);
  try {
    const env = p.env as LocalBindings;
    const bindings = env as unknown as Record<string, D1Like>;
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
    const PLATFORM_TABLES = [
      "journals",
      "journal_domains",
      "operators",
      "operator_events",
      "operator_login_attempts",
      "platform_settings",
      "shard_states",
      "journal_moves",
    ];
    const journalDatabases = Object.keys(bindings)
      .filter((k) => /^JOURNALS_\d+$/.test(k))
      .sort();
    // In a stable order whatever the table's key (usage_daily has no rowid): rows compared as JSON, sorted.
    const read = async (d: D1Like, sql: string) => (await d.prepare(sql).all()).results.map((r) => JSON.stringify(r)).sort();
    if (journalId === undefined) {
      for (const t of tables) rows[t] = await read(env.DB, `SELECT * FROM "${t}"`);
      // A journal database's journals rows are copies of the platform's (made again on restore): not compared.
      for (const b of journalDatabases)
        for (const t of tables.filter((n) => !PLATFORM_TABLES.includes(n)))
          rows[`${b}/${t}`] = await read(bindings[b], `SELECT * FROM "${t}"`);
    } else {
      const shard =
        (await env.DB.prepare(`SELECT shard FROM journals WHERE id = ${Number(journalId)}`).first<{ shard: string }>())?.shard ?? "DB";
      const databaseOf = (t: string) => (PLATFORM_TABLES.includes(t) ? env.DB : (bindings[shard] ?? env.DB));
      for (const t of tables) {
        const cols = (await env.DB.prepare(`PRAGMA table_info("${t}")`).all<{ name: string }>()).results.map((c) => c.name);
        const where =
          t === "journals" ? ` WHERE id = ${journalId}` : cols.includes("journal_id") ? ` WHERE journal_id = ${journalId}` : null;
        if (where !== null) rows[t] = await read(databaseOf(t), `SELECT * FROM "${t}"${where}`);
      }
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
    // Full-text search in every database (each journal database indexes its own journals' articles).
    const search: string[] = [];
    for (const b of ["DB", ...journalDatabases])
      for (const r of (
        await bindings[b]
          .prepare("SELECT rowid FROM articles_search WHERE articles_search MATCH 'growth OR soil OR water' ORDER BY rowid")
          .all<{ rowid: number }>()
      ).results)
        search.push(`${b}:${r.rowid}`);
    return { rows, files, search };
  } finally {
    await p.dispose();
  }
}

beforeAll(async () => {
  const p = await openMigratedPlatform(dirs.source);
  try {
    // The two demo journals in two journal databases (docs/decisions/0240): a whole backup takes every database.
    await seedDemo(p.env, () => {});
  } finally {
    await p.dispose();
  }
}, 600_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("npm run backup / npm run restore", () => {
  test("round-trips the whole demo platform over its databases: every row and every file hash identical", async () => {
    const backup = await npmScript("backup", ["--out", dirs.backup], dirs.source);
    expect(backup.stdout).toMatch(
      // JOURNALS_3: the empty journal database journals move into (docs/decisions/0280).
      /Done: 2 journal\(s\), \d+ rows in \d+ tables over 4 database\(s\) \(DB, JOURNALS_1, JOURNALS_2, JOURNALS_3\), \d+ files/,
    );
    const restore = await npmScript("restore", ["--in", dirs.backup], dirs.restored);
    expect(restore.stdout).toContain("databases: DB, JOURNALS_1, JOURNALS_2, JOURNALS_3");
    const [before, after] = [await contents(dirs.source), await contents(dirs.restored)];
    expect(Object.keys(before.rows).length).toBeGreaterThanOrEqual(9);
    // Each demo journal's articles in its own journal database, their row ids colliding (ids are per database).
    const ids = (b: string) => new Set(before.rows[`${b}/articles`].map((r) => JSON.parse(String(r)).id));
    expect(ids("JOURNALS_1").size + ids("JOURNALS_2").size).toBeGreaterThan(70);
    expect([...ids("JOURNALS_1")].some((id) => ids("JOURNALS_2").has(id))).toBe(true);
    // The shard map comes back as it was.
    const shards = (r: typeof before) => r.rows.journals.map((j) => JSON.parse(String(j)).shard).sort();
    expect(shards(before)).toEqual(["JOURNALS_1", "JOURNALS_2"]);
    expect(shards(after)).toEqual(shards(before));
    expect(Object.keys(before.files).length).toBeGreaterThan(90);
    // Identical, but for the restore's own line in the audit trail (operator_events).
    const restoreEvents = after.rows.operator_events.filter((r) => String(r).includes('"platform.restore"'));
    expect(restoreEvents).toHaveLength(1);
    expect({ ...after.rows, operator_events: after.rows.operator_events.filter((r) => !restoreEvents.includes(r)) }).toEqual(before.rows);
    expect(after.files).toEqual(before.files);
    // The full-text index is rebuilt from the restored rows.
    expect(before.search.length).toBeGreaterThan(0);
    expect(after.search).toEqual(before.search);
  }, 600_000);

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
    // Into an empty platform everything goes to its one database, the journal's rows too (docs/decisions/0240).
    before.rows.journals = before.rows.journals.map((r) => JSON.stringify({ ...JSON.parse(String(r)), shard: "DB" }));
    // The journal's own tables come back whole; tables that are not per journal (revoked tokens, rendered-citation
    // cache) are only in whole-database backups, so they stay empty.
    const perJournal = Object.fromEntries(Object.entries(after.rows).filter(([t]) => t in before.rows));
    expect(perJournal).toEqual(before.rows);
    // (platform_settings holds the defaults its migration wrote, as in any fresh database.)
    for (const [t, rows] of Object.entries(after.rows))
      if (!(t in before.rows) && !t.endsWith("platform_settings") && t !== "operator_events") expect([t, rows]).toEqual([t, []]);
    // The restore itself is in the audit trail, and nothing else of the platform came with the journal.
    expect(after.rows.operator_events.map((r) => JSON.parse(String(r)).action)).toEqual(["journal.restore"]);
    expect(after.files).toEqual(before.files);
  }, 600_000);

  // Issue 38 item 1, as the attack: journal 2's backup with an operators row and a file of journal 1 added.
  test("a tampered journal backup creates no operator and writes nothing outside its journal, trusted or not", async () => {
    cpSync(dirs.one, dirs.evil, { recursive: true });
    const manifestFile = path.join(dirs.evil, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
    manifest.tables.push({ name: "operators", rows: 1 });
    writeFileSync(manifestFile, JSON.stringify(manifest));
    writeFileSync(
      path.join(dirs.evil, "d1/operators.json"),
      JSON.stringify({
        name: "operators",
        columns: ["username", "name", "password_hash", "status", "created_at", "updated_at"],
        rows: [["intruder", "Intruder", "pbkdf2-sha256$100000$AAAA$AAAA", "enabled", "2026-01-01", "2026-01-01"]],
      }),
    );
    const stray = "journals/1/archives/2026/vol1issue1/defaced.pdf";
    mkdirSync(path.dirname(path.join(dirs.evil, "r2", stray)), { recursive: true });
    writeFileSync(path.join(dirs.evil, "r2", stray), "%PDF-1.4 defaced");
    const altered = await npmScript("restore", ["--in", dirs.evil], dirs.evilTarget).catch((e) => e);
    expect(altered.stderr).toContain("restore failed: refused: the backup was altered after it was signed");
    expect(altered.stderr).toContain("--trust-unsigned");
    const trusted = await npmScript("restore", ["--in", dirs.evil, "--trust-unsigned"], dirs.evilTarget).catch((e) => e);
    expect(trusted.stderr).toContain("carries the table operators, which belongs to the platform");
    // The file of journal 1, listed in the index, is refused too (the operators table aside).
    const objects = path.join(dirs.evil, "r2-objects.json");
    const entries = JSON.parse(readFileSync(objects, "utf8"));
    const { createHash } = await import("node:crypto");
    entries.push({
      key: stray,
      size: 16,
      sha256: createHash("sha256").update("%PDF-1.4 defaced").digest("hex"),
      contentType: "application/pdf",
    });
    writeFileSync(objects, JSON.stringify(entries));
    manifest.tables = manifest.tables.filter((t: { name: string }) => t.name !== "operators");
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const file = await npmScript("restore", ["--in", dirs.evil, "--trust-unsigned"], dirs.evilTarget).catch((e) => e);
    expect(file.stderr).toContain(`carries the file "${stray}", outside its own folder journals/2/`);
    const after = await contents(dirs.evilTarget);
    expect(after.rows.operators).toEqual([]);
    expect(after.rows.journals).toEqual([]);
    expect(after.files).toEqual({});
  }, 600_000);

  test("one journal into the running platform: as a new journal, then over itself after its slug is typed", async () => {
    const asNew = await npmScript("restore", ["--in", dirs.one, "--as-new"], dirs.source);
    expect(asNew.stdout).toMatch(/Done: .*-restored \(#3\) restored, \d+ rows, \d+ files; signature verified/);
    expect(asNew.stdout).toContain("belongs to another journal here: not added");
    const copy = await contents(dirs.source, 3);
    const original = await contents(dirs.source, 2);
    expect(copy.rows.articles.length).toBe(original.rows.articles.length);
    expect(Object.values(copy.files).sort()).toEqual(Object.values(original.files).sort());

    const slug = JSON.parse(readFileSync(path.join(dirs.one, "d1/journals.json"), "utf8")).rows[0][1];
    const wrong = await npmScript("restore", ["--in", dirs.one, "--replace", "--confirm", "nope"], dirs.source).catch((e) => e);
    expect(wrong.stderr).toContain(`confirm by typing its slug (${slug})`);
    const over = await npmScript("restore", ["--in", dirs.one, "--replace", "--confirm", slug], dirs.source);
    expect(over.stdout).toContain(`Done: ${slug} (#2) restored`);
    const again = await contents(dirs.source, 2);
    expect(again.rows.articles.map((r) => JSON.parse(String(r)).refnumber).sort()).toEqual(
      original.rows.articles.map((r) => JSON.parse(String(r)).refnumber).sort(),
    );
    expect(again.files).toEqual(original.files);
  }, 600_000);
});
