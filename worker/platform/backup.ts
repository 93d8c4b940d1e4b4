// Backup and restore of journals: every D1 row (as JSON, by column name) and every R2 object (bytes, key,
// content type, SHA-256). Plain structural types, so the Node scripts (scripts/backup.ts, scripts/restore.ts)
// run it against local or remote bindings (docs/decisions/0094-backup-restore.md).
import { sha256Hex } from "../core/files/sha256";
import { jsonDigest, SIGNATURE, signManifest } from "./backup-signature";

export interface BackupDb {
  prepare(sql: string): {
    bind(...values: unknown[]): BackupStatement;
  } & BackupStatement;
  batch(statements: unknown[]): Promise<unknown[]>;
}
interface BackupStatement {
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  run(): Promise<unknown>;
}
/**
 * Where a journal's rows are (docs/decisions/0240): the platform database holds the journals' rows, their hosts and
 * the platform's own tables; the journal's database every other row. One database alone is both.
 */
export type BackupDatabases = BackupDb | { platform: BackupDb; journal: BackupDb };

/** Tables of the platform database (every other table is a journal database's). */
export const PLATFORM_TABLES = new Set([
  "journals",
  "journal_domains",
  "operators",
  "operator_login_attempts",
  "operator_events",
  "platform_settings",
  "shard_states",
  // The history of journal moves between databases (docs/decisions/0280): the platform's record, not a journal's data.
  "journal_moves",
  // Sending domains' Email Service records as last checked (docs/decisions/0395): the platform's, per domain.
  "mail_domains",
]);

export const databasesOf = (dbs: BackupDatabases): { platform: BackupDb; journal: BackupDb } =>
  "platform" in dbs ? dbs : { platform: dbs, journal: dbs };

export interface BackupBucket {
  list(options?: { prefix?: string; cursor?: string; limit?: number; include?: ("httpMetadata" | "customMetadata")[] }): Promise<{
    objects: { key: string; size: number; httpMetadata?: { contentType?: string }; customMetadata?: Record<string, string> }[];
    truncated: boolean;
    cursor?: string;
  }>;
  get(key: string): Promise<{
    arrayBuffer(): Promise<ArrayBuffer>;
    httpMetadata?: { contentType?: string };
    customMetadata?: Record<string, string>;
  } | null>;
  put(
    key: string,
    value: Uint8Array,
    options?: { httpMetadata?: { contentType?: string }; customMetadata?: Record<string, string> },
  ): Promise<unknown>;
}

/** Where a backup is written / read: the scripts map these to files under the backup folder. */
export interface BackupSink {
  writeJson(name: string, data: unknown): Promise<void>;
  writeObject(key: string, bytes: Uint8Array): Promise<void>;
}
export interface BackupSource {
  readJson<T>(name: string): Promise<T>;
  readObject(key: string): Promise<Uint8Array>;
}

export interface TableDump {
  name: string;
  columns: string[];
  rows: unknown[][];
}
export interface ObjectEntry {
  key: string;
  size: number;
  sha256: string;
  contentType: string;
  customMetadata?: Record<string, string>;
}
export interface BackupManifest {
  format: "journal-edge-backup";
  /**
   * 1: unsigned (before issue 38); 2: `contents` and a signature.json; 3: a whole platform over several databases,
   * `databases` and d1/{binding}/{table}.json (docs/decisions/0285).
   */
  version: 1 | 2 | 3;
  createdAt: string;
  /** null: every journal (and tables without a journal). */
  journalId: number | null;
  /** Version 3: with the database of each journal's rows (journals.shard). */
  journals: { id: number; slug: string; websitename: string; shard?: string }[];
  migrations: string[];
  /** Tables in restore order (parents first), with row counts (version 3: summed over the databases). */
  tables: { name: string; rows: number }[];
  /** Version 3: each database by its binding name (the platform's first), its migrations, its tables and rows. */
  databases?: { binding: string; migrations: string[]; tables: { name: string; rows: number }[] }[];
  /** Version 3: what the backup left out on purpose (rows of deleted journals...), in words. */
  notes?: string[];
  objects: number;
  bytes: number;
  /** SHA-256 of every JSON entry as JSON.stringify writes it (d1/{table}.json, r2-objects.json); version 2. */
  contents?: Record<string, string>;
}

export const MANIFEST = "manifest.json";
export const OBJECTS = "r2-objects.json";
export const tableFile = (name: string) => `d1/${name}.json`;
/** A table of one database in a whole-platform backup (version 3). */
export const databaseTableFile = (binding: string, name: string) => `d1/${binding}/${name}.json`;

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The tables holding data, parents before children (by their foreign keys): every ordinary table except
 * SQLite's, Cloudflare's, wrangler's migrations list and the tables of full-text indexes, named after them (FTS5's
 * shadow tables and the search term list, articles_search_terms: the articles triggers rebuild both as rows are
 * restored).
 */
export async function dataTables(db: BackupDb): Promise<string[]> {
  const all = (
    await db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all<{ name: string; sql: string | null }>()
  ).results;
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  const tables = all
    .map((t) => t.name)
    .filter((n) => !/^(sqlite_|_cf_|d1_migrations$)/.test(n) && !virtual.includes(n) && !virtual.some((v) => n.startsWith(`${v}_`)));
  const parents = new Map<string, string[]>();
  for (const t of tables) {
    const fks = (await db.prepare(`PRAGMA foreign_key_list(${quote(t)})`).all<{ table: string }>()).results;
    parents.set(t, [...new Set(fks.map((f) => f.table).filter((p) => p !== t && tables.includes(p)))]);
  }
  const ordered: string[] = [];
  const visit = (t: string, path: string[]) => {
    if (ordered.includes(t) || path.includes(t)) return;
    for (const p of parents.get(t) ?? []) visit(p, [...path, t]);
    ordered.push(t);
  };
  for (const t of tables) visit(t, []);
  return ordered;
}

