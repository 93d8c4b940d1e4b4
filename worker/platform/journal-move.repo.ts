// Moving a journal from one journal database to another while it serves (issue 42 item 3, docs/decisions/0280): the
// moves' data layer (journal_moves, journal_move_log, the copy). One function per phase, over plain D1-shaped
// databases, so the console's Workflow (journal-move-workflow.ts) and the Node script (scripts/move-journal.ts) run
// the same code:
//   planMove    check (journal, databases, running imports, ids free in the target) and record the move
//   startLog    triggers on the source log every change to the journal's rows (table, primary key)
//   copyChunk   the journal's rows, parents first, paged by rowid, inserted with their ids (resumable by cursor)
//   catchUp     re-sync the logged changes row by row (present: update or insert in the target, gone: delete)
//   freeze      triggers on the source refuse writes to the journal's rows ('journal_moving'), then drain the log
//   verify      per table: row count and a checksum over the rows in key order, on both databases
//   switchShard journals.shard in the platform database (only from the old value), content version bumped
//   cleanup     after the memo bound: the journal's rows leave the source (children first, bounded batches)
//   abortMove   before the switch, any failure: triggers dropped (writes resume), the target's copy removed
//   continueMove the phases left from the state a move is recorded in: a new move, or one whose runner died (resume)
// Row ids are kept: they are visible outside the database (signed links, admin URLs, mail, Workflow parameters).
import { HttpError } from "../core/errors";
import { copyJournalRowBetween } from "../core/data/journal-row-copy";
import { dataTables, PLATFORM_TABLES, quote } from "./backup";

/** What a move needs of a database: D1's prepare/bind/all/first/run and batch (the Worker's and the scripts'). */
export interface MoveStatement {
  bind(...values: unknown[]): MoveStatement;
  all<T = Record<string, unknown>>(): Promise<{ results: T[] }>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  run(): Promise<{ meta?: { changes?: number } }>;
}
export interface MoveDb {
  prepare(sql: string): MoveStatement;
  batch(statements: MoveStatement[]): Promise<unknown[]>;
}

/** The platform database's name for itself as a shard (shards.ts PLATFORM_DATABASE; repeated: no Worker imports). */
const PLATFORM = "DB";

/** D1 binds at most 100 parameters per statement; a batch of this many statements is one round trip. */
const MAX_PARAMS = 100;
const BATCH_STATEMENTS = 50;
/** Rows copied per copyChunk call (one Workflow step). */
export const CHUNK_ROWS = 2_000;
/** The catch-up stops going round when fewer changes than this are left: the freeze drains the rest. */
const SMALL_LOG = 50;

export type MoveState = "copying" | "catching_up" | "frozen" | "verifying" | "switched" | "cleaning" | "done" | "failed";
export const MOVE_RUNNING_STATES: MoveState[] = ["copying", "catching_up", "frozen", "verifying", "switched", "cleaning"];

export interface MoveRow {
  id: number;
  journal_id: number;
  from_shard: string;
  to_shard: string;
  state: MoveState;
  rows_copied: number;
  rows_total: number;
  started_at: string;
  frozen_at: string;
  switched_at: string;
  finished_at: string;
  error: string;
  operator: string;
  paused_ms: number;
  /** The move's heartbeat: when it last made progress (migration 0180). */
  progress_at: string;
  resumes: number;
}

/**
 * A running move that has made no progress for this long has lost its runner (docs/decisions/0306): its longest
 * step (a copy chunk of CHUNK_ROWS rows, a catch-up round, one table's checksum) takes seconds, the memo bound 35 s.
 */
export const STALL_MS = 15 * 60_000;

/** How often a runner that waits (the memo bound) still says it is alive. */
const HEARTBEAT_MS = 10_000;

/** When the move last made progress. */
export const lastProgressOf = (m: Pick<MoveRow, "progress_at" | "started_at">) => m.progress_at || m.started_at;

/** Running, and no progress for STALL_MS. */
export const isStalled = (m: MoveRow, now = Date.now()) =>
  MOVE_RUNNING_STATES.includes(m.state) && now - Date.parse(lastProgressOf(m)) > STALL_MS;

/** The databases of one move, by role. */
export interface MoveDatabases {
  platform: MoveDb;
  source: MoveDb;
  target: MoveDb;
}
export interface Move extends MoveDatabases {
  id: number;
  journalId: number;
  from: string;
  to: string;
}

/** Where copyChunk goes on: the index of the table in moveTables() and the last key copied there. */
export interface CopyCursor {
  table: number;
  after: number;
}

const nowIso = () => new Date().toISOString();
const changesOf = (r: { meta?: { changes?: number } }) => Number(r?.meta?.changes ?? 0);

// ---- The tables of a journal ------------------------------------------------------------------------------------

export interface MoveTable {
  name: string;
  /** Columns written (PRAGMA table_info: generated columns are not among them). */
  columns: string[];
  /** Primary key columns, in key order. */
  key: string[];
  /** Paged by rowid (false: WITHOUT ROWID, paged by offset in key order). */
  rowid: boolean;
  /** SQL condition (one `?`, the journal id) selecting the journal's rows; `T` is the table's alias-free name. */
  scope: string;
  /** For triggers: the condition on NEW / OLD. */
  rowScope: (row: "NEW" | "OLD", journalId: number) => string;
  /** The key is wholly per journal (contains journal_id): free in any database the journal is not in. */
  keyedByJournal: boolean;
}

