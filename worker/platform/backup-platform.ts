// A backup of the whole platform over several D1 databases (issue 42 item 4, docs/decisions/0285): the platform
// database (binding DB: journals with their shard, hosts, operators, the platform's settings and audit) and every
// journal database (JOURNALS_1, JOURNALS_2, ...: each journal's own rows, docs/decisions/0240), each database's rows
// kept apart (row ids are per database), plus every R2 object under journals/. Manifest version 3 lists the databases;
// each table is d1/{binding}/{table}.json. The same rules decide what a database may hold when the backup is written
// (rows outside them are left out and said) and when it is restored (a backup breaking them is refused, nothing
// written): `DatabaseScope` below.
import {
  appliedMigrations,
  type BackupBucket,
  type BackupDb,
  type BackupManifest,
  type BackupSink,
  databaseTableFile,
  dataTables,
  dumpShapeOf,
  exportObjects,
  MANIFEST,
  PLATFORM_TABLES,
  quote,
  type TableDump,
} from "./backup";
import { SEEDED_BY_MIGRATIONS } from "./backup-restore-parts";
import { jsonDigest, SIGNATURE, signManifest } from "./backup-signature";

/** The platform database's binding (worker/core/data/shards.ts PLATFORM_DATABASE; not imported: Node scripts run this). */
export const PLATFORM_BINDING = "DB";
/** A database binding a whole backup may name: the platform database or a journal database. */
export const DATABASE_BINDING = /^(DB|JOURNALS_\d{1,4})$/;

/** Journal databases first by number, the platform database first of all (the order a restore writes them in). */
export const databaseOrder = (bindings: string[]): string[] =>
  [...bindings].sort((a, b) => (a === PLATFORM_BINDING ? -1 : b === PLATFORM_BINDING ? 1 : Number(a.slice(9)) - Number(b.slice(9))));

export interface ForeignKey {
  from: string;
  table: string;
  to: string;
}

/** A table's declared foreign keys, with the parent's primary key named where the declaration leaves it out. */
export async function foreignKeysOf(db: BackupDb, table: string): Promise<ForeignKey[]> {
  const fks = (await db.prepare(`PRAGMA foreign_key_list(${quote(table)})`).all<{ table: string; from: string; to: string | null }>())
    .results;
  const out: ForeignKey[] = [];
  for (const fk of fks) {
    let to = fk.to;
    if (!to) {
      const pk = (await db.prepare(`PRAGMA table_info(${quote(fk.table)})`).all<{ name: string; pk: number }>()).results.find(
        (c) => c.pk === 1,
      );
      to = pk?.name ?? "rowid";
    }
    out.push({ from: fk.from, table: fk.table, to });
  }
  return out;
}

/**
 * What one database of a whole backup may hold, table by table in parent-first order:
 * - a journal database no platform table (its `journals` rows are copies of the platform's, made again on restore);
 * - a row of a journal's table (one with a journal_id) only of a journal whose platform row names this database;
 * - a row whose declared foreign key names a row only if that row is in the same database.
 * `problemOf` says why a row may not stand here (null: it may); `keep` records a kept row for its children's checks.
 */
export class DatabaseScope {
  private readonly kept = new Map<string, Set<string>>();
  private readonly wanted = new Set<string>();

  constructor(
    readonly binding: string,
    /** Journal id -> the database of its rows, as the platform database's journals rows say. */
    private readonly shardOf: Map<number, string>,
  ) {
    // The journals a database's foreign keys may name: in a journal database those it holds (the copies restore
    // makes); in the platform database every journal (its hosts, its audit).
    const ids = [...shardOf].filter(([, shard]) => binding === PLATFORM_BINDING || shard === binding).map(([id]) => String(id));
    this.kept.set("journals.id", new Set(ids));
  }

  /** The parent columns some table's foreign keys name, so `keep` records only those. */
  want(fks: ForeignKey[]) {
    for (const fk of fks) if (!(fk.table === "journals" && fk.to === "id")) this.wanted.add(`${fk.table}.${fk.to}`);
  }

