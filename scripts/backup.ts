// `npm run backup -- --out DIR [--journal ID] [--remote]`: writes one journal (or the whole platform) to DIR:
// D1 rows as JSON per table (per database for the whole platform), R2 objects with their keys, a manifest and its
// signature (docs/decisions/0094, 0182, 0285).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import { folderSink } from "./backup-files";
import { BACKUP_KEY_HELP, backupSigningKey } from "./backup-key";
import { exportBackup, type BackupBucket, type BackupDb } from "../worker/platform/backup";
import { DATABASE_BINDING, exportPlatformBackup } from "../worker/platform/backup-platform";
import { signingKeyProblem } from "../worker/platform/backup-signature";

const USAGE = `Usage: npm run backup -- --out DIR [--journal ID] [--remote]

  --out DIR     an empty or new folder for the backup
  --journal ID  one journal (default: the whole platform: the platform database and every journal database,
                each one's rows apart, and every file)
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
  console.log(`Backing up ${journal ? `journal ${journal}` : "the whole platform"} to ${dir}`);
  // One journal: its row and hosts from the platform database, its rows from its own. The whole platform: every
  // database, each one's rows apart (docs/decisions/0240, 0285).
  const bindings = platform.env as unknown as Record<string, BackupDb>;
  const databases = Object.fromEntries(Object.entries(bindings).filter(([name]) => DATABASE_BINDING.test(name)));
  const shard =
    journal === undefined
      ? "DB"
      : ((await bindings.DB.prepare("SELECT shard FROM journals WHERE id = ?").bind(Number(journal)).first<{ shard: string }>())?.shard ??
        "DB");
  if (journal !== undefined && !bindings[shard]) throw new Error(`journal ${journal} lives in ${shard}, which is not bound here`);
  const bucket = platform.env.FILES as unknown as BackupBucket;
  const m =
    journal === undefined
      ? await exportPlatformBackup(databases, bucket, folderSink(dir), { signingKey: signingKey as string, log: console.log })
      : await exportBackup({ platform: bindings.DB, journal: bindings[shard] }, bucket, folderSink(dir), {
          journalId: Number(journal),
          signingKey: signingKey as string,
          log: console.log,
        });
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  const over = m.databases ? ` over ${m.databases.length} database(s) (${m.databases.map((d) => d.binding).join(", ")})` : "";
  console.log(
    `Done: ${m.journals.length} journal(s), ${rows} rows in ${m.tables.length} tables${over}, ${m.objects} files (${m.bytes} bytes), signed.`,
  );
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
