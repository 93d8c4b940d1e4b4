// Issue 42 item 4: a backup of the whole platform over its databases (docs/decisions/0285). Two journals in two journal
// databases, each with an article of the same row id, are backed up in one go and restored into an empty second
// deployment (the RESTORED_* bindings of tests/workers-runtime.ts): every row back in the database it came from, both
// journals' pages and search answering as before. A backup is untrusted input (0182): one that smuggles a platform
// table into a journal database, a journal's rows into another database or the platform's, or names a database the
// target does not bind, is refused with nothing written — even signed with the platform's own key.
import { cloneBackup as clone, type MemoryBackup, memorySource as sourceOf, tarOf } from "#tests/api/backup-fixtures";
import { applyD1Migrations, createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, createEditor, createJournal, getJson, putArticleFile, request, type TestJournal } from "#tests/api/fixtures";
import { createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";
import { createApp } from "../app";
import { forgetShard } from "../core/data/shards";
import { forgetJournals } from "../core/edge/journal-memo";
import { fileKeys } from "../core/files/keys";
import {
  type BackupBucket,
  type BackupDb,
  type BackupManifest,
  databaseTableFile,
  dataTables,
  exportBackup,
  MANIFEST,
  OBJECTS,
  PLATFORM_TABLES,
} from "./backup";
import { exportPlatformBackup } from "./backup-platform";
import { type RestoreOptions, restoreBackup } from "./backup-restore";
import { jsonDigest, SIGNATURE, signManifest } from "./backup-signature";

const KEY = env.BACKUP_SIGNING_KEY;
const bound = env as unknown as Record<string, unknown>;
// Every journal database the Worker binds: other test files of the same runner may have made journals in any of them,
// and a whole backup refuses a journal whose database it is not given.
const BINDINGS = ["DB", "JOURNALS_1", "JOURNALS_2", "JOURNALS_3"] as const;
/** This deployment's databases, and the empty deployment's under the same binding names. */
const source = Object.fromEntries(BINDINGS.map((b) => [b, bound[b] as D1Database]));
const restored = Object.fromEntries(BINDINGS.map((b) => [b, bound[`RESTORED_${b}`] as D1Database]));
const RESTORED_FILES = bound.RESTORED_FILES as R2Bucket;

const sinkOf = (b: MemoryBackup) => ({
  writeJson: async (name: string, data: unknown) => void b.json.set(name, JSON.parse(JSON.stringify(data))),
  writeObject: async (key: string, bytes: Uint8Array) => void b.objects.set(key, bytes),
});
const manifestOf = (b: MemoryBackup) => b.json.get(MANIFEST) as BackupManifest & { contents: Record<string, string> };
const dumpOf = (b: MemoryBackup, binding: string, table: string) =>
  b.json.get(databaseTableFile(binding, table)) as { name: string; columns: string[]; rows: unknown[][] };

/** An insider's edit: every entry's hash written again and the manifest signed with the platform's own key. */
async function signAsInsider(b: MemoryBackup) {
  const m = manifestOf(b);
  m.contents = {};
  for (const [name, data] of b.json) if (name !== MANIFEST && name !== SIGNATURE) m.contents[name] = await jsonDigest(data);
  b.json.set(SIGNATURE, await signManifest(m, KEY));
}

const restoreInto = (b: MemoryBackup, opts: Partial<RestoreOptions> = {}) =>
  restoreBackup(restored.DB as unknown as BackupDb, RESTORED_FILES as unknown as BackupBucket, sourceOf(b), {
    signingKey: KEY,
    mode: "empty",
    journalDatabase: (binding) => restored[binding] as unknown as BackupDb | undefined,
    ...opts,
  });

/** Rows in the empty deployment (a migration's defaults aside) and its files: none while a restore is refused. */
async function restoredContents(): Promise<string[]> {
  const found: string[] = [];
  for (const b of BINDINGS)
    for (const t of await dataTables(restored[b] as unknown as BackupDb)) {
      if (t === "platform_settings") continue;
      const n = await restored[b].prepare(`SELECT count(*) AS n FROM "${t}"`).first<{ n: number }>();
      if (Number(n?.n)) found.push(`${b}.${t}: ${n?.n}`);
    }
  const objects = await RESTORED_FILES.list();
  found.push(...objects.objects.map((o) => `R2 ${o.key}`));
  return found;
}

/** Empties the second deployment again (children first; twice, as deleting articles writes OAI tombstones). */
async function wipeRestored() {
  for (const b of BINDINGS) {
    const d = restored[b];
    const tables = (await dataTables(d as unknown as BackupDb)).reverse();
    for (let pass = 0; pass < 2; pass++) await d.batch(tables.map((t) => d.prepare(`DELETE FROM "${t}"`)));
  }
  for (let page = await RESTORED_FILES.list(); page.objects.length; page = await RESTORED_FILES.list())
    await RESTORED_FILES.delete(page.objects.map((o) => o.key));
}

/** The Worker serving the second deployment (its databases and bucket under the names the code uses). */
const app = createApp();
async function restoredRequest(host: string, path: string): Promise<Response> {
  forgetJournals();
  forgetShard();
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://${host}${path}`), { ...env, ...restored, FILES: RESTORED_FILES }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
const rowsOf = async (d: D1Database, sql: string, ...params: unknown[]) =>
  (
    await d
      .prepare(sql)
      .bind(...params)
      .all()
  ).results.map((r) => JSON.stringify(r));

let a: TestJournal;
let b: TestJournal;
/** The row id both journals' first article has, each in its own database. */
let sharedId: number;
let pristine: MemoryBackup;
const issue = { year: 2025, volume: 3, issue: 1 };
const before: Record<string, unknown> = {};

beforeAll(async () => {
  for (const binding of BINDINGS) await applyD1Migrations(restored[binding], env.TEST_MIGRATIONS);
  await wipeRestored();
  a = await createJournal({ shard: "JOURNALS_1" });
  b = await createJournal({ shard: "JOURNALS_2" });
  // Row ids are per database: both journals get an article numbered alike.
  const max = async (d: D1Database) => Number((await d.prepare("SELECT max(id) AS n FROM articles").first<{ n: number }>())?.n ?? 0);
  sharedId = Math.max(await max(source.JOURNALS_1), await max(source.JOURNALS_2)) + 1;
  await createArticle(a.id, { id: sharedId, refnumber: "PA-1", title: "Salinity of deltaic soils", file: "PA-1.pdf", ...issue });
  await createArticle(b.id, { id: sharedId, refnumber: "PB-1", title: "Salinity in coastal rice", file: "PB-1.pdf", ...issue });
  await createArticle(b.id, { refnumber: "PB-2", title: "Groundwater salinity trends", ...issue });
  await createEditor(a.id);
  await createEditor(b.id);
  await putArticleFile(a.id, { ...issue, file: "PA-1.pdf" });
  await putArticleFile(b.id, { ...issue, file: "PB-1.pdf" });
  // A row left behind in the wrong database (journal B lives in JOURNALS_2): the backup leaves it out, and says so.
  await source.JOURNALS_1.prepare("INSERT INTO usage_daily (journal_id, article_id, day, views) VALUES (?, ?, '2026-10-02', 41)")
    .bind(b.id, sharedId)
    .run();
  for (const [j, ref] of [
    [a, "PA-1"],
    [b, "PB-1"],
  ] as const) {
    before[`${ref}.api`] = (await getJson(j.host, `/api/archives/ref/${ref}`)).body;
    before[`${ref}.search`] = (await getJson(j.host, "/api/search?q=salinity")).body;
    const page = await request(j.host, `/archives/2025/vol3/issue1/${ref}`);
    before[`${ref}.page`] = [page.status, titleOf(await page.text())];
  }
  pristine = { json: new Map(), objects: new Map() };
  await exportPlatformBackup(source as unknown as Record<string, BackupDb>, env.FILES as unknown as BackupBucket, sinkOf(pristine), {
    signingKey: KEY,
  });
  // Every migration on four empty databases, two journals and a backup: 17.6 s at load 10 on 2 cores (the 10 s
  // default timed out there).
}, 60_000);

afterAll(async () => {
  forgetJournals();
  forgetShard();
  await wipeRestored();
});

describe("npm run backup without --journal: the whole platform, database by database", () => {
  it("writes each database's tables apart (version 3), the journals with their database, signed", () => {
    const m = manifestOf(pristine);
    expect(m.version).toBe(3);
    expect(m.journalId).toBeNull();
    expect(m.databases?.map((d) => d.binding)).toEqual(["DB", "JOURNALS_1", "JOURNALS_2", "JOURNALS_3"]);
    expect(m.journals).toContainEqual(expect.objectContaining({ id: a.id, shard: "JOURNALS_1" }));
    expect(m.journals).toContainEqual(expect.objectContaining({ id: b.id, shard: "JOURNALS_2" }));
    // A journal database holds no platform table (its journals rows are copies, made again on restore).
    for (const d of m.databases ?? []) if (d.binding !== "DB") expect(d.tables.filter((t) => PLATFORM_TABLES.has(t.name))).toEqual([]);
    const articles = (binding: string) => {
      const dump = dumpOf(pristine, binding, "articles");
      const [id, journal] = [dump.columns.indexOf("id"), dump.columns.indexOf("journal_id")];
      return dump.rows.filter((r) => r[id] === sharedId).map((r) => r[journal]);
    };
    expect([articles("JOURNALS_1"), articles("JOURNALS_2")]).toEqual([[a.id], [b.id]]);
    expect(m.notes?.join(" ")).toMatch(/\d+ row\(s\) of usage_daily in JOURNALS_1 left out/);
    expect(Object.keys(m.contents)).toEqual(expect.arrayContaining([databaseTableFile("JOURNALS_2", "articles"), OBJECTS]));
    expect(pristine.objects.has(fileKeys.article(a.id, 2025, 3, 1, "PA-1.pdf"))).toBe(true);
  });
});

describe("a tampered whole-platform backup (the attack): refused, nothing written", () => {
  it("a platform table (operators) put into a journal database", async () => {
    const evil = clone(pristine);
    const entry = manifestOf(evil).databases?.find((d) => d.binding === "JOURNALS_1");
    entry?.tables.push({ name: "operators", rows: 1 });
    evil.json.set(databaseTableFile("JOURNALS_1", "operators"), {
      name: "operators",
      columns: ["username", "name", "password_hash", "status", "created_at", "updated_at"],
      rows: [["intruder", "Intruder", "pbkdf2$x", "enabled", "2026-01-01", "2026-01-01"]],
    });
    await expect(restoreInto(evil)).rejects.toThrow(/altered after it was signed/);
    await signAsInsider(evil);
    await expect(restoreInto(evil)).rejects.toThrow("the platform table operators into the journal database JOURNALS_1");
    expect(await restoredContents()).toEqual([]);
  });

  it("a journal's rows in another journal database, or in the platform database", async () => {
    const moved = clone(pristine);
    const from = dumpOf(moved, "JOURNALS_2", "articles");
    const row = [...(from.rows.find((r) => r[from.columns.indexOf("refnumber")] === "PB-2") as unknown[])];
    row[from.columns.indexOf("id")] = 9_000_001;
    const into = dumpOf(moved, "JOURNALS_1", "articles");
    into.rows.push(into.columns.map((c) => row[from.columns.indexOf(c)] ?? null));
    await signAsInsider(moved);
    await expect(restoreInto(moved)).rejects.toThrow(
      `a row of articles in JOURNALS_1 belongs to journal ${b.id}, whose rows the platform database puts in JOURNALS_2`,
    );

    const intoPlatform = clone(pristine);
    const platformArticles = dumpOf(intoPlatform, "DB", "articles");
    platformArticles.rows.push(platformArticles.columns.map((c) => (c === "id" ? 9_000_002 : (row[from.columns.indexOf(c)] ?? null))));
    await signAsInsider(intoPlatform);
    await expect(restoreInto(intoPlatform)).rejects.toThrow(
      `a row of articles in DB belongs to journal ${b.id}, whose rows the platform database puts in JOURNALS_2`,
    );

    // The platform's row edited to claim journal A's rows are in JOURNALS_2: its rows in JOURNALS_1 are then refused.
    const claimed = clone(pristine);
    const journals = dumpOf(claimed, "DB", "journals");
    journals.rows.find((r) => r[journals.columns.indexOf("id")] === a.id)![journals.columns.indexOf("shard")] = "JOURNALS_2";
    manifestOf(claimed).journals.find((j) => j.id === a.id)!.shard = "JOURNALS_2";
    await signAsInsider(claimed);
    await expect(restoreInto(claimed)).rejects.toThrow(`belongs to journal ${a.id}, whose rows the platform database puts in JOURNALS_2`);
    expect(await restoredContents()).toEqual([]);
  });

  it("a row naming a row of another database (an article's citation pointing across)", async () => {
    const evil = clone(pristine);
    const citations = dumpOf(evil, "JOURNALS_2", "article_citations");
    const columns = citations.columns;
    // The citations of an article that exists only in JOURNALS_1's numbering.
    const aOnly = 9_000_003;
    const row = columns.map((c) => (c === "article_id" ? aOnly : c === "id" ? 9_000_003 : c === "position" ? 1 : "x"));
    citations.rows.push(row);
    await signAsInsider(evil);
    await expect(restoreInto(evil)).rejects.toThrow(`a row of article_citations in JOURNALS_2 refers to articles id ${aOnly}`);
    expect(await restoredContents()).toEqual([]);
  });

  it("a database the target does not bind, named before anything is written", async () => {
    const evil = clone(pristine);
    const entry = manifestOf(evil).databases?.find((d) => d.binding === "JOURNALS_2");
    if (entry) entry.binding = "JOURNALS_4";
    for (const [name, data] of [...evil.json])
      if (name.startsWith("d1/JOURNALS_2/")) {
        evil.json.delete(name);
        evil.json.set(name.replace("JOURNALS_2", "JOURNALS_4"), data);
      }
    const journals = dumpOf(evil, "DB", "journals");
    journals.rows.find((r) => r[journals.columns.indexOf("id")] === b.id)![journals.columns.indexOf("shard")] = "JOURNALS_4";
    manifestOf(evil).journals.find((j) => j.id === b.id)!.shard = "JOURNALS_4";
    await signAsInsider(evil);
    await expect(restoreInto(evil)).rejects.toThrow(/the journal database JOURNALS_4, which this deployment does not bind/);
    // A binding that is no database name of this platform is not a backup's manifest at all (never a path).
    const path = clone(pristine);
    manifestOf(path).databases![1].binding = "../FILES";
    await signAsInsider(path);
    await expect(restoreInto(path)).rejects.toThrow(/not a backup's manifest/);
    expect(await restoredContents()).toEqual([]);
  });

  it("unsigned or altered: refused, saying why", async () => {
    const unsigned = clone(pristine);
    unsigned.json.delete(SIGNATURE);
    await expect(restoreInto(unsigned)).rejects.toThrow(/not signed/);
    const altered = clone(pristine);
    dumpOf(altered, "JOURNALS_2", "articles").rows[0][1] = "rewritten";
    await expect(restoreInto(altered)).rejects.toThrow(
      `${databaseTableFile("JOURNALS_2", "articles")} was altered after the backup was signed`,
    );
    expect(await restoredContents()).toEqual([]);
  });

  it("a target database that is not empty is named, and nothing is written to the others", async () => {
    await restored.JOURNALS_2.prepare("INSERT INTO revoked_tokens (jti, expires_at) VALUES ('left-over', '2099-01-01')").run();
    await expect(restoreInto(pristine)).rejects.toThrow(/the database JOURNALS_2 is not empty \(its table revoked_tokens has rows\)/);
    expect(await restoredContents()).toEqual(["JOURNALS_2.revoked_tokens: 1"]);
    await restored.JOURNALS_2.prepare("DELETE FROM revoked_tokens").run();
  });
});

describe("restored into an empty deployment", () => {
  it("every database's rows back in the binding of its name, the journals' pages and search answering as before", async () => {
    const r = await restoreInto(pristine);
    expect(r.unverified).toBeNull();
    const m = manifestOf(pristine);
    // Every table of every database holds what the backup holds.
    for (const d of m.databases ?? [])
      for (const t of d.tables) {
        const n = await restored[d.binding].prepare(`SELECT count(*) AS n FROM "${t.name}"`).first<{ n: number }>();
        expect([d.binding, t.name, Number(n?.n)]).toEqual([
          d.binding,
          t.name,
          t.rows + (d.binding === "DB" && t.name === "operator_events" ? 1 : 0),
        ]);
      }
    // The two journals' rows, exactly as they were, each in its own database; the shard map as it was.
    for (const [j, binding] of [
      [a, "JOURNALS_1"],
      [b, "JOURNALS_2"],
    ] as const) {
      for (const table of ["articles", "editors", "admin_events", "usage_daily"]) {
        const sql = `SELECT * FROM ${table} WHERE journal_id = ? ORDER BY 1`;
        expect(await rowsOf(restored[binding], sql, j.id)).toEqual(await rowsOf(source[binding], sql, j.id));
      }
      for (const sql of ["SELECT * FROM journals WHERE id = ?", "SELECT * FROM journal_domains WHERE journal_id = ?"])
        expect(await rowsOf(restored.DB, sql, j.id)).toEqual(await rowsOf(source.DB, sql, j.id));
      // The journal database's copy of the journal's row, which its rows' foreign keys need.
      expect(await rowsOf(restored[binding], "SELECT id FROM journals WHERE id = ?", j.id)).toHaveLength(1);
    }
    const shared = async (binding: string) =>
      (await restored[binding].prepare("SELECT journal_id AS j FROM articles WHERE id = ?").bind(sharedId).first<{ j: number }>())?.j;
    expect([await shared("JOURNALS_1"), await shared("JOURNALS_2")]).toEqual([a.id, b.id]);
    // The row that was in the wrong database stayed out.
    expect(await rowsOf(restored.JOURNALS_1, "SELECT * FROM usage_daily WHERE journal_id = ?", b.id)).toEqual([]);
    // Every file, by hash.
    for (const key of [fileKeys.article(a.id, 2025, 3, 1, "PA-1.pdf"), fileKeys.article(b.id, 2025, 3, 1, "PB-1.pdf")]) {
      const [x, y] = [await env.FILES.get(key), await RESTORED_FILES.get(key)];
      expect(new Uint8Array(await y!.arrayBuffer())).toEqual(new Uint8Array(await x!.arrayBuffer()));
    }
    // The restored deployment serves both journals as before: the article (same row id, two databases), search, page.
    for (const [j, ref] of [
      [a, "PA-1"],
      [b, "PB-1"],
    ] as const) {
      expect(await (await restoredRequest(j.host, `/api/archives/ref/${ref}`)).json()).toEqual(before[`${ref}.api`]);
      expect(await (await restoredRequest(j.host, "/api/search?q=salinity")).json()).toEqual(before[`${ref}.search`]);
      const page = await restoredRequest(j.host, `/archives/2025/vol3/issue1/${ref}`);
      expect([page.status, titleOf(await page.text())]).toEqual(before[`${ref}.page`]);
      const pdf = await restoredRequest(j.host, `/archives/2025/vol3/issue1/${ref}.pdf`);
      expect(pdf.status).toBe(200);
    }
    expect((before["PB-1.search"] as { count: number }).count).toBe(2);
    expect(before["PA-1.page"]).toEqual([200, expect.stringContaining("Salinity of deltaic soils")]);
    expect(before["PB-1.page"]).toEqual([200, expect.stringContaining("Salinity in coastal rice")]);
    // The restore is in the platform's audit trail, with each database's rows.
    const event = await restored.DB.prepare("SELECT after_json FROM operator_events WHERE action = 'platform.restore'").first<{
      after_json: string;
    }>();
    expect(JSON.parse(event!.after_json).databases.map((d: { binding: string }) => d.binding)).toEqual([
      "DB",
      "JOURNALS_1",
      "JOURNALS_2",
      "JOURNALS_3",
    ]);
  });

  it("a second restore over it is refused: the platform database is not empty", async () => {
    await expect(restoreInto(pristine)).rejects.toThrow(/the database DB is not empty/);
  });

  it("a whole backup of one database (version 2, before journal databases) still restores, into the platform database", async () => {
    await wipeRestored();
    const old: MemoryBackup = { json: new Map(), objects: new Map() };
    await exportBackup(source.DB as unknown as BackupDb, env.FILES as unknown as BackupBucket, sinkOf(old), {
      journalId: null,
      signingKey: KEY,
    });
    expect(manifestOf(old).version).toBe(2);
    const r = await restoreInto(old);
    expect(r.journal).toBeNull();
    const count = async (d: D1Database, sql: string) => Number((await d.prepare(sql).first<{ n: number }>())?.n);
    expect(await count(restored.DB, "SELECT count(*) AS n FROM journals")).toBe(
      await count(source.DB, "SELECT count(*) AS n FROM journals"),
    );
    // Everything went into the one database: its journals live there now.
    expect(await count(restored.DB, "SELECT count(*) AS n FROM journals WHERE shard != 'DB'")).toBe(0);
    expect(await count(restored.JOURNALS_1, "SELECT count(*) AS n FROM articles")).toBe(0);
  });
});

// Last: the operator it needs is written through the fixtures, which move every journal's content version.
describe("the console's restore (one journal into the running platform)", () => {
  it("refuses a whole-platform backup at upload, saying it restores with npm run restore into an empty deployment", async () => {
    const op = await createOperator();
    const res = await request(PLATFORM_HOST, "/api/platform/restores", {
      method: "POST",
      headers: { Authorization: `Bearer ${op.token}`, "Content-Type": "application/x-tar" },
      body: await tarOf(pristine),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; reason: string };
    expect(body.error).toBe("backup_refused");
    expect(body.reason).toMatch(/whole platform restores only into an empty deployment, with npm run restore/);
  });
});
