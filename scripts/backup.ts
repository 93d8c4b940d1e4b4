// `npm run backup -- --out DIR [--journal ID] [--remote]`: writes one journal (or every journal) to DIR:
// D1 rows as JSON per table, R2 objects with their keys, a manifest and its signature (docs/decisions/0094, 0182).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import { folderSink } from "./backup-files";
import { BACKUP_KEY_HELP, backupSigningKey } from "./backup-key";
import { exportBackup, type BackupBucket, type BackupDb } from "../worker/platform/backup";
import { signingKeyProblem } from "../worker/platform/backup-signature";

const USAGE = `Usage: npm run backup -- --out DIR [--journal ID] [--remote]

  --out DIR     an empty or new folder for the backup
  --journal ID  one journal (default: every journal, and the tables that belong to none)
  --remote      the production D1 database and R2 bucket (wrangler login); default: the local state (PERSIST_DIR)

The backup is signed with BACKUP_SIGNING_KEY; restore refuses one that is unsigned or altered.`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const out = option(args, "out");
const journal = option(args, "journal");
if (!out || (journal !== undefined && !/^\d+$/.test(journal))) {
  console.error(USAGE);
  process.exit(2);
}
const dir = path.resolve(out);
if (existsSync(dir) && readdirSync(dir).length > 0) {
  console.error(`backup: ${dir} is not empty; choose a new folder.`);
  process.exit(2);
}
const remote = args.includes("--remote");
const signingKey = backupSigningKey(remote);
const keyProblem = signingKeyProblem(signingKey);
if (keyProblem) {
  console.error(`backup: ${keyProblem}, so the backup could not be signed. ${BACKUP_KEY_HELP}`);
  process.exit(2);
}

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
platform = await openPlatform({ remote });
try {
  console.log(`Backing up ${journal ? `journal ${journal}` : "every journal"} to ${dir}`);
  // One journal: its row and hosts from the platform database, its rows from its own (docs/decisions/0240). The
  // whole platform: one database, so only while every journal still lives in the platform database.
  const bindings = platform.env as unknown as Record<string, BackupDb>;
  const shards = await bindings.DB.prepare("SELECT DISTINCT shard FROM journals").all<{ shard: string }>();
  if (journal === undefined && shards.results.some((r) => r.shard !== "DB"))
    throw new Error("journals live in journal databases: back each one up with --journal <id> (a whole backup reads one database)");
  const shard =
    journal === undefined
      ? "DB"
      : ((await bindings.DB.prepare("SELECT shard FROM journals WHERE id = ?").bind(Number(journal)).first<{ shard: string }>())?.shard ??
        "DB");
  const m = await exportBackup(
    { platform: bindings.DB, journal: bindings[shard] },
    platform.env.FILES as unknown as BackupBucket,
    folderSink(dir),
    {
      journalId: journal === undefined ? null : Number(journal),
      signingKey: signingKey as string,
      log: console.log,
    },
  );
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Done: ${m.journals.length} journal(s), ${rows} rows in ${m.tables.length} tables, ${m.objects} files (${m.bytes} bytes), signed.`,
  );
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