const tablesOf = new WeakMap<MoveDb, Promise<MoveTable[]>>();

/**
 * The journal's tables in the order their rows are copied (parents first): every table of the journal database with
 * a journal_id column, and article_citations (a child of articles without one). Not the platform's tables, not the
 * move's own log, not the full-text indexes (the target's articles triggers rebuild them).
 */
export function moveTables(db: MoveDb): Promise<MoveTable[]> {
  let tables = tablesOf.get(db);
  if (!tables) {
    tables = readMoveTables(db);
    tablesOf.set(db, tables);
    tables.catch(() => tablesOf.delete(db));
  }
  return tables;
}

async function readMoveTables(db: MoveDb): Promise<MoveTable[]> {
  const out: MoveTable[] = [];
  for (const name of await dataTables(db as never)) {
    if (PLATFORM_TABLES.has(name) || name === "journal_moves" || name === "journal_move_log") continue;
    const info = (await db.prepare(`PRAGMA table_info(${quote(name)})`).all<{ name: string; pk: number }>()).results;
    const columns = info.map((c) => c.name);
    const key = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const ddl = await db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").bind(name).first<{ sql: string }>();
    const rowid = !/WITHOUT\s+ROWID/i.test(ddl?.sql ?? "");
    if (columns.includes("journal_id")) {
      out.push({
        name,
        columns,
        key,
        rowid,
        scope: "journal_id = ?",
        rowScope: (row, id) => `${row}.journal_id = ${id}`,
        keyedByJournal: key.includes("journal_id"),
      });
    } else if (columns.includes("article_id") && key.length === 1 && key[0] === "article_id") {
      // article_citations: one row per article, keyed by the article's id.
      out.push({
        name,
        columns,
        key,
        rowid,
        scope: "article_id IN (SELECT id FROM articles WHERE journal_id = ?)",
        rowScope: (row, id) => `(SELECT journal_id FROM articles WHERE id = ${row}.article_id) = ${id}`,
        keyedByJournal: false,
      });
    }
  }
  return out;
}

const orderOf = (t: MoveTable) => (t.rowid ? "rowid" : t.key.map(quote).join(", "));

// ---- Plan: check and record ---------------------------------------------------------------------------------------

export interface PlanInput {
  journalId: number;
  to: string;
  operator: string;
  /** The database a shard name is bound to, or undefined when this deployment does not bind it. */
  databaseOf: (shard: string) => MoveDb | undefined;
  platform: MoveDb;
  /** Journal databases (names) a journal may move to. */
  journalDatabases: string[];
}

/**
 * Checks a move and records it (journal_moves, state copying). Refusals, before anything is written: 404 not_found,
 * 400 unknown_database / same_database, 409 move_running / import_running / ids_taken { tables }.
 */
export async function planMove(input: PlanInput): Promise<Move> {
  const { platform, journalId, to } = input;
  const journal = await platform
    .prepare("SELECT id, shard FROM journals WHERE id = ?")
    .bind(journalId)
    .first<{ id: number; shard: string }>();
  if (!journal) throw new HttpError(404, "not_found");
  if (!input.journalDatabases.includes(to) || !input.databaseOf(to))
    throw new HttpError(400, "unknown_database", { databases: input.journalDatabases });
  if (journal.shard === to) throw new HttpError(400, "same_database");
  const source = input.databaseOf(journal.shard);
  const target = input.databaseOf(to)!;
  if (!source) throw new HttpError(400, "unknown_database", { databases: input.journalDatabases });
  const running = await platform
    .prepare(`SELECT id FROM journal_moves WHERE journal_id = ? AND state NOT IN ('done', 'failed') LIMIT 1`)
    .bind(journalId)
    .first<{ id: number }>();
  if (running) throw new HttpError(409, "move_running", { move: running.id });
  const importing = await source
    .prepare(`SELECT id FROM transfer_jobs WHERE journal_id = ? AND status IN ('queued', 'running') LIMIT 1`)
    .bind(journalId)
    .first<{ id: string }>();
  if (importing) throw new HttpError(409, "import_running");
  const tables = await moveTables(source);
  // Leftovers of an earlier move of this journal that failed half way are no other journal's rows: clear them.
  await purgeJournal(target, tables, journalId, journal.shard !== PLATFORM && to !== PLATFORM);
  const taken = await takenIds(source, target, tables, journalId);
  if (taken.length > 0) throw new HttpError(409, "ids_taken", { tables: taken });
  const total = await countRows(source, tables, journalId);
  let id: number;
  try {
    const row = await platform
      .prepare(
        `INSERT INTO journal_moves (journal_id, from_shard, to_shard, state, rows_total, started_at, progress_at, operator)
         VALUES (?, ?, ?, 'copying', ?, ?, ?, ?) RETURNING id`,
      )
      .bind(journalId, journal.shard, to, total, nowIso(), nowIso(), input.operator)
      .first<{ id: number }>();
    id = row!.id;
  } catch (err) {
    if (/UNIQUE/i.test(String((err as Error)?.message ?? err))) throw new HttpError(409, "move_running");
    throw err;
  }
  return { id, journalId, from: journal.shard, to, platform, source, target };
}

/** Counts the journal's rows, every table, and its row copy. */
async function countRows(db: MoveDb, tables: MoveTable[], journalId: number): Promise<number> {
  const results = (await db.batch(
    tables.map((t) => db.prepare(`SELECT count(*) AS n FROM ${quote(t.name)} WHERE ${t.scope}`).bind(journalId)),
  )) as { results: { n: number }[] }[];
  return results.reduce((sum, r) => sum + Number(r.results[0]?.n ?? 0), 1);
}

