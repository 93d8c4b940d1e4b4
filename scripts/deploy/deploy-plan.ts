// The plan of a deploy: every step `npm run deploy` would take, each with what is known offline. Pure: the same
// config and recorded state give the same plan (tested by running `npm run deploy -- --plan` without network).
import type { DeployConfig } from "./deploy-config";
import type { DeployState } from "./deploy-state";

export type StepKind =
  | "d1"
  | "r2"
  | "queue"
  | "saas-fallback-origin"
  | "saas-route"
  | "saas-own-domains"
  | "mail-sender"
  | "secret"
  | "migrations"
  | "worker";

export interface PlanStep {
  kind: StepKind;
  /** What the step is about: a database name, a bucket, a secret name... */
  subject: string;
  /** "create", "set", "apply", "deploy", "check" (exists or not is only known online), "none" (nothing to do). */
  action: "create" | "set" | "apply" | "deploy" | "check" | "none" | "needs-config";
  detail: string;
  /** The Cloudflare API token permission the step needs (docs/production.md, "API token"). */
  permission: string;
}

export const PERMISSIONS: Record<StepKind, string> = {
  d1: "Account · D1 · Edit",
  r2: "Account · Workers R2 Storage · Edit",
  queue: "Account · Queues · Edit",
  worker: "Account · Workers Scripts · Edit",
  secret: "Account · Workers Scripts · Edit",
  migrations: "Account · D1 · Edit",
  "saas-fallback-origin": "Zone · SSL and Certificates · Edit (the SaaS zone)",
  "saas-route": "Zone · Workers Routes · Edit (the SaaS zone)",
  // Read from wrangler.toml [vars] and shipped with the Worker: no API call of their own.
  "saas-own-domains": "none (a [vars] setting deployed with the Worker)",
  "mail-sender": "none (a [vars] setting deployed with the Worker)",
};

/** The Worker route that makes the Worker the origin of every custom hostname of the SaaS zone. */
export const SAAS_ROUTE_PATTERN = "*/*";

