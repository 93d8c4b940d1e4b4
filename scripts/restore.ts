// `npm run restore -- --in DIR|FILE.tar [--remote] [--as-new | --replace [--confirm SLUG]] [--trust-unsigned]`:
// loads a backup made by `npm run backup` (a folder) or downloaded from the platform console (the same entries in one
// tar file). A backup is untrusted input (docs/decisions/0182): its signature and every hash are checked first, and a
// journal's backup brings only that journal's rows and files. Into an EMPTY database by default (local state in
// PERSIST_DIR, migrated first; or the production ones with --remote); one journal into a running platform with
// --as-new or --replace (docs/decisions/0094).
import { statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import { folderSource, tarSource } from "./backup-files";
import { BACKUP_KEY_HELP, backupSigningKey } from "./backup-key";
import type { BackupBucket, BackupDb, BackupManifest } from "../worker/platform/backup";
import { RestoreRefused, type RestoreMode, restoreBackup } from "../worker/platform/backup-restore";

const USAGE = `Usage: npm run restore -- --in DIR [--remote] [--as-new | --replace [--confirm SLUG]] [--trust-unsigned]

  --in DIR          a folder written by npm run backup, or a .tar downloaded from the platform console
  --remote          the production D1 database and R2 bucket (wrangler login); default: the local state (PERSIST_DIR)
  --as-new          one journal's backup into a running platform, as a new journal (new ids; hosts already in use
                    elsewhere are left out)
  --replace         one journal's backup over the same journal of a running platform: its rows and files are
                    replaced; asks to type the journal's slug (or --confirm SLUG)
  --trust-unsigned  restore a backup that is not signed with this platform's BACKUP_SIGNING_KEY, or was altered
                    (only if you know where it comes from; a journal's boundaries are enforced all the same)

Without --as-new / --replace the target must be empty: a whole-platform backup puts each database's rows back
into the binding of the same name (DB, JOURNALS_1, ...), so the target must bind each one, empty and migrated.
For a local restore use a fresh PERSIST_DIR, e.g.
  PERSIST_DIR=/tmp/restored npm run restore -- --in backups/2026-11-22`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const input = option(args, "in");
const mode: RestoreMode = args.includes("--as-new") ? "new" : args.includes("--replace") ? "replace" : "empty";
if (!input || (args.includes("--as-new") && args.includes("--replace"))) {
  console.error(USAGE);
  process.exit(2);
}
const remote = args.includes("--remote");
const signingKey = backupSigningKey(remote);

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
try {
  const dir = path.resolve(input);
  const source = statSync(dir).isFile() ? await tarSource(dir) : folderSource(dir);
  let confirm = option(args, "confirm");
  if (mode === "replace" && confirm === undefined) {
    const m = await source.readJson<BackupManifest>("manifest.json");
    if (!process.stdin.isTTY) throw new RestoreRefused("--replace needs --confirm SLUG when not run at a terminal");
    const rl = createInterface({ input: process.stdin, output: process.stderr });
    confirm = (
      await rl.question(
        `This replaces every row and file of journal ${m.journalId} (${m.journals[0]?.websitename ?? "?"}) with the backup of ${m.createdAt}.\nType the journal's slug to confirm: `,
      )
    ).trim();
    rl.close();
  }
  platform = await openPlatform({ remote, log: console.log });
  console.log(`Restoring ${dir}`);
  // The journal's rows go to its journal database: over itself, where it is; as a new journal, the least full one
  // (docs/decisions/0240).
  const bindings = platform.env as unknown as Record<string, BackupDb>;
  const journalDatabases = Object.keys(bindings).filter((k) => /^JOURNALS_\d+$/.test(k));
  const counts = await bindings.DB.prepare("SELECT shard, count(*) AS n FROM journals GROUP BY shard").all<{ shard: string; n: number }>();
  const newShard = journalDatabases.sort(
    (a, b) => Number(counts.results.find((c) => c.shard === a)?.n ?? 0) - Number(counts.results.find((c) => c.shard === b)?.n ?? 0),
  )[0];
  const r = await restoreBackup(platform.env.DB as unknown as BackupDb, platform.env.FILES as unknown as BackupBucket, source, {
    journalDatabase: (shard) => bindings[shard],
    newShard,
    signingKey,
    trustUnsigned: args.includes("--trust-unsigned"),
    mode,
    confirm,
    actor: `npm run restore (${process.env.USER ?? "command line"})`,
    log: console.log,
  });
  for (const note of r.notes) console.log(`  note: ${note}`);
  if (r.manifest.databases) console.log(`  databases: ${r.manifest.databases.map((d) => d.binding).join(", ")}`);
  console.log(
    `Done: ${r.journal ? `${r.journal.slug} (#${r.journal.id})` : r.manifest.journals.map((j) => `${j.slug} (#${j.id})`).join(", ")} restored, ${r.rows} rows, ${r.objects} files; signature ${r.unverified ? "NOT verified (trusted by --trust-unsigned)" : "verified"}.`,
  );
} catch (err) {
  const message = (err as Error).message;
  console.error(`restore failed: ${message}`);
  if (err instanceof RestoreRefused && /BACKUP_SIGNING_KEY/.test(message)) console.error(BACKUP_KEY_HELP);
  process.exitCode = 1;
} finally {
  await platform?.dispose();
}
