// The D1 and R2 bindings for maintenance scripts (files:orphans, backup, restore): the local state the server
// uses (PERSIST_DIR, migrated), or with --remote the production database and bucket of wrangler.toml through
// wrangler's remote bindings (needs `wrangler login` or CLOUDFLARE_API_TOKEN + CLOUDFLARE_ACCOUNT_ID).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { experimental_readRawConfig, getPlatformProxy } from "wrangler";
import { openMigratedPlatform, persistDir, wranglerConfig, type LocalPlatform } from "./local-state";

export async function openPlatform(opts: { remote: boolean; dir?: string; log?: (msg: string) => void }): Promise<LocalPlatform> {
  if (!opts.remote) return openMigratedPlatform(opts.dir ?? persistDir(), opts.log);
  const { rawConfig } = experimental_readRawConfig({ config: wranglerConfig });
  // The platform database and every journal database (docs/decisions/0240), and the bucket.
  const d1 = (rawConfig.d1_databases ?? []).filter((d: { binding: string }) => /^(DB|JOURNALS_\d+)$/.test(d.binding));
  const r2 = rawConfig.r2_buckets?.find((b: { binding: string }) => b.binding === "FILES");
  if (!d1.some((d: { binding: string }) => d.binding === "DB") || !r2) throw new Error("wrangler.toml has no DB / FILES bindings");
  // A config with only these bindings, marked remote: getPlatformProxy then talks to Cloudflare for them.
  const tmp = mkdtempSync(path.join(os.tmpdir(), "journal-edge-remote-"));
  const config = path.join(tmp, "wrangler.json");
  writeFileSync(
    config,
    JSON.stringify({
      name: rawConfig.name,
      compatibility_date: rawConfig.compatibility_date,
      d1_databases: d1.map((d: { binding: string; database_name?: string; database_id?: string }) => ({
        binding: d.binding,
        database_name: d.database_name,
        database_id: d.database_id,
        remote: true,
      })),
      r2_buckets: [{ binding: "FILES", bucket_name: r2.bucket_name, remote: true }],
    }),
  );
  const proxy = await getPlatformProxy<Record<string, unknown>>({ configPath: config, envFiles: [], persist: false });
  return {
    env: proxy.env as unknown as LocalPlatform["env"],
    dispose: async () => {
      await proxy.dispose();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** `--name value` or `--name=value` from argv. */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
