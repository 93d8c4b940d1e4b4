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
  boundLeft,
  claimResume,
  restartCopy,
  stalledMoves,
  type MoveRow,
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

/** The Workflow instance that runs a move: its first run, then one per resume (docs/decisions/0306). */
export const moveInstanceId = (m: Pick<MoveRow, "id" | "resumes">) => `journal-move-${m.id}${m.resumes > 0 ? `-resume-${m.resumes}` : ""}`;

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

/** Phases in order; a run starts at the one the move's row records (a new move: copying). */
const ORDER = ["copying", "catching_up", "frozen", "verifying", "switched", "cleaning"];

export class JournalMoveWorkflow extends WorkflowEntrypoint<Env, JournalMoveParams> {
  async run(event: Readonly<WorkflowEvent<JournalMoveParams>>, step: WorkflowStep) {
    const move = await openMove(this.env, event.payload.moveId);
    // Where this run starts: a resumed move goes on from the phase its last runner was in.
    const start = await step.do("where", PHASE, async () => {
      const row = await moveById(move.platform, move.id);
      return { state: row?.state ?? "failed", frozenAt: row?.frozen_at ?? "", copied: Number(row?.rows_copied ?? 0) };
    });
    if (start.state === "done" || start.state === "failed") return { state: start.state };
    const at = ORDER.indexOf(start.state);
    if (at < ORDER.indexOf("switched")) {
      try {
        if (at <= 0) {
          await step.do("log changes", PHASE, async () => {
            await startLog(move);
            if (start.copied > 0) await restartCopy(move);
            return true;
          });
          let cursor: CopyCursor | null = null;
          for (let chunk = 0; chunk === 0 || cursor; chunk++) {
            const from: CopyCursor | null = cursor;
            cursor = await step.do(
              `copy ${chunk + 1}`,
              PHASE,
              async (): Promise<CopyCursor | null> => (await copyChunk(move, from)).cursor,
            );
          }
        }
        if (at <= 1) await step.do("catch up", PHASE, async () => catchUp(move));
        const frozenAt = at <= 2 ? await step.do("freeze", PHASE, async () => freeze(move, start.frozenAt)) : start.frozenAt;
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
    }
    // Other isolates read the journal's database from memory for up to STALE_BOUND_MS: the source keeps its rows
    // until then, so their reads still find them (a resumed move long after its switch waits no more).
    const wait = await step.do("memo bound left", PHASE, async () => boundLeft((await moveById(move.platform, move.id))!, STALE_BOUND_MS));
    if (wait > 0) await step.sleep("memo bound", wait + 5_000);
    // The sleep above is the bound (cleanup's own check would refuse a test's Workflow whose sleeps are skipped).
    const deleted = await step.do("clean up", { ...PHASE, retries: { limit: 10, delay: "10 seconds", backoff: "exponential" } }, async () =>
      cleanup(move, 0),
    );
    return { state: "done", deleted };
  }
}

/** The Workflow binding as resumes use it. */
type MoveWorkflows = Pick<Env, "JOURNAL_MOVE">;

/** Whether the move's current Workflow instance is still at work (a resume would race it). */
export async function runnerActive(env: MoveWorkflows, m: MoveRow): Promise<boolean> {
  try {
    const { status } = await (await env.JOURNAL_MOVE.get(moveInstanceId(m))).status();
    return status === "queued" || status === "running" || status === "waiting";
  } catch {
    // No such instance (the script ran it, or it is gone): nobody is at work.
    return false;
  }
}

/**
 * Resumes a claimed move under a new Workflow instance. The claim (claimResume) is what keeps two resumers apart;
 * a Workflow that cannot start leaves the move as it was, to be resumed again.
 */
export async function startResume(env: MoveWorkflows, claimed: MoveRow): Promise<void> {
  await env.JOURNAL_MOVE.create({ id: moveInstanceId(claimed), params: { moveId: claimed.id } });
}

/** The daily Cron Trigger's part: every move without progress for STALL_MS is taken over and resumed. */
export async function resumeStalledMoves(env: Pick<Env, "DB" | "JOURNAL_MOVE">, now = Date.now()): Promise<number[]> {
  const resumed: number[] = [];
  for (const m of await stalledMoves(env.DB, now)) {
    const claimed = await claimResume(env.DB, m);
    if (!claimed) continue;
    await startResume(env, claimed);
    resumed.push(m.id);
  }
  return resumed;
}