export const tableInfo = async (db: BackupDb, table: string) =>
  (await db.prepare(`PRAGMA table_info(${quote(table)})`).all<{ name: string; pk: number }>()).results;

/**
 * A table's columns and a stable row order: rowid, or the primary key of a WITHOUT ROWID table (usage_daily), which
 * has no rowid. One read of its column list.
 */
export async function dumpShapeOf(db: BackupDb, table: string): Promise<{ columns: string[]; order: string }> {
  const info = await tableInfo(db, table);
  const { sql } = (await db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?")
    .bind(table)
    .first<{ sql: string }>()) ?? {
    sql: "",
  };
  const order = /WITHOUT\s+ROWID/i.test(sql)
    ? info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => quote(c.name))
        .join(", ")
    : "rowid";
  return { columns: info.map((c) => c.name), order };
}

/** Which rows of `table` belong to the backup: one journal's (by journal_id, or the journals row itself), or all. */
function scopeOf(table: string, columns: string[], journalId: number | null): { where: string; params: unknown[] } | null {
  if (journalId === null) return { where: "", params: [] };
  if (table === "journals") return { where: " WHERE id = ?", params: [journalId] };
  // The platform's own records about a journal (its moves) are not the journal's data; its hosts are.
  if (PLATFORM_TABLES.has(table) && table !== "journal_domains") return null;
  if (columns.includes("journal_id")) return { where: " WHERE journal_id = ?", params: [journalId] };
  return null; // not per journal: only in a whole-database backup
}

export async function appliedMigrations(db: BackupDb): Promise<string[]> {
  try {
    return (await db.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>()).results.map((r) => r.name);
  } catch {
    return [];
  }
}

export async function listAll(bucket: BackupBucket, prefix: string) {
  const out: { key: string; size: number }[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    out.push(...page.objects.map((o) => ({ key: o.key, size: o.size })));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return out;
}

/**
 * Writes one journal (or all, journalId null) to `sink`, signed with `signingKey` (BACKUP_SIGNING_KEY): the manifest
 * holds every JSON entry's SHA-256 and signature.json its HMAC (docs/decisions/0182). Returns the manifest.
 */
export async function exportBackup(
  databases: BackupDatabases,
  bucket: BackupBucket,
  sink: BackupSink,
  opts: { journalId: number | null; signingKey: string; log?: (msg: string) => void },
): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const contents: Record<string, string> = {};
  const writeJson = async (name: string, data: unknown) => {
    contents[name] = await jsonDigest(data);
    await sink.writeJson(name, data);
  };
  const tables: BackupManifest["tables"] = [];
  let journals: BackupManifest["journals"] = [];
  const { platform, journal } = databasesOf(databases);
  // The migrations and the tables are the same in every database; each table is read where its rows are.
  const db = journal;
  for (const name of await dataTables(db)) {
    const from = PLATFORM_TABLES.has(name) ? platform : journal;
    const { columns, order } = await dumpShapeOf(db, name);
    const scope = scopeOf(name, columns, opts.journalId);
    if (!scope) continue;
    const stmt = from.prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(name)}${scope.where} ORDER BY ${order}`);
    const result = await (scope.params.length ? stmt.bind(...scope.params) : stmt).all<Record<string, unknown>>();
    const rows = result.results.map((r) => columns.map((c) => r[c] ?? null));
    await writeJson(tableFile(name), { name, columns, rows } satisfies TableDump);
    tables.push({ name, rows: rows.length });
    if (name === "journals") {
      journals = result.results.map((r) => ({ id: Number(r.id), slug: String(r.slug ?? ""), websitename: String(r.websitename ?? "") }));
    }
    log(`  ${name}: ${rows.length} row(s)`);
  }
  if (opts.journalId !== null && journals.length === 0) throw new Error(`journal ${opts.journalId} does not exist`);

  const prefix = opts.journalId === null ? "journals/" : `journals/${opts.journalId}/`;
  const { entries, bytes } = await exportObjects(bucket, sink, prefix, writeJson, log);

  const manifest: BackupManifest = {
    format: "journal-edge-backup",
    version: 2,
    createdAt: new Date().toISOString(),
    journalId: opts.journalId,
    journals,
    migrations: await appliedMigrations(db),
    tables,
    objects: entries.length,
    bytes,
    contents,
  };
  await sink.writeJson(MANIFEST, manifest);
  await sink.writeJson(SIGNATURE, await signManifest(manifest, opts.signingKey));
  return manifest;
}

/** Every object under `prefix` to `sink`, with the index (r2-objects.json) written through `writeJson`. */
export async function exportObjects(
  bucket: BackupBucket,
  sink: BackupSink,
  prefix: string,
  writeJson: (name: string, data: unknown) => Promise<void>,
  log: (msg: string) => void,
): Promise<{ entries: ObjectEntry[]; bytes: number }> {
  const entries: ObjectEntry[] = [];
  let bytes = 0;
  for (const { key } of await listAll(bucket, prefix)) {
    const object = await bucket.get(key);
    if (!object) continue; // deleted while we were listing
    const data = new Uint8Array(await object.arrayBuffer());
    await sink.writeObject(key, data);
    entries.push({
      key,
      size: data.byteLength,
      sha256: await sha256Hex(data),
      contentType: object.httpMetadata?.contentType ?? "",
      ...(object.customMetadata && Object.keys(object.customMetadata).length ? { customMetadata: object.customMetadata } : {}),
    });
    bytes += data.byteLength;
  }
  await writeJson(OBJECTS, entries);
  log(`  R2: ${entries.length} object(s), ${bytes} bytes`);
  return { entries, bytes };
}
