// The platform secret backups are signed with (BACKUP_SIGNING_KEY, docs/decisions/0182) for the backup and restore
// commands: from the environment, or locally from .dev.vars (which `npm start` writes). For --remote it must be
// exported by hand, the same value as the Worker's secret (wrangler never reads a secret back).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./local-state";

export function backupSigningKey(remote: boolean): string | null {
  if (process.env.BACKUP_SIGNING_KEY) return process.env.BACKUP_SIGNING_KEY;
  if (remote) return null;
  const file = path.join(repoRoot, ".dev.vars");
  if (!existsSync(file)) return null;
  const m = /^\s*BACKUP_SIGNING_KEY\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S*))/m.exec(readFileSync(file, "utf8"));
  return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
}

/** How to get a key, for the error a command prints when none is set. */
export const BACKUP_KEY_HELP = `Locally, npm start writes one into .dev.vars; for --remote, export BACKUP_SIGNING_KEY with the value of the Worker's secret (docs/production.md).`;
