// Which D1 database holds what (issue 42, docs/decisions/0240). The platform database (binding DB) holds the journals
// with their settings, their hosts, the operators, the platform's audit and the shard map (journals.shard); each
// journal's own rows (archive, editors, staff, workflow, usage, ...) live in one journal database, a binding named
// JOURNALS_<n>, or in DB itself for journals made before shards existed. Only the data layer picks a database:
// requests get theirs from the request context and resolveJournal (c.var.db, c.var.platformDb); work outside requests
// (cron, queue, Durable Object, Workflow, scripts) asks journalDatabase() below.
import { drizzle } from "drizzle-orm/d1";
import { eq, sql } from "drizzle-orm";
import * as schema from "./schema";
import type { Db, ShardMap } from "../env";
import { STALE_BOUND_MS } from "../edge/freshness";
import type { BatchItem } from "drizzle-orm/batch";
import { copyJournalRowBetween } from "./journal-row-copy";

/** The platform database's binding; also the shard of journals made before journal databases existed. */
export const PLATFORM_DATABASE = "DB";
const JOURNAL_DATABASE = /^JOURNALS_(\d{1,4})$/;

/** What the data layer needs of the Worker's bindings: D1 databases by binding name. */
export type Databases = { DB: D1Database };
const bindingsOf = (env: Databases) => env as unknown as Record<string, unknown>;

/** The journal databases this deployment binds (JOURNALS_1, JOURNALS_2, ... in number order). */
export function journalDatabaseNames(env: Databases): string[] {
  return Object.keys(env)
    .filter((k) => JOURNAL_DATABASE.test(k) && isD1(bindingsOf(env)[k]))
    .sort((a, b) => Number(JOURNAL_DATABASE.exec(a)![1]) - Number(JOURNAL_DATABASE.exec(b)![1]));
}

/** Every database a journal may live in: the journal databases, and the platform database. */
export const shardNames = (env: Databases): string[] => [...journalDatabaseNames(env), PLATFORM_DATABASE];

export const isShardName = (env: Databases, name: string): boolean => shardNames(env).includes(name);

function isD1(v: unknown): v is D1Database {
  return (
    typeof v === "object" && v !== null && typeof (v as D1Database).prepare === "function" && typeof (v as D1Database).batch === "function"
  );
}

/** The D1 binding of a shard; a name the deployment does not bind is a configuration error, said plainly. */
export function bindingOf(env: Databases, shard: string): D1Database {
  const binding = bindingsOf(env)[shard];
  if ((shard !== PLATFORM_DATABASE && !JOURNAL_DATABASE.test(shard)) || !isD1(binding))
    throw new Error(`journal database ${JSON.stringify(shard)} is not bound to this Worker (wrangler.toml d1_databases)`);
  return binding;
}

export const drizzleOf = (binding: D1Database): Db => drizzle(binding, { schema });

/** The platform database, outside requests. */
export const platformDatabase = (env: Databases): Db => drizzleOf(env.DB);

export function shardMapOf(env: Databases): ShardMap {
  return {
    names: shardNames(env),
    forNewJournal: () => shardForNewJournal(env),
    copyJournalRow: (journalId, shard) => copyJournalRow(env, journalId, shard),
    sizes: () => Promise.all(shardNames(env).map(async (name) => ({ name, bytes: await databaseSize(bindingOf(env, name)) }))),
  };
}

interface ShardEntry {
  shard: string;
  readAt: number;
}
const shardOfJournal = new Map<number, ShardEntry>();

/** The shard of a journal, from this isolate's memory when read less than STALE_BOUND_MS ago (as the host memo), else
 * from the platform database. Undefined: no such journal. */
export async function shardOf(env: Databases, journalId: number, now = Date.now()): Promise<string | undefined> {
  const hit = shardOfJournal.get(journalId);
  if (hit && now - hit.readAt < STALE_BOUND_MS) return hit.shard;
  const [row] = await platformDatabase(env)
    .select({ shard: schema.journals.shard })
    .from(schema.journals)
    .where(eq(schema.journals.id, journalId))
    .limit(1);
  if (!row) return undefined;
  if (shardOfJournal.size > 5000) shardOfJournal.clear();
  shardOfJournal.set(journalId, { shard: row.shard, readAt: now });
  return row.shard;
}

/** After a journal moved (or was made): forget its remembered shard in this isolate. */
export const forgetShard = (journalId?: number): void => {
  if (journalId === undefined) shardOfJournal.clear();
  else shardOfJournal.delete(journalId);
};

