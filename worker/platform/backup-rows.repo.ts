// A restore's writes into an empty database (docs/decisions/0094, 0285): each table's rows with their ids kept.
import { type BackupDb, quote } from "./backup";
import { BATCH_PARAMS, type Loaded, SEEDED_BY_MIGRATIONS } from "./backup-restore-parts";

/** D1's limit on bound parameters in one statement. */
const STATEMENT_PARAMS = 100;

/**
 * Into an empty database: rows keep their ids. As many rows per INSERT as D1's 100 bound parameters allow (one
 * statement per row made a restore of the demo's 10,459 usage figures take 48 s through the local proxy), and many
 * statements per batch.
 */
export async function insertKeepingIds(db: BackupDb, loaded: Loaded[], log: (msg: string) => void) {
  for (const { name, dump } of loaded) {
    const insert = SEEDED_BY_MIGRATIONS.has(name) ? "INSERT OR REPLACE" : "INSERT";
    const width = Math.max(1, dump.columns.length);
    const perStatement = Math.max(1, Math.floor(STATEMENT_PARAMS / width));
    const tuple = `(${dump.columns.map(() => "?").join(", ")})`;
    const sqlFor = (n: number) =>
      `${insert} INTO ${quote(name)} (${dump.columns.map(quote).join(", ")}) VALUES ${Array.from({ length: n }, () => tuple).join(", ")}`;
    const statements = [];
    for (let i = 0; i < dump.rows.length; i += perStatement) {
      const rows = dump.rows.slice(i, i + perStatement);
      statements.push(db.prepare(sqlFor(rows.length)).bind(...rows.flat()));
    }
    const perBatch = Math.max(1, Math.floor(BATCH_PARAMS / (perStatement * width)));
    for (let i = 0; i < statements.length; i += perBatch) await db.batch(statements.slice(i, i + perBatch));
    log(`  ${name}: ${dump.rows.length} row(s)`);
  }
}
