// /api/platform/journals/{id}/move: the console moves a journal to another journal database (issue 42 item 3,
// docs/decisions/0280). POST checks the move and records it (refusals before anything is written), then starts the
// Workflow that runs it (journal-move-workflow.ts); GET answers where the journal is, every database's size and
// journal count, and the latest move's progress.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { limitJsonBody } from "../core/middleware/body-size";
import { mountedAt } from "../core/routing/declared";
import { platformApi } from "#contract/routes/platform";
import { databaseStateSchema, moveRequestSchema, type DatabaseSummary, type MoveAnswer, type MoveProgress } from "#contract/journal-move";
import {
  claimResume,
  databaseCounts,
  failMove,
  isStalled,
  journalShard,
  lastProgressOf,
  latestMove,
  MOVE_RUNNING_STATES,
  planMove,
  setDatabaseOpen,
  type MoveRow,
} from "./journal-move.repo";
import { moveInstanceId, runnerActive, startResume } from "./journal-move-workflow";
import { operatorActorOf } from "./operator-guard";
import { operatorEvent } from "./operator-events.repo";

const at = mountedAt("/api/platform/journals");
type Ctx = Context<AppEnv>;

const idParam = (c: Ctx) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
  return id;
};

/**
 * A move the console may resume (docs/decisions/0306): running, and either without progress for STALL_MS, or its
 * Workflow instance no longer at work and quiet for QUIET_MS (a script's move has no instance: the quiet time keeps
 * a running script from being raced; it writes its heartbeat at least every 10 s, its waits included).
 */
const QUIET_MS = 45_000;
async function resumable(c: Ctx, m: MoveRow, now = Date.now()): Promise<boolean> {
  if (!MOVE_RUNNING_STATES.includes(m.state)) return false;
  if (isStalled(m, now)) return true;
  return now - Date.parse(lastProgressOf(m)) > QUIET_MS && !(await runnerActive({ JOURNAL_MOVE: c.var.journalMoves.runner }, m));
}

export const progressOf = (m: MoveRow, canResume = false): MoveProgress => ({
  id: m.id,
  from: m.from_shard,
  to: m.to_shard,
  state: m.state,
  rowsCopied: Number(m.rows_copied),
  rowsTotal: Number(m.rows_total),
  startedAt: m.started_at,
  switchedAt: m.switched_at,
  finishedAt: m.finished_at,
  pausedMs: Number(m.paused_ms),
  error: m.error,
  operator: m.operator,
  progressAt: lastProgressOf(m),
  resumes: Number(m.resumes ?? 0),
  resumable: canResume,
});

/** Every database a journal may be in, with D1's size, its journal count and whether it takes new journals. */
async function databasesOf(c: Ctx): Promise<DatabaseSummary[]> {
  const [sizes, { counts, closed }] = await Promise.all([c.var.shards.sizes(), databaseCounts(c.var.journalMoves.platform)]);
  return sizes
    .filter((s) => s.name !== "DB" || counts.some((r) => r.shard === "DB"))
    .map((s) => ({
      name: s.name,
      bytes: s.bytes,
      journals: Number(counts.find((r) => r.shard === s.name)?.n ?? 0),
      acceptsNew: s.name !== "DB" && !closed.some((r) => r.name === s.name),
    }));
}

async function answer(c: Ctx, journalId: number): Promise<MoveAnswer> {
  const journal = await journalShard(c.var.journalMoves.platform, journalId);
  if (!journal) throw new HttpError(404, "not_found");
  const [databases, move] = await Promise.all([databasesOf(c), latestMove(c.var.journalMoves.platform, journalId)]);
  return { journal, databases, move: move ? progressOf(move, await resumable(c, move)) : null };
}

export const journalMovePlatformRoutes = new Hono<AppEnv>()
  .get(at(platformApi.journalMove), async (c) => c.json(await answer(c, idParam(c))))
  .post(at(platformApi.moveJournal), limitJsonBody, jsonContent, jsonBodyFirstCode(moveRequestSchema), async (c) => {
    const journalId = idParam(c);
    const { to } = c.req.valid("json");
    const actor = operatorActorOf(c);
    const { platform, journalDatabases, databaseOf, runner } = c.var.journalMoves;
    const move = await planMove({ journalId, to, operator: actor.username, platform, journalDatabases, databaseOf });
    await c.get("db").batch([
      operatorEvent(c.get("db"), actor, {
        action: "journal.move",
        journalId,
        summary: `${move.from} → ${move.to}`,
        before: { shard: move.from },
        after: { shard: move.to },
      }),
    ]);
    try {
      await runner.create({ id: moveInstanceId({ id: move.id, resumes: 0 }), params: { moveId: move.id } });
    } catch (err) {
      await failMove(platform, move.id, `the move could not be started: ${(err as Error)?.message ?? err}`);
      throw err;
    }
    return c.json(await answer(c, journalId), 202);
  })
  .post(at(platformApi.resumeMove), async (c) => {
    const journalId = idParam(c);
    const { platform, runner } = c.var.journalMoves;
    const move = await latestMove(platform, journalId);
    if (!move || !MOVE_RUNNING_STATES.includes(move.state)) throw new HttpError(409, "no_move_to_resume");
    if (!(await resumable(c, move))) throw new HttpError(409, "move_progressing");
    // Taken over only if nobody else (the Cron Trigger, another operator) did since it was read.
    const claimed = await claimResume(platform, move);
    if (!claimed) throw new HttpError(409, "move_progressing");
    const actor = operatorActorOf(c);
    await c.get("db").batch([
      operatorEvent(c.get("db"), actor, {
        action: "journal.move.resume",
        journalId,
        summary: `${move.from_shard} → ${move.to_shard}, from ${move.state}`,
        before: { state: move.state },
        after: { resumes: claimed.resumes },
      }),
    ]);
    await startResume({ JOURNAL_MOVE: runner }, claimed);
    return c.json(await answer(c, journalId), 202);
  });

/** /api/platform/databases/{name}: closing a full journal database to new journals (or opening it again). */
const atPlatform = mountedAt("/api/platform");
export const databasesPlatformRoutes = new Hono<AppEnv>().patch(
  atPlatform(platformApi.databaseState),
  limitJsonBody,
  jsonContent,
  jsonBodyFirstCode(databaseStateSchema),
  async (c) => {
    const name = c.req.param("name");
    const { platform, journalDatabases } = c.var.journalMoves;
    if (!journalDatabases.includes(name)) throw new HttpError(404, "not_found");
    const { acceptsNew } = c.req.valid("json");
    await setDatabaseOpen(platform, name, acceptsNew, journalDatabases, operatorActorOf(c).username);
    await c.get("db").batch([
      operatorEvent(c.get("db"), operatorActorOf(c), {
        action: acceptsNew ? "database.open" : "database.close",
        journalId: null,
        summary: name,
        before: { acceptsNew: !acceptsNew },
        after: { acceptsNew },
      }),
    ]);
    return c.json({ databases: await databasesOf(c) });
  },
);