/** The database of a journal's rows, outside requests (cron, queues, Durable Objects, Workflows, scripts). */
export async function journalDatabase(env: Databases, journalId: number): Promise<Db> {
  const shard = await shardOf(env, journalId);
  if (shard === undefined) throw new Error(`journal ${journalId} does not exist`);
  return drizzleOf(bindingOf(env, shard));
}

/** A database's size in bytes, as D1 reports it (the figure its 10 GB limit is checked against). */
export async function databaseSize(binding: D1Database): Promise<number> {
  const r = await binding.prepare("SELECT 1 AS one").run();
  return Number(r.meta.size_after ?? 0);
}

/**
 * Where a new journal goes: the smallest open journal database (by D1's size, then by fewer journals). A deployment
 * with no JOURNALS_n binding keeps every journal in the platform database, as before shards.
 */
export async function shardForNewJournal(env: Databases): Promise<string> {
  const names = journalDatabaseNames(env);
  if (names.length === 0) return PLATFORM_DATABASE;
  const platform = platformDatabase(env);
  const [closed, counts] = await Promise.all([
    platform.select().from(schema.shardStates),
    platform.select({ shard: schema.journals.shard, n: sql<number>`count(*)` }).from(schema.journals).groupBy(schema.journals.shard),
  ]);
  const open = names.filter((n) => !closed.some((s) => s.name === n && !s.acceptsNew));
  if (open.length === 0) throw new Error("every journal database is closed to new journals (console → Databases)");
  const sized = await Promise.all(
    open.map(async (name) => ({
      name,
      size: await databaseSize(bindingOf(env, name)),
      journals: Number(counts.find((c) => c.shard === name)?.n ?? 0),
    })),
  );
  sized.sort((a, b) => a.size - b.size || a.journals - b.journals || names.indexOf(a.name) - names.indexOf(b.name));
  return sized[0].name;
}

type Statement = BatchItem<"sqlite">;

/**
 * A write that touches the journal's authoritative row (platform database) and its own rows (the audit event, in the
 * journal's database): one atomic batch when both are one database (journals still in DB), else the platform's batch
 * first, then the journal's. D1 has no transaction across databases (docs/decisions/0240): when the journal's batch
 * fails, `undo` (statements putting the platform's rows back as they were) runs on the platform database and the
 * error goes on, so the admin is told of a failure only when nothing changed. Answers the platform's results.
 */
export async function batchAcross(
  platformDb: Db,
  journalDb: Db,
  onPlatform: Statement[],
  onJournal: Statement[],
  undo: Statement[] = [],
  /** After an error: did the batch commit all the same (its answer lost on the way)? Then the write goes on. */
  committed: { platform?: () => Promise<boolean>; journal?: () => Promise<boolean> } = {},
): Promise<unknown[]> {
  type Batch = [Statement, ...Statement[]];
  if (platformDb === journalDb) {
    const all = await platformDb.batch([...onPlatform, ...onJournal] as Batch);
    return all.slice(0, onPlatform.length);
  }
  let results: unknown[] = [];
  try {
    results = onPlatform.length ? await platformDb.batch(onPlatform as Batch) : [];
  } catch (err) {
    if (!(await committed.platform?.().catch(() => false))) throw err;
  }
  try {
    if (onJournal.length) await journalDb.batch(onJournal as Batch);
  } catch (err) {
    if (await committed.journal?.().catch(() => false)) return results;
    if (undo.length) await platformDb.batch(undo as Batch);
    throw err;
  }
  return results;
}

/**
 * Writes (or refreshes) the copy of a journal's row in its journal database: the journal's rows there have foreign
 * keys to journals(id). The copy is never read for the journal's settings — the platform's row is the journal — so it
 * is written when the journal is made, restored or moved, not on every settings save. An upsert, never a REPLACE
 * (which would delete the row first and cascade to every row of the journal).
 */
export async function copyJournalRow(env: Databases, journalId: number, shard?: string): Promise<void> {
  const row = await env.DB.prepare("SELECT shard FROM journals WHERE id = ?").bind(journalId).first<{ shard: string }>();
  if (!row) throw new Error(`journal ${journalId} does not exist`);
  const target = shard ?? row.shard;
  if (target === PLATFORM_DATABASE) return;
  await copyJournalRowBetween(env.DB, bindingOf(env, target), journalId);
}
