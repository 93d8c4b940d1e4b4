// `npm run move-journal -- --journal ID --to JOURNALS_n [--remote]`: moves one journal to another journal database
// with the console's own phases (worker/platform/journal-move.repo.ts, docs/decisions/0280), printing each one. Locally
// it runs against the state `npm start` serves (PERSIST_DIR); with --remote against the production databases of
// wrangler.toml (wrangler login). The journal keeps serving: a running server's writes to it pause for seconds.
import os from "node:os";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import { planMove, runMove, type MoveDb, type MoveStatement } from "../worker/platform/journal-move.repo";
import { STALE_BOUND_MS } from "../worker/core/edge/freshness";
import { MOVE_ERROR_MESSAGES } from "#contract/journal-move";

const USAGE = `Usage: npm run move-journal -- --journal ID --to JOURNALS_n [--remote]

  --journal ID   the journal to move (its id: console → Journals)
  --to NAME      the journal database it moves to, a binding of wrangler.toml (e.g. JOURNALS_3)
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
if (!journal || !/^\d+$/.test(journal) || !to || !/^JOURNALS_\d{1,4}$/.test(to)) {
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
  const move = await planMove({
    journalId: Number(journal),
    to,
    operator: `script (${os.userInfo().username})`,
    platform: bindings.DB as MoveDb,
    journalDatabases,
    databaseOf: (shard) => bindings[shard],
  });
  console.log(`Moving journal ${journal} from ${move.from} to ${to} (move ${move.id})`);
  const row = await runMove(move, {
    // A server may hold the journal's old database in memory for this long: the old rows stay until then.
    boundMs: STALE_BOUND_MS,
    log: (m) => console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${m}`),
  });
  console.log(
    `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${row.rows_copied} rows copied, writes paused ${(row.paused_ms / 1000).toFixed(2)} s.`,
  );
} catch (err) {
  const e = err as Error & { code?: string; extra?: Record<string, unknown> };
  const extra = e.extra && Object.keys(e.extra).length ? ` ${JSON.stringify(e.extra)}` : "";
  console.error(`move-journal failed: ${e.code ? `${e.code}${extra}: ${MOVE_ERROR_MESSAGES[e.code] ?? e.message}` : e.message}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
