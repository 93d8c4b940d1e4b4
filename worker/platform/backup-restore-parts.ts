// What every restore shares (docs/decisions/0182, 0285): the refusal, the shapes a backup's entries must have (zod,
// at the boundary), object keys a backup may write; the writes into an empty database are in backup-rows.repo.ts.
import { z } from "zod";
import { sha256Hex } from "../core/files/sha256";
import { type BackupBucket, type BackupDb, type BackupSource, type ObjectEntry, type TableDump, tableInfo } from "./backup";

/** Why a restore did not happen, in words for the operator (nothing was written). */
export class RestoreRefused extends Error {}

export const cell = z.union([z.string(), z.number(), z.null()]);
export const dumpSchema = z.object({ name: z.string(), columns: z.array(z.string().min(1)), rows: z.array(z.array(cell)) });
export const objectsSchema = z.array(
  z.object({
    key: z.string().min(1).max(1024),
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    contentType: z.string(),
    customMetadata: z.record(z.string(), z.string()).optional(),
  }),
);

/** Tables a migration fills with defaults (migrations/0030): a fresh database has rows there; a whole restore replaces them. */
export const SEEDED_BY_MIGRATIONS = new Set(["platform_settings"]);
export const BATCH_PARAMS = 900;

/**
 * Columns a migration renamed: a backup written before it (its manifest does not list the migration) names them the
 * old way, and its rows are read under the new names, all of a table's renames at once (0120 swaps two names:
 * the old `txnid` is the add-time claim, the old `transaction_id` the id; docs/decisions/0270).
 */
export const RENAMED_COLUMNS: { migration: string; table: string; renames: Record<string, string> }[] = [
  { migration: "0120_names_that_match.sql", table: "articles", renames: { txnid: "txnid_claim", transaction_id: "txnid" } },
];

/** A table's columns as the target database names them, for a backup that lists `migrations`. */
export function columnsNamedNow(table: string, columns: readonly string[], migrations: readonly string[]): string[] {
  let named = [...columns];
  for (const r of RENAMED_COLUMNS) if (r.table === table && !migrations.includes(r.migration)) named = named.map((c) => r.renames[c] ?? c);
  return named;
}

/** An object key a journal's backup may write: under its prefix, no empty, "." or ".." segment, no control character. */
export function safeKey(key: string, prefix: string): boolean {
  if (!key.startsWith(prefix) || key.length === prefix.length) return false;
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  return key.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

export interface Loaded {
  name: string;
  dump: TableDump;
  targetColumns: { name: string; type: string; pk: number }[];
}

/** A progress line every 50 files (and at the last), so a long restore is seen moving (the console streams them). */
export const filesProgress = (done: number, total: number, log: (msg: string) => void) => {
  if (done % 50 === 0 || done === total) log(`  R2: ${done} of ${total} file(s) written`);
};

export async function putObject(bucket: BackupBucket, source: BackupSource, e: ObjectEntry, key: string) {
  const bytes = await source.readObject(e.key);
  if ((await sha256Hex(bytes)) !== e.sha256) throw new Error(`object ${e.key} changed while it was restored`);
  await bucket.put(key, bytes, {
    httpMetadata: e.contentType ? { contentType: e.contentType } : undefined,
    customMetadata: e.customMetadata,
  });
}

/**
 * One table of a backup (`raw`, read from `file`), checked against the target database's table: a dump's shape (zod),
 * its name, columns the target has (named as the target names them), none twice, every row as wide as the columns.
 */
export async function loadTable(db: BackupDb, name: string, file: string, raw: unknown, migrations: readonly string[]): Promise<Loaded> {
  const dumpParse = dumpSchema.safeParse(raw);
  if (!dumpParse.success || dumpParse.data.name !== name) throw new RestoreRefused(`refused: ${file} is not a table of a backup`);
  const dump = { ...dumpParse.data, columns: columnsNamedNow(name, dumpParse.data.columns, migrations) };
  const targetColumns = (await tableInfo(db, name)) as Loaded["targetColumns"];
  const targetNames = targetColumns.map((c) => c.name);
  const unknown = dump.columns.filter((c) => !targetNames.includes(c));
  if (unknown.length) throw new RestoreRefused(`table ${name} has no column(s) ${unknown.join(", ")} in the target database`);
  if (new Set(dump.columns).size !== dump.columns.length) throw new RestoreRefused(`refused: ${name} names a column twice`);
  if (dump.rows.some((r) => r.length !== dump.columns.length))
    throw new RestoreRefused(`refused: a row of ${name} does not fit its columns`);
  return { name, dump, targetColumns };
}
