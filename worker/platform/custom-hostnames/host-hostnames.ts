// A journal host's custom hostname kept in step with Cloudflare (docs/decisions/0356): created when the host is
// added, asked again on Refresh and by the Cron Trigger, deleted when the host is removed. A failed call never
// loses or breaks the host: its last known state stays, with the failure beside it.
import type { AppConfig, Db } from "../../core/env";
import { platformDatabase } from "../../core/data/shards";
import { isOwnDomainHost, saasSettingsOf } from "./saas-config";
import { HttpError } from "../../core/errors";
import { hostnameIdOf, hostsToRefresh, recordHostname } from "../platform-journals.repo";
import { cloudflareApi } from "./cloudflare-api";
import { createHostname, deleteHostname, refreshHostname, type SaasConfig } from "./custom-hostname-state";

export function saasOf(config: AppConfig["saas"], fetcher?: typeof fetch): SaasConfig | null {
  if (!config) return null;
  return {
    api: cloudflareApi({ base: config.apiBase, token: config.token, timeoutMs: 8_000, fetch: fetcher }),
    zoneId: config.zoneId,
    cnameTarget: config.cnameTarget,
    ownDomains: config.ownDomains,
  };
}

async function record(db: Db, host: string, result: Awaited<ReturnType<typeof refreshHostname>>, pending: boolean) {
  if ("state" in result) await recordHostname(db, host, { state: result.state });
  else await recordHostname(db, host, { error: result.failure.message, pending });
}

/** Creates (or, when creating failed before, creates again) or refreshes one host's custom hostname. */
export async function syncHost(db: Db, saas: SaasConfig, host: string): Promise<void> {
  if (isOwnDomainHost(saas.ownDomains ?? [], host)) return;
  const id = await hostnameIdOf(db, host);
  if (id) await record(db, host, await refreshHostname(saas, id), false);
  else await record(db, host, await createHostname(saas, host), true);
}

/**
 * Before a host's row goes: its custom hostname goes at Cloudflare. When Cloudflare fails or does not answer, the
 * failure is noted on the host and the removal refused (502 cloudflare_failed with the reason): the host stays, with
 * its hostname, until a later try succeeds, so no custom hostname is left behind unseen.
 */
export async function deleteHostHostname(db: Db, saas: SaasConfig, host: string, hostnameId: string | null): Promise<void> {
  if (!hostnameId) return;
  const result = await deleteHostname(saas, hostnameId);
  if (!("failure" in result)) return;
  await recordHostname(db, host, { error: result.failure.message, pending: false });
  throw new HttpError(502, "cloudflare_failed", { reason: result.failure.error, message: result.failure.message });
}

/** The console's Refresh: asks Cloudflare now (creating the custom hostname if an earlier try failed). */
export async function refreshHost(db: Db, saas: SaasConfig, host: string): Promise<void> {
  await syncHost(db, saas, host);
}

/** The Cron Trigger's pass: every host not yet active, oldest check first, a bounded number per run. */
export async function refreshPendingHosts(db: Db, saas: SaasConfig, limit = 50): Promise<number> {
  const hosts = await hostsToRefresh(db, limit);
  for (const h of hosts) await syncHost(db, saas, h.host);
  return hosts.length;
}

/** The Cron Trigger's entry: nothing to do without a SaaS zone; a failure of one host never stops the others. */
export async function refreshHostsOnSchedule(env: Env): Promise<number> {
  const saas = saasOf(saasSettingsOf(env));
  return saas ? refreshPendingHosts(platformDatabase(env), saas) : 0;
}
