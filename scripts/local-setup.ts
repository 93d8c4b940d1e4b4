// What `npm start` and `npm run dev` both do before serving: a local secret, migrations, demo data.
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { verifyPassword } from "../worker/auth/password";
import { openMigratedPlatform, repoRoot, type LocalPlatform } from "./local-state";
import { DEMO_ADMIN, hasJournals, seedDemo } from "./demo/seed-demo";

export const devVarsPath = path.join(repoRoot, ".dev.vars");
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/**
 * .dev.vars with a random JWT_SECRET, CERTIFICATE_KEYS (certificate verification codes, docs/decisions/0170) and
 * BACKUP_SIGNING_KEY (backups, docs/decisions/0182) when missing. A short JWT_SECRET is the user's to fix, but admin login would fail with auth_not_configured, so
 * say so now rather than at the first login.
 */
export function ensureDevVars(step: (msg: string) => void): void {
  const newSecret = () => `JWT_SECRET="${randomBytes(32).toString("hex")}"\n`;
  const newCertificateKeys = () => `CERTIFICATE_KEYS="1:${randomBytes(32).toString("hex")}"\n`;
  const newBackupKey = () => `BACKUP_SIGNING_KEY="${randomBytes(32).toString("hex")}"\n`;
  if (!existsSync(devVarsPath)) {
    writeFileSync(
      devVarsPath,
      `# Local secrets for wrangler (never committed). Created by npm start.\n${newSecret()}${newCertificateKeys()}${newBackupKey()}`,
      {
        mode: 0o600,
      },
    );
    step("Created .dev.vars with a random JWT_SECRET, CERTIFICATE_KEYS and BACKUP_SIGNING_KEY");
    return;
  }
  const vars = readFileSync(devVarsPath, "utf8");
  if (!/^\s*CERTIFICATE_KEYS\s*=/m.test(vars)) {
    appendFileSync(devVarsPath, `\n${newCertificateKeys()}`);
    step("Added a random CERTIFICATE_KEYS to .dev.vars");
  }
  if (!/^\s*BACKUP_SIGNING_KEY\s*=/m.test(vars)) {
    appendFileSync(devVarsPath, `\n${newBackupKey()}`);
    step("Added a random BACKUP_SIGNING_KEY to .dev.vars (signs backups)");
  }
  const current = /^\s*JWT_SECRET\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S*))/m.exec(vars);
  if (!current) {
    appendFileSync(devVarsPath, `\n${newSecret()}`);
    step("Added a random JWT_SECRET to .dev.vars");
  } else if ((current[1] ?? current[2] ?? current[3] ?? "").length < 32) {
    console.warn(
      `\x1b[33m!\x1b[0m JWT_SECRET in .dev.vars is shorter than 32 characters: admin login will answer auth_not_configured. Replace it, or delete .dev.vars and npm start writes a new one.`,
    );
  }
}

/**
 * Applies pending migrations and seeds the demo journals when the database has none, in `dir`.
 * Answers whether the demo admin still logs in with the demo password.
 */
export async function prepareLocalData(
  dir: string,
  step: (msg: string) => void,
  track: (p: LocalPlatform | undefined) => void,
): Promise<boolean> {
  const platform = await openMigratedPlatform(dir, step);
  track(platform);
  try {
    if (!(await hasJournals(platform.env))) {
      step("Empty database: seeding the demo journals...");
      const ts = performance.now();
      await seedDemo(platform.env, console.log);
      step(`Seeded in ${seconds(ts)}`);
    }
    // The default journal in the platform database, its staff in its own database (docs/decisions/0240).
    const journal = await platform.env.DB.prepare("SELECT id, shard FROM journals WHERE is_default = 1").first<{
      id: number;
      shard: string;
    }>();
    const database = journal && (platform.env as unknown as Record<string, typeof platform.env.DB>)[journal.shard];
    const admin = database
      ? await database
          .prepare("SELECT password_hash AS hash FROM admin_users WHERE journal_id = ? AND username = ? AND status = 'enabled'")
          .bind(journal.id, DEMO_ADMIN.username)
          .first()
      : null;
    return !!admin && (await verifyPassword(DEMO_ADMIN.password, String(admin.hash)));
  } finally {
    await platform.dispose();
    track(undefined);
  }
}
