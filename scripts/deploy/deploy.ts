// `npm run deploy`: everything a new Cloudflare account needs, in order and idempotently (what exists is left as it
// is): D1 databases, R2 buckets, queues, migrations, the Worker, secrets, and the Cloudflare for SaaS zone's
// custom-hostname fallback origin and `*/*` Worker route. `npm run deploy -- --plan` prints the plan and changes
// nothing, without network. A step that fails for want of a permission stops the deploy naming the token permission.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CLOUDFLARE_API, CloudflareApiError, cloudflareApi } from "../../worker/platform/custom-hostnames/cloudflare-api";
import { repoRoot, toolEnv, wranglerConfig } from "../local-state";
import { readDeployConfig, type DeployConfig } from "./deploy-config";
import { PERMISSIONS, SAAS_ROUTE_PATTERN, deployPlan, formatPlan, type StepKind } from "./deploy-plan";
import { readDeployState, statePath, writeDeployState } from "./deploy-state";

const USAGE = `npm run deploy [-- --plan]

  --plan   print what a deploy would create or change; changes nothing and needs no network
  (none)   do it: create what is missing, apply migrations, deploy, set the SaaS fallback origin and route.
           Needs CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (or \`wrangler login\`); the token's permissions are
           listed in docs/production.md ("API token").`;

class StepFailed extends Error {}

function stop(kind: StepKind, what: string, output: string): never {
  const permission = /Authentication error|code: 10000|\b403\b|not authorized|Unauthorized/i.test(output);
  throw new StepFailed(
    permission
      ? `${what} failed: the API token lacks a permission. Give it "${PERMISSIONS[kind]}" (docs/production.md, "API token").\n${output.trim()}`
      : `${what} failed:\n${output.trim()}`,
  );
}

function wrangler(kind: StepKind, what: string, args: string[]): string {
  const run = spawnSync("wrangler", [...args, "--config", wranglerConfig], { env: toolEnv({ CI: "true" }), encoding: "utf8" });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  if (run.status !== 0) stop(kind, what, output);
  return output;
}

/** Puts a created database's id into its [[d1_databases]] block in place of the placeholder. */
function recordDatabaseId(name: string, id: string): void {
  const text = readFileSync(wranglerConfig, "utf8");
  const block = new RegExp(
    `(database_name\\s*=\\s*"${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"\\s*\\n\\s*database_id\\s*=\\s*")[^"]*(")`,
  );
  if (!block.test(text))
    throw new StepFailed(`created ${name} (id ${id}) but could not write the id into wrangler.toml: put it there by hand`);
  writeFileSync(wranglerConfig, text.replace(block, `$1${id}$2`));
}

