// `npm run files:orphans -- [--dry-run] [--remote] [--journal ID] [--grace-minutes N]`: lists the R2 objects no
// row names (left by a crash between storing a file and the row switching to it, or by a failed clean-up) and
// removes them; also reports rows naming a missing object. See docs/decisions/0091.
import { exitWithChildren, type LocalPlatform } from "./local-state";
import { openPlatform, option } from "./platform";
import { auditFiles, removeOrphans, type OrphanBucket, type OrphanDb } from "../worker/platform/file-orphans";

const USAGE = `Usage: npm run files:orphans -- [--dry-run] [--remote] [--journal ID] [--grace-minutes N]

  --dry-run          only list what would be removed
  --remote           the production D1 database and R2 bucket (wrangler login); default: the local state
  --journal ID       one journal (default: all)
  --grace-minutes N  leave objects younger than N minutes alone (default 60: a write may be about to name them)`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const dryRun = args.includes("--dry-run");
const remote = args.includes("--remote");
const journal = option(args, "journal");
const grace = Number(option(args, "grace-minutes") ?? "60");
if ((journal !== undefined && !/^\d+$/.test(journal)) || !Number.isFinite(grace) || grace < 0) {
  console.error(USAGE);
  process.exit(2);
}

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());
platform = await openPlatform({ remote });
try {
  // The journals' rows in the platform database, every other row in its journal database (docs/decisions/0240).
  const bindings = platform.env as unknown as Record<string, OrphanDb>;
  const db = {
    platform: bindings.DB,
    journals: Object.keys(bindings)
      .filter((k) => k === "DB" || /^JOURNALS_\d+$/.test(k))
      .map((k) => bindings[k]),
  };
  const bucket = platform.env.FILES as unknown as OrphanBucket;
  const audit = await auditFiles(db, bucket, { journalId: journal === undefined ? undefined : Number(journal), graceMs: grace * 60_000 });
  for (const o of audit.orphans) console.log(`orphan  ${o.key}  (${o.size} bytes, ${o.uploaded.toISOString()})`);
  for (const o of audit.recent) console.log(`recent  ${o.key}  (younger than ${grace} min: left alone)`);
  for (const k of audit.missing) console.log(`missing ${k}  (named by a row, not in the bucket)`);
  if (dryRun) {
    console.log(`${audit.orphans.length} orphan object(s) would be removed (dry run); ${audit.missing.length} missing file(s).`);
  } else {
    const n = await removeOrphans(bucket, audit.orphans);
    console.log(`${n} orphan object(s) removed; ${audit.missing.length} missing file(s).`);
  }
} finally {
  await platform.dispose();
}
