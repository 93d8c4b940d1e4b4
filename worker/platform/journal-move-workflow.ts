// The console's journal move as a job that survives a closed browser (docs/decisions/0280): one Workflow instance per
// move runs journal-move.repo.ts's phases as steps, the copy in resumable chunks (each step's answer is the cursor the
// next one starts from). A phase that fails is retried; one that still fails before the switch undoes the move
// (writes resume on the source, the target's copy goes) and records why.
import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { bindingOf, forgetShard } from "../core/data/shards";
import { forgetJournals } from "../core/edge/journal-memo";
import { STALE_BOUND_MS } from "../core/edge/freshness";
import {
  abortMove,
  catchUp,
  cleanup,
  copyChunk,
  freeze,
  moveById,
  startLog,
  switchShard,
  verify,
  type CopyCursor,
  type Move,
} from "./journal-move.repo";

export interface JournalMoveParams {
  moveId: number;
}

/** A phase is retried twice, a second apart: while frozen, the journal's writes wait on it. */
const PHASE = { retries: { limit: 2, delay: "1 second" as const, backoff: "constant" as const }, timeout: "10 minutes" as const };

export async function openMove(env: Env, moveId: number): Promise<Move> {
  const row = await moveById(env.DB, moveId);
  if (!row) throw new Error(`journal move ${moveId} does not exist`);
  return {
    id: moveId,
    journalId: row.journal_id,
    from: row.from_shard,
    to: row.to_shard,
    platform: env.DB,
    source: bindingOf(env, row.from_shard),
    target: bindingOf(env, row.to_shard),
  };
}

export class JournalMoveWorkflow extends WorkflowEntrypoint<Env, JournalMoveParams> {
  async run(event: Readonly<WorkflowEvent<JournalMoveParams>>, step: WorkflowStep) {
    const move = await openMove(this.env, event.payload.moveId);
    try {
      await step.do("log changes", PHASE, async () => {
        await startLog(move);
        return true;
      });
      let cursor: CopyCursor | null = null;
      for (let chunk = 0; chunk === 0 || cursor; chunk++) {
        const from: CopyCursor | null = cursor;
        cursor = await step.do(`copy ${chunk + 1}`, PHASE, async (): Promise<CopyCursor | null> => (await copyChunk(move, from)).cursor);
      }
      await step.do("catch up", PHASE, async () => catchUp(move));
      const frozenAt = await step.do("freeze", PHASE, async () => freeze(move));
      await step.do("verify", PHASE, async () => (await verify(move)).length);
      await step.do("switch", PHASE, async () => {
        await switchShard(move, frozenAt);
        return true;
      });
    } catch (err) {
      const reason = (err as Error)?.message ?? String(err);
      await step.do("undo", PHASE, async () => {
        await abortMove(move, reason);
        return true;
      });
      return { state: "failed", error: reason };
    }
    forgetShard(move.journalId);
    forgetJournals();
    // Other isolates read the journal's database from memory for up to STALE_BOUND_MS: the source keeps its rows
    // until then, so their reads still find them.
    await step.sleep("memo bound", STALE_BOUND_MS + 5_000);
    // The sleep above is the bound (cleanup's own check would refuse a test's Workflow whose sleeps are skipped).
    const deleted = await step.do("clean up", { ...PHASE, retries: { limit: 10, delay: "10 seconds", backoff: "exponential" } }, async () =>
      cleanup(move, 0),
    );
    return { state: "done", deleted };
  }
}