/**
 * Tables where one of the journal's keys is already used in the target. Cheap first: the target's rows between the
 * journal's smallest and largest id; the exact `IN (...)` check only where that count is not 0.
 */
export async function takenIds(source: MoveDb, target: MoveDb, tables: MoveTable[], journalId: number): Promise<string[]> {
  const journalRow = await target.prepare("SELECT 1 AS one FROM journals WHERE id = ?").bind(journalId).first();
  const taken: string[] = journalRow ? ["journals"] : [];
  for (const t of tables) {
    if (t.keyedByJournal || t.key.length !== 1) continue;
    const k = quote(t.key[0]);
    const range = await source
      .prepare(`SELECT min(${k}) AS lo, max(${k}) AS hi, typeof(min(${k})) AS kind FROM ${quote(t.name)} WHERE ${t.scope}`)
      .bind(journalId)
      .first<{ lo: unknown; hi: unknown; kind: string }>();
    if (range?.lo === null || range?.lo === undefined) continue;
    if (range.kind === "integer") {
      const n = await target
        .prepare(`SELECT count(*) AS n FROM ${quote(t.name)} WHERE ${k} BETWEEN ? AND ?`)
        .bind(range.lo, range.hi)
        .first<{ n: number }>();
      if (Number(n?.n ?? 0) === 0) continue;
    }
    // Exact: the journal's keys, page by page, looked up in the target.
    let after: unknown = null;
    for (;;) {
      const page = (
        await source
          .prepare(
            `SELECT ${k} AS k FROM ${quote(t.name)} WHERE ${t.scope}${after === null ? "" : ` AND ${k} > ?`} ORDER BY ${k} LIMIT ${MAX_PARAMS - 1}`,
          )
          .bind(...(after === null ? [journalId] : [journalId, after]))
          .all<{ k: unknown }>()
      ).results.map((r) => r.k);
      if (page.length === 0) break;
      const hit = await target
        .prepare(`SELECT 1 AS one FROM ${quote(t.name)} WHERE ${k} IN (${page.map(() => "?").join(", ")}) LIMIT 1`)
        .bind(...page)
        .first();
      if (hit) {
        taken.push(t.name);
        break;
      }
      after = page[page.length - 1];
    }
  }
  return taken;
}

// ---- Progress -----------------------------------------------------------------------------------------------------

export async function moveById(platform: MoveDb, id: number): Promise<MoveRow | null> {
  return platform.prepare("SELECT * FROM journal_moves WHERE id = ?").bind(id).first<MoveRow>();
}

/** The journal's latest move (running or not). */
export async function latestMove(platform: MoveDb, journalId: number): Promise<MoveRow | null> {
  return platform.prepare("SELECT * FROM journal_moves WHERE journal_id = ? ORDER BY id DESC LIMIT 1").bind(journalId).first<MoveRow>();
}

async function setState(move: Move, state: MoveState, extra: Record<string, unknown> = {}): Promise<void> {
  const cols = Object.keys(extra);
  await move.platform
    .prepare(`UPDATE journal_moves SET state = ?, progress_at = ?${cols.map((c) => `, ${c} = ?`).join("")} WHERE id = ?`)
    .bind(state, nowIso(), ...cols.map((c) => extra[c]), move.id)
    .run();
}

/** The move's heartbeat, without a change of phase. */
async function touch(move: Move): Promise<void> {
  await move.platform.prepare("UPDATE journal_moves SET progress_at = ? WHERE id = ?").bind(nowIso(), move.id).run();
}

/** Running moves with no progress for STALL_MS (the daily Cron Trigger resumes them). */
export async function stalledMoves(platform: MoveDb, now = Date.now()): Promise<MoveRow[]> {
  const before = new Date(now - STALL_MS).toISOString();
  return (
    await platform
      .prepare(
        `SELECT * FROM journal_moves WHERE state NOT IN ('done', 'failed') AND (CASE WHEN progress_at = '' THEN started_at ELSE progress_at END) < ? ORDER BY id`,
      )
      .bind(before)
      .all<MoveRow>()
  ).results;
}

/**
 * Takes a stalled move over for one resumer: its heartbeat moves and its resume count goes up only if neither
 * changed since `seen` was read, so two resumers (the console and the Cron Trigger) never both run it. Answers the
 * move as claimed, or null when someone else took it (or it moved on).
 */
export async function claimResume(platform: MoveDb, seen: MoveRow): Promise<MoveRow | null> {
  const r = await platform
    .prepare(
      "UPDATE journal_moves SET progress_at = ?, resumes = resumes + 1 WHERE id = ? AND state = ? AND progress_at = ? AND resumes = ?",
    )
    .bind(nowIso(), seen.id, seen.state, seen.progress_at, seen.resumes)
    .run();
  return changesOf(r) === 1 ? moveById(platform, seen.id) : null;
}

/** Reopens a recorded move (the Workflow's steps, the script after a crash). */
export async function resumeMove(databases: MoveDatabases, id: number): Promise<Move> {
  const row = await moveById(databases.platform, id);
  if (!row) throw new Error(`journal move ${id} does not exist`);
  return { ...databases, id, journalId: row.journal_id, from: row.from_shard, to: row.to_shard };
}

// ---- Triggers on the source ---------------------------------------------------------------------------------------

