// `npm run databases:add`: one more journal database in one step (docs/production.md, "Journal databases"):
// the next JOURNALS_<n> block in wrangler.toml, the database created (remote) and its id written there, every
// migration applied, the Worker deployed with the new binding. `--local` adds the block and migrates the local
// state only (npm start). `--plan` prints the steps and changes nothing.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { persistDir, repoRoot, toolEnv, wranglerConfig } from "../local-state";
import { readDeployConfig } from "./deploy-config";
import { PERMISSIONS } from "./deploy-plan";

const USAGE = `npm run databases:add [-- --local | --plan]

  (none)    create the next journal database remotely, bind it in wrangler.toml, migrate it, deploy the Worker
  --local   bind it in wrangler.toml and migrate the local state only
  --plan    print what would happen; change nothing`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const bad = args.find((a) => a !== "--local" && a !== "--plan");
if (bad) fail(`unknown argument ${bad}\n\n${USAGE}`);

function fail(message: string): never {
  console.error(`databases:add: ${message}`);
  process.exit(1);
}

function wrangler(what: string, argv: string[]): string {
  const run = spawnSync("wrangler", [...argv, "--config", wranglerConfig], { env: toolEnv({ CI: "true" }), encoding: "utf8" });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  if (run.status !== 0) {
    const permission = /Authentication error|code: 10000|not authorized/i.test(output);
    fail(`${what} failed${permission ? `: the API token needs "${PERMISSIONS.d1}" and "${PERMISSIONS.worker}"` : ""}\n${output.trim()}`);
  }
  return output;
}

const config = readDeployConfig(repoRoot);
const numbers = config.databases
  .map((d) => /^JOURNALS_(\d+)$/.exec(d.binding)?.[1])
  .filter(Boolean)
  .map(Number);
const next = Math.max(0, ...numbers) + 1;
const binding = `JOURNALS_${next}`;
const name = `${config.workerName}-journals-${next}`;
const local = args.includes("--local");

if (args.includes("--plan")) {
  console.log(`Would add the journal database ${name} (binding ${binding}):`);
  console.log(
    `  ${local ? "" : "create it with `wrangler d1 create`, "}bind it in wrangler.toml, apply ${config.migrations.length} migrations${local ? " locally" : ", deploy the Worker"}.`,
  );
  process.exit(0);
}

let id = `00000000-0000-0000-0000-${String(next).padStart(12, "0")}`;
if (!local) {
  const out = wrangler(`creating ${name}`, ["d1", "create", name]);
  id =
    out.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0] ?? fail(`no database id in wrangler's answer:\n${out}`);
}
const block = `\n[[d1_databases]]\nbinding = "${binding}"\ndatabase_name = "${name}"\ndatabase_id = "${id}"\nmigrations_dir = "migrations"\n`;
const toml = readFileSync(wranglerConfig, "utf8");
// After the last [[d1_databases]] block, so the journal databases stay together.
const lastDb = toml.lastIndexOf('migrations_dir = "migrations"\n');
writeFileSync(wranglerConfig, lastDb < 0 ? toml + block : toml.slice(0, lastDb + 30) + block + toml.slice(lastDb + 30));
console.log(`+ ${binding} (${name}) bound in wrangler.toml`);
wrangler(`migrating ${name}`, [
  "d1",
  "migrations",
  "apply",
  binding,
  local ? "--local" : "--remote",
  ...(local ? ["--persist-to", persistDir()] : []),
]);
console.log(`✓ ${name} migrated`);
if (!local) {
  const build = spawnSync("npm", ["run", "build"], { env: toolEnv(), stdio: "inherit", cwd: repoRoot });
  if (build.status !== 0) fail("npm run build failed");
  wrangler("wrangler deploy", ["deploy"]);
  console.log("✓ Worker deployed with the new binding: new journals can go there (console → Databases)");
}
console.log("Run `npm run types` so Env knows the new binding.");
