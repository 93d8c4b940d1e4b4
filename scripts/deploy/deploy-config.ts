// What a deploy needs, read from the repository alone (no network): the D1 databases, R2 buckets and queues of
// wrangler.toml, the secrets .dev.vars.example names, the migrations folder, and the Cloudflare for SaaS zone of
// [vars] (SAAS_ZONE_ID, SAAS_FALLBACK_ORIGIN, SAAS_OWN_DOMAINS) and the platform's mail sender (PLATFORM_MAIL_FROM). `npm run deploy -- --plan` prints a plan from this and the recorded
// state (deploy-state.ts); `npm run deploy` makes it so.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { experimental_readRawConfig } from "wrangler";

export interface DeployDatabase {
  binding: string;
  name: string;
  /** The id in wrangler.toml, or undefined while it is a placeholder (all zeros but the last digits). */
  id: string | undefined;
}

export interface DeployConfig {
  workerName: string;
  databases: DeployDatabase[];
  buckets: string[];
  queues: string[];
  /** Secret names the Worker reads (.dev.vars.example), in file order. */
  secrets: string[];
  /** Migration file names, sorted (the order wrangler applies them). */
  migrations: string[];
  saas: { zoneId: string; fallbackOrigin: string; ownDomains: string[] };
  /** PLATFORM_MAIL_FROM: the sender of journals whose mail domain is not verified (decision 0395). */
  mailFrom: string;
}

/** The parts of wrangler.toml read here. */
interface RawConfig {
  name?: string;
  vars?: Record<string, unknown>;
  d1_databases?: { binding: string; database_name?: string; database_id?: string }[];
  r2_buckets?: { bucket_name?: string }[];
  queues?: { producers?: { queue: string }[]; consumers?: { queue: string }[] };
}

const PLACEHOLDER_ID = /^0{8}-0{4}-0{4}-0{4}-0{9}\d{3}$/;

/** Names of KEY=... lines (comments and blanks skipped). */
export function secretNames(devVarsExample: string): string[] {
  return [...devVarsExample.matchAll(/^\s*([A-Z][A-Z0-9_]*)\s*=/gm)].map((m) => m[1]);
}

export function readDeployConfig(repoRoot: string): DeployConfig {
  const rawConfig = experimental_readRawConfig({ config: path.join(repoRoot, "wrangler.toml") }).rawConfig as RawConfig;
  const vars = rawConfig.vars ?? {};
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const queues = new Set<string>([
    ...(rawConfig.queues?.producers ?? []).map((q) => q.queue),
    ...(rawConfig.queues?.consumers ?? []).map((q) => q.queue),
  ]);
  return {
    workerName: rawConfig.name ?? "worker",
    databases: (rawConfig.d1_databases ?? []).map((d) => ({
      binding: d.binding,
      name: d.database_name ?? d.binding,
      id: d.database_id && !PLACEHOLDER_ID.test(d.database_id) ? d.database_id : undefined,
    })),
    buckets: (rawConfig.r2_buckets ?? []).map((b) => b.bucket_name).filter((b): b is string => Boolean(b)),
    queues: [...queues],
    secrets: secretNames(readFileSync(path.join(repoRoot, ".dev.vars.example"), "utf8")),
    migrations: readdirSync(path.join(repoRoot, "migrations"))
      .filter((f) => f.endsWith(".sql"))
      .sort(),
    saas: {
      zoneId: text(vars.SAAS_ZONE_ID),
      fallbackOrigin: text(vars.SAAS_FALLBACK_ORIGIN),
      ownDomains: text(vars.SAAS_OWN_DOMAINS)
        .split(",")
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    },
    mailFrom: text(vars.PLATFORM_MAIL_FROM),
  };
}