const triggerName = (journalId: number, table: string, kind: string) => quote(`journal_move_${journalId}_${table}_${kind}`);

const keyJson = (t: MoveTable, row: "NEW" | "OLD") => `json_array(${t.key.map((k) => `${row}.${quote(k)}`).join(", ")})`;

/** Triggers logging every change to the journal's rows on the source into journal_move_log (before the copy). */
export async function startLog(move: Move): Promise<void> {
  const tables = await moveTables(move.source);
  const j = move.journalId;
  const log = (t: MoveTable, row: "NEW" | "OLD") =>
    `INSERT INTO journal_move_log (moving_journal, tbl, key) VALUES (${j}, '${t.name}', ${keyJson(t, row)});`;
  const statements = tables.flatMap((t) => [
    `CREATE TRIGGER IF NOT EXISTS ${triggerName(j, t.name, "log_insert")} AFTER INSERT ON ${quote(t.name)} WHEN ${t.rowScope("NEW", j)} BEGIN ${log(t, "NEW")} END`,
    `CREATE TRIGGER IF NOT EXISTS ${triggerName(j, t.name, "log_update")} AFTER UPDATE ON ${quote(t.name)} WHEN ${t.rowScope("NEW", j)} OR ${t.rowScope("OLD", j)} BEGIN ${log(t, "OLD")} ${log(t, "NEW")} END`,
    // A cascade deletes articles' children after their article: log them by journal of OLD where it is still known.
    `CREATE TRIGGER IF NOT EXISTS ${triggerName(j, t.name, "log_delete")} AFTER DELETE ON ${quote(t.name)} WHEN ${t.rowScope("OLD", j)} BEGIN ${log(t, "OLD")} END`,
  ]);
  await move.source.batch(statements.map((s) => move.source.prepare(s)));
}

/** From now on a write to the journal's rows on the source fails with 'journal_moving' (the Worker answers 503). */
async function installFreeze(move: Move): Promise<void> {
  const tables = await moveTables(move.source);
  const j = move.journalId;
  const raise = "SELECT RAISE(ABORT, 'journal_moving');";
  const statements = tables.flatMap((t) => [
    `CREATE TRIGGER IF NOT EXISTS ${triggerName(j, t.name, "freeze_insert")} BEFORE INSERT ON ${quote(t.name)} WHEN ${t.rowScope("NEW", j)} BEGIN ${raise} END`,
    `CREATE TRIGGER IF NOT EXISTS ${triggerName(j, t.name, "freeze_update")} BEFORE UPDATE ON ${quote(t.name)} WHEN ${t.rowScope("NEW", j)} OR ${t.rowScope("OLD", j)} BEGIN ${raise} END`,
    `CREATE TRIGGER IF NOT EXISTS ${triggerName(j, t.name, "freeze_delete")} BEFORE DELETE ON ${quote(t.name)} WHEN ${t.rowScope("OLD", j)} BEGIN ${raise} END`,
  ]);
  await move.source.batch(statements.map((s) => move.source.prepare(s)));
}

/** Drops every trigger of this journal's move on the source (writes resume there). */
export async function dropTriggers(source: MoveDb, journalId: number): Promise<void> {
  const names = (
    await source
      .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE ? ESCAPE '\\'")
      .bind(`journal\\_move\\_${journalId}\\_%`)
      .all<{ name: string }>()
  ).results.map((r) => r.name);
  if (names.length) await source.batch(names.map((n) => source.prepare(`DROP TRIGGER IF EXISTS ${quote(n)}`)));
}

// ---- Copy ---------------------------------------------------------------------------------------------------------

/**
 * Statements writing new rows (values in `t.columns` order) into `t`, each within D1's 100 bound parameters:
 * `INSERT OR IGNORE`, so a chunk copied again (a retried step) leaves the rows already there. Never a REPLACE (which
 * deletes first, cascading to the row's children) nor an upsert (its conflict rule overrides the `INSERT OR IGNORE`
 * of the articles' search triggers, which then fail on a term already listed).
 */
function inserts(db: MoveDb, t: MoveTable, rows: unknown[][]): MoveStatement[] {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / t.columns.length));
  const cols = t.columns.map(quote).join(", ");
  const one = `(${t.columns.map(() => "?").join(", ")})`;
  const out: MoveStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const part = rows.slice(i, i + perStatement);
    out.push(db.prepare(`INSERT OR IGNORE INTO ${quote(t.name)} (${cols}) VALUES ${part.map(() => one).join(", ")}`).bind(...part.flat()));
  }
  return out;
}

/** Statements making the target's row equal to the source's: an UPDATE of the row if it is there, else its insert. */
function syncs(db: MoveDb, t: MoveTable, row: unknown[]): MoveStatement[] {
  const value = new Map(t.columns.map((c, i) => [c, row[i]]));
  const set = t.columns.filter((c) => !t.key.includes(c));
  const where = t.key.map((k) => `${quote(k)} = ?`).join(" AND ");
  return [
    ...(set.length
      ? [
          db
            .prepare(`UPDATE ${quote(t.name)} SET ${set.map((c) => `${quote(c)} = ?`).join(", ")} WHERE ${where}`)
            .bind(...set.map((c) => value.get(c)), ...t.key.map((k) => value.get(k))),
        ]
      : []),
    ...inserts(db, t, [row]),
  ];
}

async function inBatches(db: MoveDb, statements: MoveStatement[]): Promise<void> {
  for (let i = 0; i < statements.length; i += BATCH_STATEMENTS) await db.batch(statements.slice(i, i + BATCH_STATEMENTS));
}