  /** Why a platform table may not be in this database (null: it may). */
  tableProblem(table: string): string | null {
    if (this.binding !== PLATFORM_BINDING && PLATFORM_TABLES.has(table))
      return `the backup puts the platform table ${table} into the journal database ${this.binding} (a journal database holds journals' rows only)`;
    return null;
  }

  problemOf(table: string, columns: string[], row: unknown[], fks: ForeignKey[], own?: Map<string, Set<string>>): string | null {
    const at = columns.indexOf("journal_id");
    if (at >= 0 && !PLATFORM_TABLES.has(table) && row[at] !== null) {
      const id = Number(row[at]);
      const shard = this.shardOf.get(id);
      if (shard === undefined)
        return `a row of ${table} in ${this.binding} belongs to journal ${JSON.stringify(row[at])}, which the backup's platform database does not hold`;
      if (shard !== this.binding)
        return `a row of ${table} in ${this.binding} belongs to journal ${id}, whose rows the platform database puts in ${shard}`;
    }
    for (const fk of fks) {
      const i = columns.indexOf(fk.from);
      if (i < 0 || row[i] === null) continue;
      // A table naming its own rows (a thread of events): any row of the same dump.
      const parents = fk.table === table ? own?.get(fk.to) : this.kept.get(`${fk.table}.${fk.to}`);
      if (!parents?.has(String(row[i])))
        return `a row of ${table} in ${this.binding} refers to ${fk.table} ${fk.to} ${JSON.stringify(row[i])}, which is not in that database`;
    }
    return null;
  }

  keep(table: string, columns: string[], row: unknown[]) {
    columns.forEach((c, i) => {
      const key = `${table}.${c}`;
      if (!this.wanted.has(key)) return;
      let set = this.kept.get(key);
      if (!set) this.kept.set(key, (set = new Set()));
      set.add(String(row[i]));
    });
  }
}

/** The values of the columns of `dump` its own foreign keys name (self-references). */
export function ownValues(dump: TableDump, fks: ForeignKey[]): Map<string, Set<string>> {
  const own = new Map<string, Set<string>>();
  for (const fk of fks)
    if (fk.table === dump.name) {
      const i = dump.columns.indexOf(fk.to);
      own.set(fk.to, new Set(i < 0 ? [] : dump.rows.map((r) => String(r[i]))));
    }
  return own;
}

/** The journals rows of the platform database: id -> the database of its rows. */
export function shardsOf(journals: TableDump): Map<number, string> {
  const id = journals.columns.indexOf("id");
  const shard = journals.columns.indexOf("shard");
  return new Map(journals.rows.map((r) => [Number(r[id]), shard >= 0 && r[shard] !== null ? String(r[shard]) : PLATFORM_BINDING]));
}

/**
 * Writes the whole platform to `sink`, signed (docs/decisions/0182, 0285): every database given (by binding name; DB
 * required), each table of each as d1/{binding}/{table}.json, every object under journals/, a version 3 manifest.
 * Rows a database should not hold (a deleted journal's rows in tables without a foreign key, rows of a journal whose
 * platform row names another database, rows naming a row left out) are left out and said in the manifest's notes.
 */
