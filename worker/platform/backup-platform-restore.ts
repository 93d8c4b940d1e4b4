// Restoring a whole-platform backup over several databases (manifest version 3, docs/decisions/0285) into an empty
// deployment: each database's rows into the binding of the same name, ids kept. Everything is checked before the first
// write: every database the backup names is bound here and migrated, no platform table in a journal database, every
// journal's rows in the database its platform row names, every foreign key inside its own database; then, still before
// writing, that every target database is empty.
import { copyJournalRowBetween } from "../core/data/journal-row-copy";
import { appliedMigrations, type BackupDb, type BackupManifest, databaseTableFile, dataTables, quote } from "./backup";
import { DatabaseScope, databaseOrder, type ForeignKey, foreignKeysOf, ownValues, PLATFORM_BINDING, shardsOf } from "./backup-platform";
import { type Loaded, loadTable, RestoreRefused, SEEDED_BY_MIGRATIONS } from "./backup-restore-parts";
import { insertKeepingIds } from "./backup-rows.repo";

/** One database of the backup, checked, with where it goes. */
export interface DatabasePlan {
  binding: string;
  target: BackupDb;
  loaded: Loaded[];
}

/**
 * Reads and checks every database of a version 3 backup against the deployment restoring it (nothing written).
 * `journalDatabase` answers the target's journal database by binding name (undefined or an error: not bound).
 */
export async function checkPlatformBackup(
  platform: BackupDb,
  manifest: BackupManifest,
  readEntry: (name: string) => Promise<unknown>,
  journalDatabase: ((binding: string) => BackupDb | undefined) | undefined,
): Promise<DatabasePlan[]> {
  const listed = manifest.databases ?? [];
  const bindings = listed.map((d) => d.binding);
  if (new Set(bindings).size !== bindings.length) throw new RestoreRefused("refused: the manifest lists a database twice");
  if (!bindings.includes(PLATFORM_BINDING))
    throw new RestoreRefused("refused: the backup of the whole platform holds no platform database (DB)");

  // Every database the backup names must be bound here: refused, naming it, before anything is read or written.
  const targets = new Map<string, BackupDb>();
  for (const binding of databaseOrder(bindings)) {
    let target: BackupDb | undefined = platform;
    if (binding !== PLATFORM_BINDING) {
      try {
        target = journalDatabase?.(binding);
      } catch {
        target = undefined;
      }
    }
    if (!target)
      throw new RestoreRefused(
        `the backup holds the journal database ${binding}, which this deployment does not bind: add a D1 database with binding "${binding}" to wrangler.toml (d1_databases), migrate it (npm run db:migrate), and restore again`,
      );
    targets.set(binding, target);
    const entry = listed.find((d) => d.binding === binding);
    const applied = await appliedMigrations(target);
    const missing = (entry?.migrations ?? []).filter((m) => !applied.includes(m));
    if (missing.length)
      throw new RestoreRefused(
        `the database ${binding} lacks migrations ${missing.join(", ")}: apply them first (npm run db:migrate / db:migrate:remote)`,
      );
  }

  const plans: DatabasePlan[] = [];
  let shardOf: Map<number, string> | null = null;
  let journals: Loaded | null = null;
  for (const binding of databaseOrder(bindings)) {
    const target = targets.get(binding) as BackupDb;
    const entry = listed.find((d) => d.binding === binding);
    const names = (entry?.tables ?? []).map((t) => t.name);
    if (new Set(names).size !== names.length) throw new RestoreRefused(`refused: the manifest lists a table of ${binding} twice`);
    const present = await dataTables(target);
    for (const name of names)
      if (!present.includes(name)) throw new RestoreRefused(`the database ${binding} has no table ${name} in this deployment`);

    if (binding === PLATFORM_BINDING) {
      // The journals and the database of each one's rows: the platform database's journals rows decide.
      if (!names.includes("journals")) throw new RestoreRefused("refused: the platform database of the backup has no journals table");
      const file = databaseTableFile(binding, "journals");
      journals = await loadTable(target, "journals", file, await readEntry(file), entry?.migrations ?? []);
      shardOf = shardsOf(journals.dump);
      for (const [id, shard] of shardOf)
        if (!bindings.includes(shard))
          throw new RestoreRefused(`refused: journal ${id} keeps its rows in ${shard}, which the backup does not hold`);
      const listedJournals = manifest.journals.map((j) => `${j.id}:${j.shard ?? PLATFORM_BINDING}`).sort();
      const rowJournals = [...shardOf].map(([id, shard]) => `${id}:${shard}`).sort();
      if (listedJournals.join() !== rowJournals.join())
        throw new RestoreRefused("refused: the manifest's list of journals is not the platform database's journals rows");
    }
    const scope = new DatabaseScope(binding, shardOf as Map<number, string>);
    const fksOf = new Map<string, ForeignKey[]>();
    for (const name of present) fksOf.set(name, await foreignKeysOf(target, name));
    for (const fks of fksOf.values()) scope.want(fks);
    const loaded: Loaded[] = [];
    for (const name of present.filter((t) => names.includes(t))) {
      const tableProblem = scope.tableProblem(name);
      if (tableProblem) throw new RestoreRefused(`refused: ${tableProblem}`);
      const file = databaseTableFile(binding, name);
      const table =
        binding === PLATFORM_BINDING && name === "journals" && journals
          ? journals
          : await loadTable(target, name, file, await readEntry(file), entry?.migrations ?? []);
      const fks = fksOf.get(name) ?? [];
      const own = ownValues(table.dump, fks);
      for (const row of table.dump.rows) {
        const problem = scope.problemOf(name, table.dump.columns, row, fks, own);
        if (problem) throw new RestoreRefused(`refused: ${problem}`);
        scope.keep(name, table.dump.columns, row);
      }
      loaded.push(table);
    }
    plans.push({ binding, target, loaded });
  }
  return plans;
}

/** Refuses, naming it, a target database that holds any row (a migration's defaults aside). */
export async function checkPlatformTargetsEmpty(plans: DatabasePlan[]): Promise<void> {
  for (const { binding, target } of plans)
    for (const name of await dataTables(target)) {
      if (SEEDED_BY_MIGRATIONS.has(name)) continue;
      if (await target.prepare(`SELECT 1 AS x FROM ${quote(name)} LIMIT 1`).first())
        throw new RestoreRefused(
          `the database ${binding} is not empty (its table ${name} has rows): a whole-platform restore needs empty databases — a new deployment, or a fresh local state (PERSIST_DIR)`,
        );
    }
}

/**
 * Writes every database, the platform's first (journals with their shard as they were), then each journal database:
 * the copies of its journals' rows (their rows' foreign keys point at them, docs/decisions/0240), then its tables.
 */
export async function writePlatformBackup(plans: DatabasePlan[], log: (msg: string) => void): Promise<void> {
  const [platform] = plans;
  const journals = platform.loaded.find((t) => t.name === "journals");
  const shardOf = journals ? shardsOf(journals.dump) : new Map<number, string>();
  for (const { binding, target, loaded } of plans) {
    log(`${binding}:`);
    if (binding !== PLATFORM_BINDING)
      for (const [id, shard] of shardOf) if (shard === binding) await copyJournalRowBetween(platform.target, target, id);
    await insertKeepingIds(target, loaded, log);
  }
}
