// `npm run restore -- --in DIR|FILE.tar [--remote]`: loads a backup made by `npm run backup` (a folder) or downloaded
// from the platform console (the same entries in one tar file) into an EMPTY database and
// bucket (local state in PERSIST_DIR, migrated first; or the production ones with --remote, migrated with
// `npm run db:migrate:remote`). Refuses a target that already holds data (docs/decisions/0094).
import path from "node:path";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import { folderSource, tarSource } from "./backup-files";
import { statSync } from "node:fs";
import { importBackup, type BackupBucket, type BackupDb } from "../worker/platform/backup";

const USAGE = `Usage: npm run restore -- --in DIR [--remote]

  --in DIR   a folder written by npm run backup, or a .tar downloaded from the platform console
  --remote   the production D1 database and R2 bucket (wrangler login); default: the local state (PERSIST_DIR)

The target must be empty: for a local restore use a fresh PERSIST_DIR, e.g.
  PERSIST_DIR=/tmp/restored npm run restore -- --in backups/2026-11-22`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const input = option(args, "in");
if (!input) {
  console.error(USAGE);
  process.exit(2);
}

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
platform = await openPlatform({ remote: args.includes("--remote"), log: console.log });
try {
  const dir = path.resolve(input);
  console.log(`Restoring ${dir}`);
  const m = await importBackup(
    platform.env.DB as unknown as BackupDb,
    platform.env.FILES as unknown as BackupBucket,
    statSync(dir).isFile() ? await tarSource(dir) : folderSource(dir),
    {
      log: console.log,
    },
  );
  console.log(`Done: ${m.journals.map((j) => `${j.slug} (#${j.id})`).join(", ")} restored, ${m.objects} files.`);
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await platform.dispose();
}