export async function exportPlatformBackup(
  databases: Record<string, BackupDb>,
  bucket: BackupBucket,
  sink: BackupSink,
  opts: { signingKey: string; log?: (msg: string) => void },
): Promise<BackupManifest> {
  const log = opts.log ?? (() => {});
  const platform = databases[PLATFORM_BINDING];
  if (!platform) throw new Error("no platform database (binding DB) to back up");
  const bindings = databaseOrder(Object.keys(databases));
  for (const b of bindings) if (!DATABASE_BINDING.test(b)) throw new Error(`${b} is not a database binding of journal-edge`);

  const contents: Record<string, string> = {};
  const writeJson = async (name: string, data: unknown) => {
    contents[name] = await jsonDigest(data);
    await sink.writeJson(name, data);
  };
  // The journals, and where each one's rows are, from the platform database (the authority, docs/decisions/0240).
  const journalRows = (
    await platform.prepare("SELECT id, slug, websitename, shard FROM journals ORDER BY id").all<{
      id: number;
      slug: string;
      websitename: string;
      shard: string | null;
    }>()
  ).results;
  const journals = journalRows.map((r) => ({
    id: Number(r.id),
    slug: String(r.slug),
    websitename: String(r.websitename ?? ""),
    shard: r.shard ?? "DB",
  }));
  const shardOf = new Map(journals.map((j) => [j.id, j.shard]));
  const homeless = journals.filter((j) => !bindings.includes(j.shard));
  if (homeless.length)
    throw new Error(
      `journal ${homeless[0].id} (${homeless[0].slug}) lives in ${homeless[0].shard}, which is not bound here: a whole backup needs every journal database`,
    );

  const notes: string[] = [];
  const manifestDatabases: NonNullable<BackupManifest["databases"]> = [];
  const totals = new Map<string, number>();
  for (const binding of bindings) {
    const db = databases[binding];
    log(`${binding}:`);
    const scope = new DatabaseScope(binding, shardOf);
    const names = await dataTables(db);
    const fksOf = new Map<string, ForeignKey[]>();
    for (const name of names) fksOf.set(name, await foreignKeysOf(db, name));
    for (const fks of fksOf.values()) scope.want(fks);
    const tables: { name: string; rows: number }[] = [];
    for (const name of names) {
      if (scope.tableProblem(name)) {
        // A journal database's journals rows are copies of the platform's (restore makes them again); any other
        // platform table there should be empty, and is not the journal's to carry.
        // (A migration writes platform_settings' defaults into every database: not worth a note.)
        if (name !== "journals" && !SEEDED_BY_MIGRATIONS.has(name)) {
          const n = await db.prepare(`SELECT count(*) AS n FROM ${quote(name)}`).first<{ n: number }>();
          if (Number(n?.n ?? 0) > 0)
            notes.push(`${n?.n} row(s) of the platform table ${name} in ${binding} left out (a journal database's rows are journals')`);
        }
        continue;
      }
      const { columns, order } = await dumpShapeOf(db, name);
      const read = await db
        .prepare(`SELECT ${columns.map(quote).join(", ")} FROM ${quote(name)} ORDER BY ${order}`)
        .all<Record<string, unknown>>();
      const all = read.results.map((r) => columns.map((c) => r[c] ?? null));
      const fks = fksOf.get(name) ?? [];
      const own = ownValues({ name, columns, rows: all }, fks);
      const rows: unknown[][] = [];
      for (const row of all) {
        if (scope.problemOf(name, columns, row, fks, own) !== null) continue;
        scope.keep(name, columns, row);
        rows.push(row);
      }
      if (rows.length < all.length)
        notes.push(
          `${all.length - rows.length} row(s) of ${name} in ${binding} left out: they belong to a journal that is not in this database (deleted or moved) or name a row that is not`,
        );
      await writeJson(databaseTableFile(binding, name), { name, columns, rows } satisfies TableDump);
      tables.push({ name, rows: rows.length });
      totals.set(name, (totals.get(name) ?? 0) + rows.length);
      log(`  ${name}: ${rows.length} row(s)`);
    }
    manifestDatabases.push({ binding, migrations: await appliedMigrations(db), tables });
  }
  for (const note of notes) log(`  note: ${note}`);

  const { entries, bytes } = await exportObjects(bucket, sink, "journals/", writeJson, log);
  const manifest: BackupManifest = {
    format: "journal-edge-backup",
    version: 3,
    createdAt: new Date().toISOString(),
    journalId: null,
    journals,
    migrations: manifestDatabases[0].migrations,
    tables: [...totals].map(([name, rows]) => ({ name, rows })),
    databases: manifestDatabases,
    objects: entries.length,
    bytes,
    contents,
    ...(notes.length ? { notes } : {}),
  };
  await sink.writeJson(MANIFEST, manifest);
  await sink.writeJson(SIGNATURE, await signManifest(manifest, opts.signingKey));
  return manifest;
}