/** Revoked admin tokens carry no journal: all of the source's are copied, so no signed-out session wakes up. */
async function copyRevokedTokens(move: Move): Promise<void> {
  const t: MoveTable = {
    name: "revoked_tokens",
    columns: ["jti", "expires_at"],
    key: ["jti"],
    rowid: true,
    scope: "1",
    rowScope: () => "1",
    keyedByJournal: false,
  };
  let after = 0;
  for (;;) {
    const rows = (
      await move.source
        .prepare("SELECT rowid AS r, jti, expires_at FROM revoked_tokens WHERE rowid > ? AND expires_at > ? ORDER BY rowid LIMIT 500")
        .bind(after, nowIso())
        .all<{ r: number; jti: string; expires_at: string }>()
    ).results;
    if (rows.length === 0) return;
    await inBatches(
      move.target,
      inserts(
        move.target,
        t,
        rows.map((r) => [r.jti, r.expires_at]),
      ),
    );
    after = rows[rows.length - 1].r;
  }
}

/**
 * Copies up to `budget` rows from `cursor` on (the journal's row copy first when the cursor is at the start), and
 * records the progress. Answers where to go on, or null when every table is copied. Safe to run again from the same
 * cursor (a retried step): rows already there are written again with the same values.
 */
export async function copyChunk(
  move: Move,
  cursor: CopyCursor | null,
  budget = CHUNK_ROWS,
): Promise<{ cursor: CopyCursor | null; copied: number }> {
  const tables = await moveTables(move.source);
  let at = cursor ?? { table: 0, after: 0 };
  if (!cursor) {
    if (move.to !== PLATFORM) await copyJournalRowBetween(move.platform, move.target, move.journalId);
    await copyRevokedTokens(move);
  }
  // The row copy counts as one of the journal's rows.
  let copied = cursor ? 0 : 1;
  while (at.table < tables.length && copied < budget) {
    const t = tables[at.table];
    const limit = Math.min(500, budget - copied);
    const cols = t.columns.map(quote).join(", ");
    const rows = t.rowid
      ? await move.source
          .prepare(`SELECT rowid AS __move_rowid, ${cols} FROM ${quote(t.name)} WHERE ${t.scope} AND rowid > ? ORDER BY rowid LIMIT ?`)
          .bind(move.journalId, at.after, limit)
          .all<Record<string, unknown>>()
      : await move.source
          .prepare(`SELECT ${cols} FROM ${quote(t.name)} WHERE ${t.scope} ORDER BY ${orderOf(t)} LIMIT ? OFFSET ?`)
          .bind(move.journalId, limit, at.after)
          .all<Record<string, unknown>>();
    const list = rows.results;
    if (list.length > 0) {
      const writes = inserts(
        move.target,
        t,
        list.map((r) => t.columns.map((c) => r[c])),
      );
      try {
        await inBatches(move.target, writes);
      } catch (err) {
        // A parent made after its table was copied (a new section, then an article in it): it is in the log.
        if (!/FOREIGN KEY/i.test(String((err as Error)?.message ?? err))) throw err;
        // Only the tables copied so far: the others' rows come with the copy.
        const copiedTables = tables.slice(0, at.table).map((x) => x.name);
        for (let round = 0; round < 20 && (await catchUpRound(move, 500, copiedTables)).left > 0; round++);
        await inBatches(move.target, writes);
      }
    }
    copied += list.length;
    if (list.length < limit) at = { table: at.table + 1, after: 0 };
    else at = { table: at.table, after: t.rowid ? Number(list[list.length - 1].__move_rowid) : at.after + list.length };
  }
  await move.platform
    .prepare("UPDATE journal_moves SET rows_copied = rows_copied + ?, progress_at = ? WHERE id = ?")
    .bind(copied, nowIso(), move.id)
    .run();
  return { cursor: at.table < tables.length ? at : null, copied };
}

// ---- Catch up -----------------------------------------------------------------------------------------------------

/**
 * One round of re-syncing the changes logged on the source: each changed row (by table and key, once) is read from
 * the source and written to the target, or deleted there when gone. Answers how many were applied and how many
 * log entries are left.
 */
