// `npm run deploy -- --plan` (issue 52's contract): offline, exit 0, the D1 databases and the SaaS fallback route.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readDeployConfig } from "./deploy-config";
import { deployPlan, formatPlan } from "./deploy-plan";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

describe("npm run deploy -- --plan", () => {
  it("runs without network or credentials and lists every D1 database, the bucket, queue, secrets and the fallback route", async () => {
    const env = { ...process.env, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_ACCOUNT_ID: "" } as NodeJS.ProcessEnv;
    // Any connection attempt would go to a closed port and fail the command.
    for (const proxy of ["HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy"]) env[proxy] = "http://127.0.0.1:9";
    const { stdout } = await run(path.join(repoRoot, "node_modules/.bin/tsx"), ["scripts/deploy/deploy.ts", "--plan"], {
      cwd: repoRoot,
      env,
      timeout: 60_000,
    });
    for (const db of ["journal-edge", "journal-edge-journals-1", "journal-edge-journals-2", "journal-edge-journals-3"]) {
      expect(stdout).toMatch(new RegExp(`^\\s+\\S+\\s+${db} — `, "m"));
    }
    expect(stdout).toContain("D1 databases");
    expect(stdout).toContain("journal-edge-files");
    expect(stdout).toContain("journal-edge-mail");
    expect(stdout).toMatch(/custom hostname fallback origin/);
    expect(stdout).toMatch(/fallback route[\s\S]*\*\/\* -> journal-edge/);
    for (const secret of ["JWT_SECRET", "CERTIFICATE_KEYS", "BACKUP_SIGNING_KEY"]) expect(stdout).toContain(secret);
    // The platform's own domains are named with what they mean, even when none are set.
    expect(stdout).toMatch(/SAAS_OWN_DOMAINS[\s\S]*custom hostname/);
    expect(stdout).toContain("PLATFORM_MAIL_FROM");
  }, 90_000);
});

describe("the deploy plan", () => {
  const config = readDeployConfig(repoRoot);
  const configured = {
    ...config,
    databases: config.databases.map((d, i) => ({ ...d, id: `1111111${i}-0000-4000-8000-000000000000` })),
    saas: { zoneId: "023e105f4ecef8ad9ca31a8372d0c353", fallbackOrigin: "hosts.example.org", ownDomains: ["platform.example"] },
    mailFrom: "journals@platform.example",
  };

  it("says 'unknown offline' for migrations of existing databases when nothing was recorded", () => {
    const steps = deployPlan(configured, undefined);
    const migrations = steps.filter((s) => s.kind === "migrations");
    expect(migrations).toHaveLength(config.databases.length);
    for (const m of migrations) expect(m.detail).toMatch(/^unknown offline/);
  });

  it("lists only the migrations not recorded as applied, and secrets not recorded as set", () => {
    const [last, ...earlier] = [...config.migrations].reverse();
    const state = {
      recordedAt: "2026-11-28T00:00:00Z",
      migrations: Object.fromEntries(configured.databases.map((d) => [d.name, earlier])),
      secrets: ["JWT_SECRET"],
    };
    const steps = deployPlan(configured, state);
    const platform = steps.find((s) => s.kind === "migrations" && s.subject === "journal-edge");
    expect(platform?.action).toBe("apply");
    expect(platform?.detail).toContain(`1 pending`);
    expect(platform?.detail).toContain(last);
    expect(steps.find((s) => s.subject === "JWT_SECRET")?.action).toBe("none");
    expect(steps.find((s) => s.subject === "BACKUP_SIGNING_KEY")?.action).toBe("set");
  });

  it("sets the zone's fallback origin and the */* route when the SaaS zone is configured", () => {
    const text = formatPlan(deployPlan(configured, undefined), "");
    expect(text).toMatch(/set\s+hosts\.example\.org — custom hostname fallback origin of zone 023e105f4ecef8ad9ca31a8372d0c353/);
    expect(text).toMatch(/check\s+\*\/\* -> journal-edge — Worker route \*\/\* on zone 023e105f4ecef8ad9ca31a8372d0c353/);
    expect(text).toMatch(/none\s+platform\.example — SAAS_OWN_DOMAINS: journal hosts equal to or under these .* no custom hostname/);
    expect(text).toMatch(/none\s+journals@platform\.example — PLATFORM_MAIL_FROM: /);
  });
});
