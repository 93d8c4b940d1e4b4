// A restore's writes into an empty database (docs/decisions/0094, 0285): each table's rows with their ids kept.
import { type BackupDb, quote } from "./backup";
import { BATCH_PARAMS, type Loaded, SEEDED_BY_MIGRATIONS } from "./backup-restore-parts";

/** Into an empty database: rows keep their ids, one INSERT per row (D1's 100 parameters), many per batch. */
export async function insertKeepingIds(db: BackupDb, loaded: Loaded[], log: (msg: string) => void) {
  for (const { name, dump } of loaded) {
    const insert = SEEDED_BY_MIGRATIONS.has(name) ? "INSERT OR REPLACE" : "INSERT";
    const sql = `${insert} INTO ${quote(name)} (${dump.columns.map(quote).join(", ")}) VALUES (${dump.columns.map(() => "?").join(", ")})`;
    const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / Math.max(1, dump.columns.length)));
    for (let i = 0; i < dump.rows.length; i += perBatch)
      await db.batch(dump.rows.slice(i, i + perBatch).map((row) => db.prepare(sql).bind(...row)));
    log(`  ${name}: ${dump.rows.length} row(s)`);
  }
}
