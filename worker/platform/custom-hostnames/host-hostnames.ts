// A journal host's custom hostname kept in step with Cloudflare (docs/decisions/0356): created when the host is
// added, asked again on Refresh and by the Cron Trigger, deleted when the host is removed. A failed call never
// loses or breaks the host: its last known state stays, with the failure beside it.
import type { AppConfig, Db } from "../../core/env";
import { hostnameIdOf, hostsToRefresh, recordHostname } from "../platform-journals.repo";
import { cloudflareApi } from "./cloudflare-api";
import { createHostname, deleteHostname, refreshHostname, type SaasConfig } from "./custom-hostname-state";

export function saasOf(config: AppConfig["saas"], fetcher?: typeof fetch): SaasConfig | null {
  if (!config) return null;
  return {
    api: cloudflareApi({ base: config.apiBase, token: config.token, timeoutMs: 8_000, fetch: fetcher }),
    zoneId: config.zoneId,
    cnameTarget: config.cnameTarget,
  };
}

async function record(db: Db, host: string, result: Awaited<ReturnType<typeof refreshHostname>>, pending: boolean) {
  if ("state" in result) await recordHostname(db, host, { state: result.state });
  else await recordHostname(db, host, { error: result.failure.message, pending });
}

/** Creates (or, when creating failed before, creates again) or refreshes one host's custom hostname. */
export async function syncHost(db: Db, saas: SaasConfig, host: string): Promise<void> {
  const id = await hostnameIdOf(db, host);
  if (id) await record(db, host, await refreshHostname(saas, id), false);
  else await record(db, host, await createHostname(saas, host), true);
}

/** After the host's row is gone: the custom hostname goes too. A failure is returned for the console to say. */
export async function deleteHostHostname(saas: SaasConfig, hostnameId: string | null): Promise<string | null> {
  if (!hostnameId) return null;
  const result = await deleteHostname(saas, hostnameId);
  return "failure" in result ? result.failure.message : null;
}

/** The Cron Trigger's pass: every host not yet active, oldest check first, a bounded number per run. */
export async function refreshPendingHosts(db: Db, saas: SaasConfig, limit = 50): Promise<number> {
  const hosts = await hostsToRefresh(db, limit);
  for (const h of hosts) await syncHost(db, saas, h.host);
  return hosts.length;
}