export function deployPlan(config: DeployConfig, state: DeployState | undefined): PlanStep[] {
  const steps: PlanStep[] = [];
  const step = (kind: StepKind, subject: string, action: PlanStep["action"], detail: string) =>
    steps.push({ kind, subject, action, detail, permission: PERMISSIONS[kind] });

  for (const db of config.databases) {
    const role = db.binding === "DB" ? "platform database" : "journal database";
    if (db.id) step("d1", db.name, "check", `${role} ${db.binding}, id ${db.id} in wrangler.toml (created when missing)`);
    else step("d1", db.name, "create", `${role} ${db.binding}: wrangler.toml holds the placeholder id; the id created is written there`);
  }
  for (const bucket of config.buckets) step("r2", bucket, "check", "R2 bucket (created when missing)");
  for (const queue of config.queues) step("queue", queue, "check", "queue (created when missing)");

  for (const db of config.databases) {
    const applied = state?.migrations[db.name];
    if (!db.id) step("migrations", db.name, "apply", `all ${config.migrations.length} migrations (new database)`);
    else if (!applied) {
      step("migrations", db.name, "apply", `unknown offline: ${config.migrations.length} migration files, none recorded as applied here`);
    } else {
      const pending = config.migrations.filter((m) => !applied.includes(m));
      if (pending.length === 0) step("migrations", db.name, "none", `none pending (as recorded ${state?.recordedAt})`);
      else step("migrations", db.name, "apply", `${pending.length} pending as recorded ${state?.recordedAt}: ${pending.join(", ")}`);
    }
  }

  step("worker", config.workerName, "deploy", "npm run build, then wrangler deploy");

  const known = new Set(state?.secrets ?? []);
  for (const secret of config.secrets) {
    if (known.has(secret)) step("secret", secret, "none", `set (as recorded ${state?.recordedAt})`);
    else
      step(
        "secret",
        secret,
        "set",
        state ? "missing: not among the secrets recorded" : "unknown offline (none recorded): set it unless it already is",
      );
  }

  const { zoneId, fallbackOrigin } = config.saas;
  if (!zoneId || !fallbackOrigin) {
    const missing = [!zoneId && "SAAS_ZONE_ID", !fallbackOrigin && "SAAS_FALLBACK_ORIGIN"].filter(Boolean).join(" and ");
    step("saas-fallback-origin", fallbackOrigin || "(not configured)", "needs-config", `set ${missing} in wrangler.toml [vars] first`);
    step(
      "saas-route",
      `${SAAS_ROUTE_PATTERN} -> ${config.workerName}`,
      "needs-config",
      `the Worker route ${SAAS_ROUTE_PATTERN} on the SaaS zone, once ${missing} is set`,
    );
  } else {
    step(
      "saas-fallback-origin",
      fallbackOrigin,
      "set",
      `custom hostname fallback origin of zone ${zoneId} (PUT .../custom_hostnames/fallback_origin)`,
    );
    step(
      "saas-route",
      `${SAAS_ROUTE_PATTERN} -> ${config.workerName}`,
      "check",
      `Worker route ${SAAS_ROUTE_PATTERN} on zone ${zoneId} (created when missing)`,
    );
  }
  const own = config.saas.ownDomains;
  const zoneSet = Boolean(zoneId && fallbackOrigin);
  step(
    "saas-own-domains",
    own.length ? own.join(", ") : "(none)",
    "none",
    own.length
      ? `SAAS_OWN_DOMAINS: journal hosts equal to or under these are served by the SaaS zone itself — no custom hostname, they answer at once (decision 0357); every other host waits until Cloudflare says it is active`
      : zoneSet
        ? "SAAS_OWN_DOMAINS is empty: every journal host, the platform's own subdomains too, is a custom hostname and answers readers only once Cloudflare says it is active (decision 0357)"
        : "SAAS_OWN_DOMAINS is empty; it matters once the SaaS zone is set: then every journal host not equal to or under one of these domains is a custom hostname and answers readers only once Cloudflare says it is active (decision 0357)",
  );
  step(
    "mail-sender",
    config.mailFrom || "(none)",
    config.mailFrom ? "none" : "needs-config",
    config.mailFrom
      ? `PLATFORM_MAIL_FROM: a journal whose sending domain lacks Email Service's DNS records sends from this address, with its own name and a Reply-To of its address (decision 0395); its domain must be onboarded to Email Sending`
      : "PLATFORM_MAIL_FROM is empty: a journal whose sending domain lacks Email Service's DNS records still sends from its own address, which Email Service refuses (decision 0395); set it to an address on a domain onboarded to Email Sending",
  );
  return steps;
}

const TITLES: Record<StepKind, string> = {
  d1: "D1 databases",
  r2: "R2 buckets",
  queue: "Queues",
  migrations: "Migrations pending",
  worker: "Worker",
  secret: "Secrets",
  "saas-fallback-origin": "Cloudflare for SaaS: custom hostname fallback origin",
  "saas-route": "Cloudflare for SaaS: fallback route",
  "saas-own-domains": "Cloudflare for SaaS: the platform's own domains (SAAS_OWN_DOMAINS)",
  "mail-sender": "Mail: the platform's sender for journals whose domain is not set up (PLATFORM_MAIL_FROM)",
};

/** The plan as a person reads it: one section per kind, one line per step. */
export function formatPlan(steps: PlanStep[], stateNote: string): string {
  const lines = ["Deploy plan (nothing changed; `npm run deploy` does these steps, skipping what exists).", stateNote, ""];
  for (const kind of Object.keys(TITLES) as StepKind[]) {
    const mine = steps.filter((s) => s.kind === kind);
    if (mine.length === 0) continue;
    lines.push(`${TITLES[kind]}  [token: ${PERMISSIONS[kind]}]`);
    for (const s of mine) lines.push(`  ${s.action.padEnd(12)} ${s.subject} — ${s.detail}`);
    lines.push("");
  }
  return lines.join("\n");
}
