// Issue 38 item 1, written as the attack: a journal's backup is untrusted input. A tampered backup (an operators row
// added, a file under another journal's prefix, a row of another journal, an edited title) never creates a platform
// operator, never writes outside its journal, and an unsigned or altered one is refused unless trusted, saying why.
// Then the operator's side: one journal restored into this running platform, as a new journal or over itself.
import { cloneBackup as clone, type MemoryBackup, memorySource as sourceOf } from "#tests/api/backup-fixtures";
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createArticle,
  createEditor,
  createJournal,
  putArticleFile,
  testFileD1,
  testFileShard,
  type TestJournal,
} from "#tests/api/fixtures";
import { bindingOf } from "../core/data/shards";
import { fileKeys } from "../core/files/keys";
import { type BackupBucket, type BackupDb, exportBackup, MANIFEST, OBJECTS, tableFile } from "./backup";
import { type RestoreOptions, restoreBackup } from "./backup-restore";
import { jsonDigest, SIGNATURE, signManifest } from "./backup-signature";

// The platform database, and the journal database of this file's journals (docs/decisions/0240).
const DB = env.DB as unknown as BackupDb;
const journalDbOfFile = () => testFileD1() as unknown as BackupDb;
const d1For = (sql: string) => (/\bFROM (operators|journals|journal_domains|operator_events)\b/.test(sql) ? env.DB : testFileD1());
const FILES = env.FILES as unknown as BackupBucket;
const KEY = env.BACKUP_SIGNING_KEY;

/** A backup in memory: JSON entries by name, objects by key (what the folder and the tar hold). */
async function backupOf(journalId: number): Promise<MemoryBackup> {
  const b: MemoryBackup = { json: new Map(), objects: new Map() };
  await exportBackup(
    { platform: DB, journal: journalDbOfFile() },
    FILES,
    {
      writeJson: async (name, data) => void b.json.set(name, JSON.parse(JSON.stringify(data))),
      writeObject: async (key, bytes) => void b.objects.set(key, bytes),
    },
    { journalId, signingKey: KEY },
  );
  return b;
}
const restore = (b: MemoryBackup, opts: Partial<RestoreOptions> = {}) =>
  restoreBackup(DB, FILES, sourceOf(b), {
    signingKey: KEY,
    mode: "new",
    journalDatabase: (shard) => bindingOf(env, shard) as unknown as BackupDb,
    newShard: testFileShard(),
    ...opts,
  });
