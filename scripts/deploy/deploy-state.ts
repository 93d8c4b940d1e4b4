// What the last `npm run deploy` on this checkout saw and did, so that `--plan` can say offline what is pending
// without pretending: migrations applied per database and the secrets set. Kept in .wrangler/ (not committed, like
// wrangler's own state): a fresh clone has none, and the plan then says "unknown offline".
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const stateSchema = z.object({
  recordedAt: z.string(),
  /** database_name -> migration files applied there. */
  migrations: z.record(z.string(), z.array(z.string())).default({}),
  secrets: z.array(z.string()).default([]),
});
export type DeployState = z.infer<typeof stateSchema>;

export const statePath = (repoRoot: string) => path.join(repoRoot, ".wrangler", "deploy-state.json");

/** The recorded state, or undefined when none was recorded (or the file is unreadable: then nothing is known). */
export function readDeployState(repoRoot: string): DeployState | undefined {
  const file = statePath(repoRoot);
  if (!existsSync(file)) return undefined;
  try {
    return stateSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return undefined;
  }
}

export function writeDeployState(repoRoot: string, state: Omit<DeployState, "recordedAt">): void {
  const file = statePath(repoRoot);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...state, recordedAt: new Date().toISOString() }, null, 2)}\n`);
}
