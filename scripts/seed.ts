// `npm run seed [-- --reset]`: fills the LOCAL database and file store with the demo journals.
// Local only, by design: there is no flag that reaches a remote database (docs/decisions/0011).
import { performance } from "node:perf_hooks";
import { exitWithChildren, openMigratedPlatform, persistDir, type LocalPlatform } from "./local-state";
import { DEMO_ADMIN, hasJournals, seedDemo, wipeLocalData } from "./demo/seed-demo";

const USAGE = `Usage: npm run seed [-- --reset]

Seeds the local demo data (two journals, editors, indexing partners, issues, articles with PDFs, and a
demo admin "${DEMO_ADMIN.username}" / "${DEMO_ADMIN.password}" per journal) into the local state in
PERSIST_DIR (default .wrangler/state). Migrations are applied first when needed.

  --reset   delete all local journals, their rows and files, then seed again
  --help    show this text

Seeding never touches a remote database.`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const remoteish = args.filter((a) => /^--?(remote|env|preview|database|config|c|e)(=|$)/.test(a));
if (remoteish.length) {
  console.error(
    `seed: refusing ${remoteish.join(" ")}: the demo data is for local development only and is never written to a remote database.`,
  );
  process.exit(2);
}
const unknown = args.filter((a) => a !== "--reset");
if (unknown.length) {
  console.error(`seed: unknown argument(s): ${unknown.join(" ")}\n\n${USAGE}`);
  process.exit(2);
}
const reset = args.includes("--reset");

let platform: LocalPlatform | undefined;
exitWithChildren(() => platform?.dispose());

const dir = persistDir();
const t0 = performance.now();
platform = await openMigratedPlatform(dir, console.log);
try {
  if (await hasJournals(platform.env)) {
    if (!reset) {
      console.log(`The local database in ${dir} already has journals; nothing seeded. Use \`npm run seed -- --reset\` to start over.`);
      process.exitCode = 0;
    } else {
      console.log("Deleting local journals, rows and files...");
      await wipeLocalData(platform.env);
    }
  }
  if (!(await hasJournals(platform.env))) {
    console.log(`Seeding demo data into ${dir}`);
    await seedDemo(platform.env, console.log);
    console.log(
      `Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s. Demo admin: "${DEMO_ADMIN.username}" / "${DEMO_ADMIN.password}" (local only).`,
    );
  }
} finally {
  await platform.dispose();
}
