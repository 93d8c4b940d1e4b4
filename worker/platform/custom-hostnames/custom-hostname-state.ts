// What the console stores and shows for a journal host that is a Cloudflare for SaaS custom hostname (issue 52):
// its status and certificate status in plain words, the DNS records the domain's owner must set, and whether it
// answers readers. Derived from Cloudflare's answer; when the API fails or times out, the last known state is kept
// and the failure is noted beside it, so a host is never lost or broken by an outage (docs/decisions/0356).
import { CloudflareApiError, type CloudflareApi, type CustomHostname } from "./cloudflare-api";

export interface DnsRecord {
  type: "CNAME" | "TXT";
  name: string;
  value: string;
  /** Why the owner sets it: "traffic" (CNAME to the platform), "ownership", "certificate". */
  purpose: "traffic" | "ownership" | "certificate";
}

export interface HostnameState {
  hostnameId: string;
  /** Cloudflare's hostname status (pending, active, moved, blocked, deleted, pending_deletion, ...). */
  status: string;
  /** Cloudflare's certificate status (pending_validation, pending_issuance, active, validation_timed_out, ...). */
  certificateStatus: string;
  dns: DnsRecord[];
  /** What Cloudflare says is wrong (verification or validation errors), if anything. */
  problem: string | null;
}

/** The last call's failure, kept next to the last known state. */
export interface RefreshFailure {
  error: "cloudflare_timeout" | "cloudflare_unreachable" | "cloudflare_permission" | "cloudflare_error" | "cloudflare_not_found";
  message: string;
}

/** A host answers readers once Cloudflare says both the hostname and its certificate are active. */
export const answersReaders = (state: Pick<HostnameState, "status" | "certificateStatus">) =>
  state.status === "active" && state.certificateStatus === "active";

/** The records the domain's owner must put in their DNS: the CNAME always (it carries the traffic), the TXT records
 * while Cloudflare still asks for them. */
export function hostnameState(h: CustomHostname, cnameTarget: string): HostnameState {
  const dns: DnsRecord[] = [{ type: "CNAME", name: h.hostname, value: cnameTarget, purpose: "traffic" }];
  if (h.ownership_verification && h.status !== "active") {
    dns.push({ type: "TXT", name: h.ownership_verification.name, value: h.ownership_verification.value, purpose: "ownership" });
  }
  for (const r of h.ssl?.validation_records ?? []) {
    if (r.txt_name && r.txt_value) dns.push({ type: "TXT", name: r.txt_name, value: r.txt_value, purpose: "certificate" });
  }
  const problems = [...(h.verification_errors ?? []), ...(h.ssl?.validation_errors ?? []).map((e) => e.message)];
  return {
    hostnameId: h.id,
    status: h.status,
    certificateStatus: h.ssl?.status ?? "initializing",
    dns,
    problem: problems.length > 0 ? problems.join(" ") : null,
  };
}

export function refreshFailure(err: unknown): RefreshFailure {
  if (!(err instanceof CloudflareApiError)) return { error: "cloudflare_error", message: String(err) };
  if (err.status === 0) {
    return { error: err.message.includes("in time") ? "cloudflare_timeout" : "cloudflare_unreachable", message: err.message };
  }
  if (err.isPermission) return { error: "cloudflare_permission", message: `The API token lacks a permission: ${err.message}` };
  if (err.status === 404) return { error: "cloudflare_not_found", message: err.message };
  return { error: "cloudflare_error", message: `${err.status}: ${err.message}` };
}

export interface SaasConfig {
  api: CloudflareApi;
  zoneId: string;
  cnameTarget: string;
  /** Hosts under these are served by the platform's own zone (no custom hostname). */
  ownDomains?: readonly string[];
}

/** Creates the custom hostname of a new host; one that already exists in the zone (a retry after a timeout whose
 * create went through) is taken over rather than failing. */
export async function createHostname(saas: SaasConfig, hostname: string): Promise<{ state: HostnameState } | { failure: RefreshFailure }> {
  try {
    return { state: hostnameState(await saas.api.customHostnames.create(saas.zoneId, hostname), saas.cnameTarget) };
  } catch (err) {
    if (err instanceof CloudflareApiError && err.status === 409) {
      const existing = await saas.api.customHostnames.find(saas.zoneId, hostname).catch(() => undefined);
      if (existing) return { state: hostnameState(existing, saas.cnameTarget) };
    }
    return { failure: refreshFailure(err) };
  }
}

/** Asks Cloudflare again; on failure the caller keeps what it had and records the failure. */
export async function refreshHostname(
  saas: SaasConfig,
  hostnameId: string,
): Promise<{ state: HostnameState } | { failure: RefreshFailure }> {
  try {
    return { state: hostnameState(await saas.api.customHostnames.get(saas.zoneId, hostnameId), saas.cnameTarget) };
  } catch (err) {
    return { failure: refreshFailure(err) };
  }
}

/** Deletes the custom hostname of a removed host; one Cloudflare no longer has counts as deleted. */
export async function deleteHostname(saas: SaasConfig, hostnameId: string): Promise<{ deleted: true } | { failure: RefreshFailure }> {
  try {
    await saas.api.customHostnames.delete(saas.zoneId, hostnameId);
    return { deleted: true };
  } catch (err) {
    const failure = refreshFailure(err);
    return failure.error === "cloudflare_not_found" ? { deleted: true } : { failure };
  }
}
