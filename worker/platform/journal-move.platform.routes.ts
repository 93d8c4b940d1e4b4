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
import { databaseCounts, failMove, journalShard, latestMove, planMove, setDatabaseOpen, type MoveRow } from "./journal-move.repo";
import { operatorActorOf } from "./operator-guard";
import { operatorEvent } from "./operator-events.repo";

const at = mountedAt("/api/platform/journals");
type Ctx = Context<AppEnv>;

const idParam = (c: Ctx) => {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
  return id;
};

export const progressOf = (m: MoveRow): MoveProgress => ({
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
  return { journal, databases, move: move ? progressOf(move) : null };
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
      await runner.create({ id: `journal-move-${move.id}`, params: { moveId: move.id } });
    } catch (err) {
      await failMove(platform, move.id, `the move could not be started: ${(err as Error)?.message ?? err}`);
      throw err;
    }
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