async function deploy(config: DeployConfig): Promise<void> {
  const existing = JSON.parse(wrangler("d1", "listing D1 databases", ["d1", "list", "--json"])) as { name: string; uuid: string }[];
  for (const db of config.databases) {
    const found = existing.find((d) => d.name === db.name);
    if (found) {
      if (!db.id) recordDatabaseId(db.name, found.uuid);
      console.log(`✓ D1 ${db.name} exists`);
      continue;
    }
    const out = wrangler("d1", `creating D1 ${db.name}`, ["d1", "create", db.name]);
    const id = out.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/)?.[0];
    if (!id) throw new StepFailed(`created ${db.name} but found no id in wrangler's answer:\n${out}`);
    recordDatabaseId(db.name, id);
    console.log(`+ D1 ${db.name} created (${id})`);
  }
  const buckets = wrangler("r2", "listing R2 buckets", ["r2", "bucket", "list"]);
  for (const bucket of config.buckets) {
    if (new RegExp(`name:\\s+${bucket}\\b`).test(buckets)) console.log(`✓ R2 ${bucket} exists`);
    else {
      wrangler("r2", `creating R2 ${bucket}`, ["r2", "bucket", "create", bucket]);
      console.log(`+ R2 ${bucket} created`);
    }
  }
  const queues = wrangler("queue", "listing queues", ["queues", "list"]);
  for (const queue of config.queues) {
    if (queues.includes(queue)) console.log(`✓ queue ${queue} exists`);
    else {
      wrangler("queue", `creating queue ${queue}`, ["queues", "create", queue]);
      console.log(`+ queue ${queue} created`);
    }
  }
  const migrations: Record<string, string[]> = {};
  for (const db of config.databases) {
    wrangler("migrations", `migrating ${db.name}`, ["d1", "migrations", "apply", db.binding, "--remote"]);
    migrations[db.name] = config.migrations;
    console.log(`✓ ${db.name} migrated`);
  }
  const build = spawnSync("npm", ["run", "build"], { env: toolEnv(), stdio: "inherit", cwd: repoRoot });
  if (build.status !== 0) throw new StepFailed("npm run build failed");
  wrangler("worker", "wrangler deploy", ["deploy"]);
  console.log(`✓ Worker ${config.workerName} deployed`);

  const listed = wrangler("secret", "listing secrets", ["secret", "list", "--format", "json"]);
  const secrets = (JSON.parse(listed.slice(listed.indexOf("["))) as { name: string }[]).map((s) => s.name);
  writeDeployState(repoRoot, { migrations, secrets });
  const missing = config.secrets.filter((s) => !secrets.includes(s));

  const { zoneId, fallbackOrigin } = config.saas;
  if (zoneId && fallbackOrigin) {
    const token = process.env.CLOUDFLARE_API_TOKEN;
    if (!token) throw new StepFailed("CLOUDFLARE_API_TOKEN is needed for the Cloudflare for SaaS steps (fallback origin, route)");
    const api = cloudflareApi({ base: process.env.CLOUDFLARE_API_BASE || CLOUDFLARE_API, token, timeoutMs: 30_000 });
    const saasStep = async (kind: StepKind, what: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (err) {
        if (err instanceof CloudflareApiError) stop(kind, what, err.isPermission ? `403 ${err.message}` : err.message);
        throw err;
      }
    };
    await saasStep("saas-fallback-origin", "setting the fallback origin", async () => {
      const current = await api.fallbackOrigin.get(zoneId).catch(() => undefined);
      if (current?.origin === fallbackOrigin) return console.log(`✓ fallback origin ${fallbackOrigin}`);
      await api.fallbackOrigin.set(zoneId, fallbackOrigin);
      console.log(`+ fallback origin ${fallbackOrigin} set`);
    });
    await saasStep("saas-route", `the Worker route ${SAAS_ROUTE_PATTERN}`, async () => {
      const routes = await api.workerRoutes.list(zoneId);
      if (routes.some((r) => r.pattern === SAAS_ROUTE_PATTERN && r.script === config.workerName))
        return console.log(`✓ route ${SAAS_ROUTE_PATTERN}`);
      await api.workerRoutes.create(zoneId, SAAS_ROUTE_PATTERN, config.workerName);
      console.log(`+ route ${SAAS_ROUTE_PATTERN} -> ${config.workerName}`);
    });
  } else {
    console.log("! Cloudflare for SaaS skipped: set SAAS_ZONE_ID and SAAS_FALLBACK_ORIGIN in wrangler.toml [vars] (docs/production.md)");
  }
  if (missing.length > 0) {
    throw new StepFailed(
      `secrets still missing: ${missing.join(", ")}. Set each with \`openssl rand -hex 32 | npx wrangler secret put NAME\` ` +
        '(CERTIFICATE_KEYS takes "1:<secret>"; docs/production.md), then run `npm run deploy` again.',
    );
  }
  console.log("Deployed.");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) return console.log(USAGE);
  const unknown = args.filter((a) => a !== "--plan");
  if (unknown.length > 0) throw new StepFailed(`unknown argument ${unknown[0]}\n\n${USAGE}`);
  const config = readDeployConfig(repoRoot);
  if (args.includes("--plan")) {
    const state = readDeployState(repoRoot);
    const note = state
      ? `Recorded state: ${path.relative(repoRoot, statePath(repoRoot))} of ${state.recordedAt}.`
      : "No recorded state (no deploy from this checkout yet): what exists remotely is unknown offline.";
    console.log(formatPlan(deployPlan(config, state), note));
    return;
  }
  await deploy(config);
}

main().catch((err) => {
  console.error(err instanceof StepFailed ? `deploy: ${err.message}` : err);
  process.exit(1);
});