export async function catchUpRound(move: Move, limit = 500, onlyTables?: string[]): Promise<{ applied: number; left: number }> {
  const ordered = await moveTables(move.source);
  const tables = new Map(ordered.map((t) => [t.name, t]));
  const rank = new Map(ordered.map((t, i) => [t.name, i]));
  const only = onlyTables ? ` AND tbl IN (${onlyTables.map(() => "?").join(", ")})` : "";
  const entries = (
    await move.source
      .prepare(`SELECT id, tbl, key FROM journal_move_log WHERE moving_journal = ?${only} ORDER BY id LIMIT ?`)
      .bind(move.journalId, ...(onlyTables ?? []), limit)
      .all<{ id: number; tbl: string; key: string }>()
  ).results;
  if (entries.length === 0) return { applied: 0, left: 0 };
  // Once per row, in the order of its last change.
  const last = new Map<string, { tbl: string; key: unknown[] }>();
  for (const e of entries) {
    const id = `${e.tbl}\u0000${e.key}`;
    last.delete(id);
    last.set(id, { tbl: e.tbl, key: JSON.parse(e.key) as unknown[] });
  }
  const changed = [...last.values()].filter((c) => tables.has(c.tbl));
  const reads = changed.map((c) => {
    const t = tables.get(c.tbl)!;
    return move.source
      .prepare(`SELECT ${t.columns.map(quote).join(", ")} FROM ${quote(t.name)} WHERE ${t.key.map((k) => `${quote(k)} = ?`).join(" AND ")}`)
      .bind(...c.key);
  });
  const found: { results: Record<string, unknown>[] }[] = [];
  for (let i = 0; i < reads.length; i += BATCH_STATEMENTS)
    found.push(...((await move.source.batch(reads.slice(i, i + BATCH_STATEMENTS))) as { results: Record<string, unknown>[] }[]));
  // Deletes first, children before parents (frees unique keys a new row takes); then updates and inserts, parents first (their
  // foreign keys); within a table, in the order of the changes.
  const gone = changed.map((c, i) => ({ ...c, row: found[i]?.results[0] })).filter((c) => !c.row);
  const present = changed.map((c, i) => ({ ...c, row: found[i]?.results[0] })).filter((c) => c.row);
  const byRank = (a: { tbl: string }, b: { tbl: string }) => rank.get(a.tbl)! - rank.get(b.tbl)!;
  const writes: MoveStatement[] = [
    ...gone
      .sort((a, b) => byRank(b, a))
      .map((c) => {
        const t = tables.get(c.tbl)!;
        return move.target
          .prepare(`DELETE FROM ${quote(t.name)} WHERE ${t.key.map((k) => `${quote(k)} = ?`).join(" AND ")}`)
          .bind(...c.key);
      }),
    ...present.sort(byRank).flatMap((c) => {
      const t = tables.get(c.tbl)!;
      return syncs(
        move.target,
        t,
        t.columns.map((col) => c.row![col]),
      );
    }),
  ];
  await inBatches(move.target, writes);
  const upTo = entries[entries.length - 1].id;
  await move.source
    .prepare(`DELETE FROM journal_move_log WHERE moving_journal = ?${only} AND id <= ?`)
    .bind(move.journalId, ...(onlyTables ?? []), upTo)
    .run();
  await touch(move);
  const left = await move.source
    .prepare(`SELECT count(*) AS n FROM journal_move_log WHERE moving_journal = ?${only}`)
    .bind(move.journalId, ...(onlyTables ?? []))
    .first<{ n: number }>();
  return { applied: changed.length, left: Number(left?.n ?? 0) };
}

/** Rounds of catch-up while writes still run, until the log is small (or `maxRounds`). */
export async function catchUp(move: Move, maxRounds = 20): Promise<number> {
  await setState(move, "catching_up");
  let applied = 0;
  for (let round = 0; round < maxRounds; round++) {
    const r = await catchUpRound(move);
    applied += r.applied;
    if (r.left < SMALL_LOG) break;
  }
  return applied;
}

/**
 * Writes to the journal stop on the source; the rest of the log is applied. Answers the moment writes stopped
 * (`since`: when a resumed move's writes already stopped, so its pause is measured from then).
 */
export async function freeze(move: Move, since?: string): Promise<string> {
  await installFreeze(move);
  const frozenAt = since || nowIso();
  await setState(move, "frozen", { frozen_at: frozenAt });
  // Nothing new can be logged now: bounded by the log's size.
  for (let round = 0; round < 10_000; round++) {
    const r = await catchUpRound(move);
    if (r.left === 0) break;
  }
  await copyRevokedTokens(move);
  return frozenAt;
}

// ---- Verify -------------------------------------------------------------------------------------------------------