const count = async (sql: string, ...params: unknown[]) =>
  Number(
    (
      await d1For(sql)
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0,
  );
const sha = async (bytes: Uint8Array) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((x) => x.toString(16).padStart(2, "0")).join("");

/** Adds a table dump to the backup as an attacker editing the folder would (manifest updated, not re-signed). */
function addTable(b: MemoryBackup, name: string, columns: string[], rows: unknown[][]) {
  const manifest = b.json.get(MANIFEST) as { tables: { name: string; rows: number }[] };
  manifest.tables.push({ name, rows: rows.length });
  b.json.set(tableFile(name), { name, columns, rows });
}

let a: TestJournal;
let b: TestJournal;
let pristine: MemoryBackup;
const article = { year: 2025, volume: 3, issue: 1, file: "B-1.pdf" };

beforeAll(async () => {
  a = await createJournal();
  b = await createJournal();
  await createArticle(a.id, { refnumber: "A-1", file: "A-1.pdf", year: 2025, volume: 3, issue: 1 });
  await putArticleFile(a.id, { ...article, file: "A-1.pdf" });
  const b1 = await createArticle(b.id, { refnumber: "B-1", ...article });
  // Figures of B-1, and of an article deleted since (usage_daily keeps them: no foreign key).
  for (const articleId of [b1.id, 999_999])
    await testFileD1()
      .prepare("INSERT INTO usage_daily (journal_id, article_id, day, views) VALUES (?, ?, '2026-10-01', 7)")
      .bind(b.id, articleId)
      .run();
  await createArticle(b.id, { refnumber: "B-2", year: 2025, volume: 3, issue: 1 });
  await createEditor(b.id);
  await putArticleFile(b.id, article);
  pristine = await backupOf(b.id);
});

describe("a tampered journal backup (the attack)", () => {
  it("an operators row added to a journal's backup is refused, signed or trusted: no operator is created", async () => {
    const operatorsBefore = await count("SELECT count(*) AS n FROM operators");
    const evil = clone(pristine);
    addTable(
      evil,
      "operators",
      ["username", "name", "password_hash", "status", "created_at", "updated_at"],
      [["intruder", "Intruder", "pbkdf2$x", "enabled", "2026-01-01", "2026-01-01"]],
    );
    // As edited: the signature no longer matches, so it is refused for that.
    await expect(restore(evil)).rejects.toThrow(/altered after it was signed/);
    // Trusted by an operator who believed it: still refused, because operators are the platform's.
    await expect(restore(evil, { trustUnsigned: true })).rejects.toThrow(/carries the table operators, which belongs to the platform/);
    // Even signed with this platform's own key (an insider's edit), a journal's backup never brings a platform table.
    const manifest = evil.json.get(MANIFEST) as { contents: Record<string, string> };
    manifest.contents[tableFile("operators")] = await jsonDigest(evil.json.get(tableFile("operators")));
    evil.json.set(SIGNATURE, await signManifest(manifest, KEY));
    await expect(restore(evil)).rejects.toThrow(/carries the table operators, which belongs to the platform/);
    expect(await count("SELECT count(*) AS n FROM operators")).toBe(operatorsBefore);
    expect(await count("SELECT count(*) AS n FROM operators WHERE username = 'intruder'")).toBe(0);
  });

  it("a file under another journal's prefix (journals/{A}/… inside B's backup) is refused; A's file is untouched", async () => {
    const victimKey = fileKeys.article(a.id, 2025, 3, 1, "A-1.pdf");
    const before = await sha(new Uint8Array(await (await env.FILES.get(victimKey))!.arrayBuffer()));
    const evil = clone(pristine);
    const bytes = new TextEncoder().encode("%PDF-1.4 defaced");
    (evil.json.get(OBJECTS) as unknown[]).push({
      key: victimKey,
      size: bytes.byteLength,
      sha256: await sha(bytes),
      contentType: "application/pdf",
    });
    evil.objects.set(victimKey, bytes);
    await expect(restore(evil, { trustUnsigned: true })).rejects.toThrow(`outside its own folder journals/${b.id}/`);
    // ".." cannot climb out of the prefix either.
    const climb = clone(pristine);
    const key = `journals/${b.id}/../${a.id}/x.pdf`;
    (climb.json.get(OBJECTS) as unknown[]).push({ key, size: bytes.byteLength, sha256: await sha(bytes), contentType: "" });
    climb.objects.set(key, bytes);
    await expect(restore(climb, { trustUnsigned: true })).rejects.toThrow(/outside its own folder/);
    expect(await sha(new Uint8Array(await (await env.FILES.get(victimKey))!.arrayBuffer()))).toBe(before);
  });

  it("a row moved to another journal (journal_id of A inside B's backup) is refused", async () => {
    const evil = clone(pristine);
    const dump = evil.json.get(tableFile("articles")) as { columns: string[]; rows: unknown[][] };
    dump.rows[0][dump.columns.indexOf("journal_id")] = a.id;
    await expect(restore(evil, { trustUnsigned: true })).rejects.toThrow(`a row of articles that belongs to journal ${a.id}`);
    expect(await count("SELECT count(*) AS n FROM articles WHERE journal_id = ?", a.id)).toBe(1);
  });

  it("an unsigned or altered backup is refused, saying why; --trust-unsigned restores it within its journal", async () => {
    const unsigned = clone(pristine);
    unsigned.json.delete(SIGNATURE);
    await expect(restore(unsigned)).rejects.toThrow(/not signed .*--trust-unsigned/);

    const altered = clone(pristine);
    const dump = altered.json.get(tableFile("articles")) as { columns: string[]; rows: unknown[][] };
    dump.rows[0][dump.columns.indexOf("title")] = "<p>Rewritten</p>";
    await expect(restore(altered)).rejects.toThrow(`${tableFile("articles")} was altered after the backup was signed`);

    const otherPlatform = clone(pristine);
    otherPlatform.json.set(SIGNATURE, await signManifest(otherPlatform.json.get(MANIFEST), "another-platforms-key-".padEnd(40, "x")));
    await expect(restore(otherPlatform)).rejects.toThrow(/signed with another key/);
    await expect(restore(pristine, { signingKey: null })).rejects.toThrow(/no BACKUP_SIGNING_KEY is set where restore runs/);

    const r = await restore(unsigned, { trustUnsigned: true });
    expect(r.unverified).toMatch(/not signed/);
    expect(await count("SELECT count(*) AS n FROM articles WHERE journal_id = ?", r.journal!.id)).toBe(2);
    const event = await env.DB.prepare("SELECT action, after_json FROM operator_events WHERE target_journal_id = ? ORDER BY id DESC")
      .bind(r.journal!.id)
      .first<{ action: string; after_json: string }>();
    expect(event?.action).toBe("journal.restore");
    expect(JSON.parse(event!.after_json).signature).toMatch(/^not verified, trusted by the operator/);
  });
});

describe("one journal into a running platform", () => {
  it("as a new journal: new ids, its files under its own prefix, hosts in use left out and said", async () => {
    const before = await count("SELECT count(*) AS n FROM journals");
    const r = await restore(pristine);
    expect(r.unverified).toBeNull();
    const id = r.journal!.id;
    expect(id).not.toBe(b.id);
    expect(await count("SELECT count(*) AS n FROM journals")).toBe(before + 1);
    const refs = await testFileD1()
      .prepare("SELECT refnumber FROM articles WHERE journal_id = ? ORDER BY refnumber")
      .bind(id)
      .all<{ refnumber: string }>();
    expect(refs.results.map((x) => x.refnumber)).toEqual(["B-1", "B-2"]);
    expect(await count("SELECT count(*) AS n FROM editors WHERE journal_id = ?", id)).toBe(1);
    const copied = await env.FILES.get(fileKeys.article(id, 2025, 3, 1, "B-1.pdf"));
    expect(copied).not.toBeNull();
    // B still answers on its host; the copy did not take it.
    expect(await count("SELECT count(*) AS n FROM journal_domains WHERE domain = ? AND journal_id = ?", b.host, b.id)).toBe(1);
    expect(r.notes.join(" ")).toContain(`the host ${b.host} belongs to another journal here`);
    expect(r.journal!.slug).toMatch(/-restored/);
    // The figures come along with the renumbered article; those of the deleted article are left out, and said.
    expect(await count("SELECT sum(views) AS n FROM usage_daily WHERE journal_id = ?", id)).toBe(7);
    expect(r.notes.join(" ")).toContain("1 row(s) of usage_daily name a row no longer in the journal");
    // The search index was rebuilt for the new rows (the articles triggers).
    expect(await count("SELECT count(*) AS n FROM articles_search WHERE articles_search MATCH ?", `search_scope:j${id}`)).toBe(2);
  });

  it("over the same journal only after its slug is typed: rows and files come back as they were", async () => {
    const slug = (await env.DB.prepare("SELECT slug FROM journals WHERE id = ?").bind(b.id).first<{ slug: string }>())!.slug;
    const version = await count("SELECT content_version AS n FROM journals WHERE id = ?", b.id);
    // Since the backup: B-2 deleted, a new article and a stray file added.
    await testFileD1().prepare("DELETE FROM articles WHERE journal_id = ? AND refnumber = 'B-2'").bind(b.id).run();
    await createArticle(b.id, { refnumber: "B-3" });
    await putArticleFile(b.id, { ...article, file: "B-3.pdf" });

    await expect(restore(pristine, { mode: "replace", confirm: "wrong" })).rejects.toThrow(`confirm by typing its slug (${slug})`);
    expect(await count("SELECT count(*) AS n FROM articles WHERE journal_id = ?", b.id)).toBe(2); // untouched

    const r = await restore(pristine, { mode: "replace", confirm: slug });
    expect(r.journal).toEqual({ id: b.id, slug });
    const refs = await testFileD1()
      .prepare("SELECT refnumber FROM articles WHERE journal_id = ? ORDER BY refnumber")
      .bind(b.id)
      .all<{ refnumber: string }>();
    expect(refs.results.map((x) => x.refnumber)).toEqual(["B-1", "B-2"]);
    expect(await env.FILES.get(fileKeys.article(b.id, 2025, 3, 1, "B-3.pdf"))).toBeNull();
    expect(await env.FILES.get(fileKeys.article(b.id, 2025, 3, 1, "B-1.pdf"))).not.toBeNull();
    // Cached copies of the journal are not reused (its content version moved on).
    expect(await count("SELECT content_version AS n FROM journals WHERE id = ?", b.id)).toBeGreaterThan(version);
    // Its host still answers with the restored archive.
    expect(await count("SELECT count(*) AS n FROM journal_domains WHERE domain = ? AND journal_id = ?", b.host, b.id)).toBe(1);
    // Journal A was not touched.
    expect(await count("SELECT count(*) AS n FROM articles WHERE journal_id = ?", a.id)).toBe(1);
  });

  it("an empty-database restore is refused on a running platform, pointing to --as-new and --replace", async () => {
    await expect(restore(pristine, { mode: "empty" })).rejects.toThrow(/--as-new .* --replace/);
  });
});
