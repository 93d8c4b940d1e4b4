// Cloudflare for SaaS from the Worker's configuration (SAAS_ZONE_ID, SAAS_FALLBACK_ORIGIN, CLOUDFLARE_API_BASE, the
// secret CLOUDFLARE_API_TOKEN): read once here for requests (worker/core/middleware/request-context.ts) and the Cron
// Trigger alike. Null when no zone is configured: hosts are not custom hostnames (docs/decisions/0356).
import { CLOUDFLARE_API } from "./cloudflare-api";

export interface SaasSettings {
  zoneId: string;
  cnameTarget: string;
  apiBase: string;
  token: string;
  /** Domains the platform's own zone serves directly (SAAS_OWN_DOMAINS, comma separated): a host equal to or under
   * one needs no custom hostname and answers at once (decision 0357); `npm start` lists "localhost". */
  ownDomains: string[];
}

export function saasSettingsOf(env: {
  SAAS_ZONE_ID?: string;
  SAAS_FALLBACK_ORIGIN?: string;
  CLOUDFLARE_API_BASE?: string;
  CLOUDFLARE_API_TOKEN?: string;
  SAAS_OWN_DOMAINS?: string;
}): SaasSettings | null {
  if (!env.SAAS_ZONE_ID || !env.SAAS_FALLBACK_ORIGIN || !env.CLOUDFLARE_API_TOKEN) return null;
  return {
    zoneId: env.SAAS_ZONE_ID,
    cnameTarget: env.SAAS_FALLBACK_ORIGIN,
    apiBase: (env.CLOUDFLARE_API_BASE || CLOUDFLARE_API).replace(/\/+$/, ""),
    token: env.CLOUDFLARE_API_TOKEN,
    ownDomains: (env.SAAS_OWN_DOMAINS ?? "")
      .split(",")
      .map((d) =>
        d
          .trim()
          .toLowerCase()
          .replace(/^\.+|\.+$/g, ""),
      )
      .filter(Boolean),
  };
}

/** Whether the platform's own zone serves this host (no custom hostname needed). */
export const isOwnDomainHost = (ownDomains: readonly string[], host: string) =>
  ownDomains.some((d) => host === d || host.endsWith(`.${d}`));
