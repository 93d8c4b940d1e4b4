// What the journal-move tests share (journal-move.test.ts, journal-move-resume.test.ts): an empty move target before
// each test, a plan's input, and the journal's rows in a database by table.
import { env } from "cloudflare:test";
import { bindingOf } from "../core/data/shards";
import { deleteJournalRows, moveTables, type MoveDb } from "./journal-move.repo";

/**
 * JOURNALS_3 is every test's move target, and a move needs the journal's ids free there: before each test it is
 * emptied of the journals earlier tests moved into it (their rows there; their platform rows point elsewhere), so
 * each move finds it as a new database.
 */
export async function emptyMoveTarget(): Promise<void> {
  const copies = await env.JOURNALS_3.prepare("SELECT id FROM journals").all<{ id: number }>();
  for (const { id } of copies.results) {
    await deleteJournalRows(env.JOURNALS_3 as unknown as MoveDb, id);
    await env.DB.prepare("UPDATE journals SET shard = 'JOURNALS_1' WHERE id = ? AND shard = 'JOURNALS_3'").bind(id).run();
  }
  await env.DB.prepare("UPDATE journal_moves SET state = 'failed' WHERE state NOT IN ('done', 'failed')").run();
}

export const planInput = (journalId: number, to: string) => ({
  journalId,
  to,
  operator: "test",
  platform: env.DB as unknown as MoveDb,
  journalDatabases: ["JOURNALS_1", "JOURNALS_2", "JOURNALS_3"],
  databaseOf: (shard: string) => bindingOf(env, shard) as unknown as MoveDb,
});

/** Rows of the journal in every table of `db` the move copies, by table. */
export async function journalRows(db: D1Database, journalId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await moveTables(db as unknown as MoveDb)) {
    const r = await db.prepare(`SELECT count(*) AS n FROM "${t.name}" WHERE ${t.scope}`).bind(journalId).first<{ n: number }>();
    if (Number(r?.n)) out[t.name] = Number(r?.n);
  }
  const row = await db.prepare("SELECT count(*) AS n FROM journals WHERE id = ?").bind(journalId).first<{ n: number }>();
  if (Number(row?.n)) out.journals = Number(row?.n);
  return out;
}
