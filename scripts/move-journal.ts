// `npm run move-journal -- --journal ID --to JOURNALS_n [--remote]`: moves one journal to another journal database
// with the console's own phases (worker/platform/journal-move.repo.ts, docs/decisions/0280), printing each one.
// `--resume` finishes the journal's stalled move from the phase it stopped in; `--abandon` undoes one stalled before
// its switch (docs/decisions/0306). Locally
// it runs against the state `npm start` serves (PERSIST_DIR); with --remote against the production databases of
// wrangler.toml (wrangler login). The journal keeps serving: a running server's writes to it pause for seconds.
import os from "node:os";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import {
  abortMove,
  claimResume,
  continueMove,
  isStalled,
  lastProgressOf,
  latestMove,
  MOVE_RUNNING_STATES,
  planMove,
  resumeMove,
  runMove,
  STALL_MS,
  type Move,
  type MoveDb,
  type MoveStatement,
} from "../worker/platform/journal-move.repo";
import { STALE_BOUND_MS } from "../worker/core/edge/freshness";
import { MOVE_ERROR_MESSAGES } from "#contract/journal-move";

const USAGE = `Usage: npm run move-journal -- --journal ID --to JOURNALS_n [--remote]
       npm run move-journal -- --journal ID --resume | --abandon [--force] [--remote]

  --journal ID   the journal to move (its id: console → Journals)
  --to NAME      the journal database it moves to, a binding of wrangler.toml (e.g. JOURNALS_3)
  --resume       finish the journal's stalled move from the phase it stopped in (a server or this script was
                 stopped during it); the console's Resume and the daily Cron Trigger do the same
  --abandon      undo the journal's stalled move if it has not switched yet (writes resume on the old database,
                 the new one's copy is removed); after the switch only --resume can finish it
  --force        with --resume / --abandon: take the move over even though it made progress in the last
                 ${STALL_MS / 60_000} minutes (only when you know its runner is gone: the server was stopped)
  --remote       the production databases (wrangler login); default: the local state (PERSIST_DIR)

The journal's rows are copied with their ids, changes made meanwhile are caught up, writes pause while the last ones
are copied and the copy is checked, then the journal switches; its rows leave the old database ${STALE_BOUND_MS / 1000} s later.`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const journal = option(args, "journal");
const to = option(args, "to");
const resume = args.includes("--resume");
const abandon = args.includes("--abandon");
const force = args.includes("--force");
const takeOver = resume || abandon;
if (!journal || !/^\d+$/.test(journal) || (resume && abandon) || (takeOver ? to !== undefined : !to || !/^JOURNALS_\d{1,4}$/.test(to))) {
  console.error(USAGE);
  process.exit(2);
}
const remote = args.includes("--remote");

/**
 * Locally the script and a running `npm start` share the same SQLite files, so a statement may meet the server's
 * lock (SQLITE_BUSY): it is tried again, up to ~10 s. Remote databases never answer that.
 */
const BUSY = /SQLITE_BUSY|database is locked|session commit token/;
async function patiently<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 40 || !BUSY.test(String((err as Error)?.message ?? err))) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
function patientDb(db: MoveDb): MoveDb {
  const statement = (st: MoveStatement): MoveStatement => ({
    bind: (...values) => statement(st.bind(...values)),
    all: () => patiently(() => st.all()),
    first: () => patiently(() => st.first()),
    run: () => patiently(() => st.run()),
    // The real statement, for batch().
    ...({ raw: st } as object),
  });
  return {
    prepare: (sql) => statement(db.prepare(sql)),
    batch: (sts) => patiently(() => db.batch(sts.map((st) => (st as unknown as { raw: MoveStatement }).raw ?? st))),
  };
}

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
platform = await openPlatform({ remote, log: console.log });
const started = Date.now();
try {
  const bound = platform.env as unknown as Record<string, MoveDb | undefined>;
  const bindings = Object.fromEntries(
    Object.entries(bound).map(([name, db]) => [name, /^(DB|JOURNALS_\d+)$/.test(name) && db ? patientDb(db) : db]),
  ) as Record<string, MoveDb | undefined>;
  const journalDatabases = Object.keys(bindings).filter((k) => /^JOURNALS_\d{1,4}$/.test(k));
  const say = (m: string) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${m}`);
  if (takeOver) {
    await takeOverMove(bindings, Number(journal), say);
  } else {
    const move = await planMove({
      journalId: Number(journal),
      to: to!,
      operator: `script (${os.userInfo().username})`,
      platform: bindings.DB as MoveDb,
      journalDatabases,
      databaseOf: (shard) => bindings[shard],
    });
    console.log(`Moving journal ${journal} from ${move.from} to ${to} (move ${move.id})`);
    const row = await runMove(move, {
      // A server may hold the journal's old database in memory for this long: the old rows stay until then.
      boundMs: STALE_BOUND_MS,
      log: say,
    });
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${row.rows_copied} rows copied, writes paused ${(row.paused_ms / 1000).toFixed(2)} s.`,
    );
  }
} catch (err) {
  const e = err as Error & { code?: string; extra?: Record<string, unknown> };
  const extra = e.extra && Object.keys(e.extra).length ? ` ${JSON.stringify(e.extra)}` : "";
  console.error(`move-journal failed: ${e.code ? `${e.code}${extra}: ${MOVE_ERROR_MESSAGES[e.code] ?? e.message}` : e.message}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}

/** --resume / --abandon: the journal's latest move, if it is running and stalled (or --force), taken over here. */
async function takeOverMove(bindings: Record<string, MoveDb | undefined>, journalId: number, say: (m: string) => void): Promise<void> {
  const platformDb = bindings.DB as MoveDb;
  const row = await latestMove(platformDb, journalId);
  if (!row || !MOVE_RUNNING_STATES.includes(row.state)) {
    console.log(`Journal ${journalId} has no move under way${row ? ` (its latest, move ${row.id}, is ${row.state})` : ""}: nothing to do.`);
    return;
  }
  if (!isStalled(row) && !force)
    throw new Error(
      `move ${row.id} (${row.state}) made progress at ${lastProgressOf(row)}: it may still be running. It counts as stalled ${STALL_MS / 60_000} minutes after that; pass --force if you know its runner is gone (the server was stopped).`,
    );
  const source = bindings[row.from_shard];
  const target = bindings[row.to_shard];
  if (!source || !target) throw new Error(`move ${row.id} goes ${row.from_shard} → ${row.to_shard}, not both bound here`);
  const claimed = await claimResume(platformDb, row);
  if (!claimed) throw new Error(`move ${row.id} was taken over by someone else (the console or the Cron Trigger) just now`);
  const move: Move = await resumeMove({ platform: platformDb, source, target }, row.id);
  if (abandon) {
    if (!["copying", "catching_up", "frozen", "verifying"].includes(row.state))
      throw new Error(`move ${row.id} has switched (${row.state}): it cannot be undone; finish it with --resume`);
    await abortMove(move, "abandoned with npm run move-journal -- --abandon");
    console.log(`Move ${row.id} abandoned: journal ${journalId} stays in ${row.from_shard}, the copy in ${row.to_shard} is removed.`);
    return;
  }
  console.log(`Resuming move ${row.id} of journal ${journalId} (${row.from_shard} → ${row.to_shard}) from ${row.state}`);
  const done = await continueMove(move, { boundMs: STALE_BOUND_MS, log: say });
  console.log(`Move ${row.id} ${done.state}: journal ${journalId} is in ${row.to_shard}.`);
}
