// The journal database's copy of a journal's row (docs/decisions/0240): the journal's rows there have foreign keys to
// journals(id); the platform database's row is the journal. Structural types only, so restores run it in Node too.

/** What copyJournalRowBetween needs of a database (D1, or the scripts' and backups' structural types). */
export interface RowDb {
  prepare(sql: string): { bind(...values: unknown[]): { first<T>(): Promise<T | null>; run(): Promise<unknown> } };
}

/** copyJournalRow between two databases given as such (restores, moves). */
export async function copyJournalRowBetween(platform: RowDb, target: RowDb, journalId: number): Promise<void> {
  if (platform === target) return;
  const row = await platform.prepare("SELECT * FROM journals WHERE id = ?").bind(journalId).first<Record<string, unknown>>();
  if (!row) throw new Error(`journal ${journalId} does not exist`);
  // The copy is no journal's default: the platform's row says which journal is (and a copy left from a former
  // default would clash with journals_one_default).
  row.is_default = 0;
  const columns = Object.keys(row);
  const quoted = columns.map((c) => `"${c.replaceAll('"', '""')}"`);
  await target
    .prepare(
      `INSERT INTO journals (${quoted.join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ON CONFLICT (id) DO UPDATE SET ${quoted
        .filter((c) => c !== '"id"')
        .map((c) => `${c} = excluded.${c}`)
        .join(", ")}`,
    )
    .bind(...columns.map((c) => row[c]))
    .run();
}