/** Row count and SHA-256 over the journal's rows of one table, read in key order. */
async function digestOf(db: MoveDb, t: MoveTable, journalId: number): Promise<{ rows: number; sha256: string }> {
  const cols = t.columns.map(quote).join(", ");
  const order = t.key.map(quote).join(", ");
  let digest = new Uint8Array(0);
  let rows = 0;
  for (let offset = 0; ; offset += 1000) {
    const page = (
      await db
        .prepare(`SELECT ${cols} FROM ${quote(t.name)} WHERE ${t.scope} ORDER BY ${order} LIMIT 1000 OFFSET ?`)
        .bind(journalId, offset)
        .all<Record<string, unknown>>()
    ).results;
    if (page.length === 0) break;
    rows += page.length;
    const text = JSON.stringify(page.map((r) => t.columns.map((c) => r[c])));
    const bytes = new TextEncoder().encode(text);
    const joined = new Uint8Array(digest.length + bytes.length);
    joined.set(digest);
    joined.set(bytes, digest.length);
    digest = new Uint8Array(await crypto.subtle.digest("SHA-256", joined));
    if (page.length < 1000) break;
  }
  return { rows, sha256: [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") };
}

export interface TableCheck {
  table: string;
  source: number;
  target: number;
  same: boolean;
}

/** Compares every table of the journal on both databases; throws (naming the tables) when any differs. */
export async function verify(move: Move): Promise<TableCheck[]> {
  await setState(move, "verifying");
  const checks: TableCheck[] = [];
  for (const t of await moveTables(move.source)) {
    const [a, b] = await Promise.all([digestOf(move.source, t, move.journalId), digestOf(move.target, t, move.journalId)]);
    checks.push({ table: t.name, source: a.rows, target: b.rows, same: a.rows === b.rows && a.sha256 === b.sha256 });
    await touch(move);
  }
  const differ = checks.filter((c) => !c.same);
  if (differ.length)
    throw new Error(`the copy differs from the source in ${differ.map((c) => `${c.table} (${c.source} / ${c.target} rows)`).join(", ")}`);
  return checks;
}

// ---- Switch, clean up, abort --------------------------------------------------------------------------------------

/** journals.shard becomes the target (only if still the source) and the content version moves (edge cache keys). */
export async function switchShard(move: Move, frozenAt?: string): Promise<void> {
  if (move.to !== PLATFORM) await copyJournalRowBetween(move.platform, move.target, move.journalId);
  const r = await move.platform
    .prepare("UPDATE journals SET shard = ?, content_version = content_version + 1 WHERE id = ? AND shard = ?")
    .bind(move.to, move.journalId, move.from)
    .run();
  if (changesOf(r) !== 1) {
    const now = await move.platform.prepare("SELECT shard FROM journals WHERE id = ?").bind(move.journalId).first<{ shard: string }>();
    if (now?.shard !== move.to) throw new Error(`journal ${move.journalId} is no longer in ${move.from} (now ${now?.shard ?? "deleted"})`);
  }
  const row = await moveById(move.platform, move.id);
  const from = Date.parse(frozenAt ?? row?.frozen_at ?? "");
  const switchedAt = nowIso();
  await setState(move, "switched", { switched_at: switchedAt, paused_ms: Number.isFinite(from) ? Date.parse(switchedAt) - from : 0 });
}

/** Every row of a journal in a journal database (not the platform's: its row there is the journal), its row copy
 * included: a move's leftovers, or a test's journal. */
export async function deleteJournalRows(db: MoveDb, journalId: number): Promise<number> {
  return purgeJournal(db, await moveTables(db), journalId, true);
}

/** Deletes the journal's rows of `tables` from `db`, children first, in bounded batches; then its row copy. */
async function purgeJournal(db: MoveDb, tables: MoveTable[], journalId: number, dropRowCopy: boolean): Promise<number> {
  let deleted = 0;
  const clear = async (t: MoveTable) => {
    for (;;) {
      const sel = t.rowid
        ? `rowid IN (SELECT rowid FROM ${quote(t.name)} WHERE ${t.scope} LIMIT 500)`
        : `(${t.key.map(quote).join(", ")}) IN (SELECT ${t.key.map(quote).join(", ")} FROM ${quote(t.name)} WHERE ${t.scope} LIMIT 500)`;
      const n = changesOf(
        await db
          .prepare(`DELETE FROM ${quote(t.name)} WHERE ${sel}`)
          .bind(journalId)
          .run(),
      );
      deleted += n;
      if (n === 0) return;
    }
  };
  for (const t of [...tables].reverse()) await clear(t);
  // Deleting published articles records OAI tombstones (a trigger): those are this journal's too.
  for (const t of tables.filter((x) => x.name === "oai_deleted_records")) await clear(t);
  await db.prepare("DELETE FROM journal_move_log WHERE moving_journal = ?").bind(journalId).run();
  if (dropRowCopy) await db.prepare("DELETE FROM journals WHERE id = ?").bind(journalId).run();
  return deleted;
}

/**
 * After the switch and the memo bound (other isolates may read the source until they re-read journals.shard):
 * the journal's rows leave the source, then its row copy and the move's triggers. Refused earlier than `boundMs`
 * after the switch.
 */
export async function cleanup(move: Move, boundMs: number, now = Date.now()): Promise<number> {
  const row = await moveById(move.platform, move.id);
  if (!row?.switched_at) throw new Error("the journal has not switched databases yet");
  const wait = Date.parse(row.switched_at) + boundMs - now;
  if (wait > 0) throw new Error(`the source's rows are still read for ${Math.ceil(wait / 1000)} s`);
  await setState(move, "cleaning");
  await dropTriggers(move.source, move.journalId);
  const deleted = await purgeJournal(move.source, await moveTables(move.source), move.journalId, move.from !== PLATFORM);
  await setState(move, "done", { finished_at: nowIso() });
  return deleted;
}

/**
 * Opens or closes a journal database to new journals (shard_states); 409 last_open_database when closing would
 * leave none open (new journals would have nowhere to go).
 */
export async function setDatabaseOpen(
  platform: MoveDb,
  name: string,
  open: boolean,
  journalDatabases: string[],
  by: string,
): Promise<void> {
  if (!open) {
    const closed = (await platform.prepare("SELECT name FROM shard_states WHERE accepts_new = 0").all<{ name: string }>()).results.map(
      (r) => r.name,
    );
    if (journalDatabases.every((d) => d === name || closed.includes(d))) throw new HttpError(409, "last_open_database");
  }
  await platform
    .prepare(
      "INSERT INTO shard_states (name, accepts_new, note, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET accepts_new = excluded.accepts_new, note = excluded.note, updated_at = excluded.updated_at",
    )
    .bind(name, open ? 1 : 0, `${open ? "opened" : "closed"} by ${by}`, nowIso())
    .run();
}

/** A move that could not even start (its Workflow refused): recorded as failed, with why. */
export async function failMove(platform: MoveDb, id: number, reason: string): Promise<void> {
  await platform
    .prepare("UPDATE journal_moves SET state = 'failed', error = ?, finished_at = ? WHERE id = ?")
    .bind(reason.slice(0, 500), nowIso(), id)
    .run();
}

/** Before the switch: undo the move (writes resume on the source, the target's copy goes) and record why. */
export async function abortMove(move: Move, reason: string): Promise<void> {
  const row = await moveById(move.platform, move.id);
  if (row && ["switched", "cleaning", "done"].includes(row.state))
    throw new Error("the journal has switched databases: it cannot be aborted");
  await dropTriggers(move.source, move.journalId);
  await purgeJournal(move.target, await moveTables(move.source), move.journalId, move.to !== PLATFORM);
  await setState(move, "failed", { error: reason.slice(0, 500), finished_at: nowIso() });
}

// ---- The whole move, in one process (the script, tests) -----------------------------------------------------------

export interface RunOptions {
  /** How long after the switch the source's rows are kept (the memo bound). */
  boundMs: number;
  log?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** After the switch (the Worker forgets its memos here). */
  afterSwitch?: () => void;
}

/** Where a recorded move goes on from: the phases in order (a resumed move redoes the one it stopped in). */
const PHASE_ORDER: MoveState[] = ["copying", "catching_up", "frozen", "verifying", "switched", "cleaning"];

/** A resumed copy starts over (the cursor lived in the dead runner): its count starts over too. */
export async function restartCopy(move: Move): Promise<void> {
  await move.platform.prepare("UPDATE journal_moves SET rows_copied = 0, progress_at = ? WHERE id = ?").bind(nowIso(), move.id).run();
}

/** How long the source must still keep its rows after the switch: what is left of the memo bound. */
export function boundLeft(row: Pick<MoveRow, "switched_at">, boundMs: number, now = Date.now()): number {
  return Math.max(0, Date.parse(row.switched_at) + boundMs - now);
}

/** Runs every phase of a planned move; before the switch any failure aborts it (and is thrown). */
export async function runMove(move: Move, opts: RunOptions): Promise<MoveRow> {
  return continueMove(move, opts);
}

/**
 * Runs the phases left of a recorded move, from the one its row says (docs/decisions/0306): a new move from the
 * copy; a resumed one from where its runner died. Each phase can run again: the log's triggers are created if
 * missing, the copy writes `INSERT OR IGNORE` and the catch-up re-syncs every row changed since the log began, the
 * freeze's triggers are created if missing, the checksum is read again, the switch changes journals.shard only from
 * the old value, the clean-up deletes what is left. Before the switch any failure undoes the move (and is thrown).
 */
export async function continueMove(move: Move, opts: RunOptions): Promise<MoveRow> {
  const log = opts.log ?? (() => {});
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const row = await moveById(move.platform, move.id);
  if (!row) throw new Error(`journal move ${move.id} does not exist`);
  if (row.state === "done" || row.state === "failed") return row;
  const at = PHASE_ORDER.indexOf(row.state);
  if (at < PHASE_ORDER.indexOf("switched")) {
    try {
      if (at <= 0) {
        await startLog(move);
        if (row.rows_copied > 0) await restartCopy(move);
        log(`copy: ${move.from} → ${move.to}`);
        let cursor: CopyCursor | null = null;
        let copied = 0;
        do {
          const r = await copyChunk(move, cursor);
          cursor = r.cursor;
          copied += r.copied;
          log(`copy: ${copied} rows`);
        } while (cursor);
      }
      if (at <= 1) log(`catch up: ${await catchUp(move)} changed rows re-synced`);
      const frozenAt = at <= 2 ? await freeze(move, row.frozen_at) : row.frozen_at;
      if (at <= 2) log("freeze: writes paused, log drained");
      const checks = await verify(move);
      log(`verify: ${checks.length} tables, ${checks.reduce((n, c) => n + c.target, 0)} rows identical`);
      await switchShard(move, frozenAt);
      opts.afterSwitch?.();
    } catch (err) {
      const reason = (err as Error)?.message ?? String(err);
      log(`failed: ${reason}; undoing`);
      await abortMove(move, reason);
      throw err;
    }
    const switched = (await moveById(move.platform, move.id))!;
    log(`switch: journal ${move.journalId} now in ${move.to} (writes paused ${switched.paused_ms} ms)`);
  }
  const switched = (await moveById(move.platform, move.id))!;
  const wait = boundLeft(switched, opts.boundMs);
  if (wait > 0) {
    log(`waiting ${Math.ceil(wait / 1000)} s for every isolate to re-read the journal's database`);
    // In slices, with a heartbeat between them: a waiting runner is not a dead one (the console's quiet time).
    for (let left = wait + 1000; left > 0; left -= HEARTBEAT_MS) {
      await sleep(Math.min(left, HEARTBEAT_MS));
      await touch(move);
    }
  }
  log(`clean up: ${await cleanup(move, opts.boundMs)} row deletions in ${move.from} (search index entries included)`);
  return (await moveById(move.platform, move.id))!;
}

/** Journals per database and the databases closed to new journals (the console's list of databases). */
export async function databaseCounts(platform: MoveDb): Promise<{ counts: { shard: string; n: number }[]; closed: { name: string }[] }> {
  const [counts, closed] = await Promise.all([
    platform.prepare("SELECT shard, count(*) AS n FROM journals GROUP BY shard").all<{ shard: string; n: number }>(),
    platform.prepare("SELECT name FROM shard_states WHERE accepts_new = 0").all<{ name: string }>(),
  ]);
  return { counts: counts.results, closed: closed.results };
}

/** Where a journal is (null: no such journal). */
export async function journalShard(platform: MoveDb, journalId: number): Promise<{ id: number; shard: string } | null> {
  return platform.prepare("SELECT id, shard FROM journals WHERE id = ?").bind(journalId).first<{ id: number; shard: string }>();
}
