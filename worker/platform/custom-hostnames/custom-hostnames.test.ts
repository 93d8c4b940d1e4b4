// Custom hostnames against the local stand-in of Cloudflare's API (tests/cloudflare-api-standin.ts): each status a
// hostname takes, the DNS records its owner must set, API errors and timeouts (issue 52 item 4).
import { describe, expect, it } from "vitest";
import { cloudflareApi } from "./cloudflare-api";
import { answersReaders, createHostname, deleteHostname, refreshHostname, type SaasConfig } from "./custom-hostname-state";

const BASE = "http://cloudflare-api.test/client/v4";
const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const saas = (token = "standin-token", timeoutMs = 2_000): SaasConfig => ({
  api: cloudflareApi({ base: BASE, token, timeoutMs }),
  zoneId: ZONE,
  cnameTarget: "hosts.platform.example",
});
const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}.example.org`;
const control = (hostname: string, change: Record<string, unknown>) =>
  fetch(`http://cloudflare-api.test/__standin/custom_hostnames/${hostname}`, { method: "POST", body: JSON.stringify(change) });

async function created(hostname: string) {
  const result = await createHostname(saas(), hostname);
  if (!("state" in result)) throw new Error(`create failed: ${JSON.stringify(result)}`);
  return result.state;
}

describe("custom hostnames through the stand-in", () => {
  it("a new host is pending, does not answer readers, and lists the CNAME, ownership TXT and certificate TXT", async () => {
    const hostname = unique("journal");
    const state = await created(hostname);
    expect(state.status).toBe("pending");
    expect(state.certificateStatus).toBe("pending_validation");
    expect(answersReaders(state)).toBe(false);
    expect(state.dns.map((r) => [r.type, r.purpose, r.name])).toEqual([
      ["CNAME", "traffic", hostname],
      ["TXT", "ownership", `_cf-custom-hostname.${hostname}`],
      ["TXT", "certificate", `_acme-challenge.${hostname}`],
    ]);
    expect(state.dns[0].value).toBe("hosts.platform.example");
    for (const r of state.dns) expect(r.value.length).toBeGreaterThan(8);
  });

  it("becomes active after refreshes; then only the CNAME remains to keep", async () => {
    const hostname = unique("refresh");
    const { hostnameId } = await created(hostname);
    const first = await refreshHostname(saas(), hostnameId);
    expect("state" in first && first.state.status).toBe("pending");
    const second = await refreshHostname(saas(), hostnameId);
    if (!("state" in second)) throw new Error("refresh failed");
    expect(second.state.status).toBe("active");
    expect(answersReaders(second.state)).toBe(true);
    expect(second.state.dns.map((r) => r.type)).toEqual(["CNAME"]);
  });

  it.each(["blocked", "moved", "deleted", "pending_deletion"])("a %s hostname does not answer readers", async (status) => {
    const hostname = unique(status.replace("_", "-"));
    const { hostnameId } = await created(hostname);
    await control(hostname, { status, sslStatus: status === "blocked" ? "pending_validation" : "deleted" });
    const result = await refreshHostname(saas(), hostnameId);
    if (!("state" in result)) throw new Error("refresh failed");
    expect(result.state.status).toBe(status);
    expect(answersReaders(result.state)).toBe(false);
    if (status === "blocked") expect(result.state.problem).toMatch(/blocked/);
  });

  it("an active hostname whose certificate is not yet active does not answer readers", async () => {
    const hostname = unique("cert");
    const { hostnameId } = await created(hostname);
    await control(hostname, { status: "active", sslStatus: "pending_issuance" });
    const result = await refreshHostname(saas(), hostnameId);
    if (!("state" in result)) throw new Error("refresh failed");
    expect(answersReaders(result.state)).toBe(false);
  });

  it("an API error is reported, not thrown, on create and refresh", async () => {
    const hostname = unique("error");
    await control(hostname, { fail: 500 });
    expect(await createHostname(saas(), hostname)).toEqual({
      failure: { error: "cloudflare_error", message: "500: Internal error (stand-in)" },
    });
    const other = unique("error-later");
    const { hostnameId } = await created(other);
    await control(other, { fail: 502 });
    const refresh = await refreshHostname(saas(), hostnameId);
    expect("failure" in refresh && refresh.failure.error).toBe("cloudflare_error");
  });

  it("a timeout is reported as such within the client's limit", async () => {
    const hostname = unique("slow");
    await control(hostname, { hang: true });
    const started = Date.now();
    const result = await createHostname(saas("standin-token", 300), hostname);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect("failure" in result && result.failure.error).toBe("cloudflare_timeout");
  });

  it("a token without the permission is named as such", async () => {
    const result = await createHostname(saas("standin-no-permission"), unique("perm"));
    expect("failure" in result && result.failure.error).toBe("cloudflare_permission");
  });

  it("creating again after a create whose answer was lost takes over the existing hostname", async () => {
    const hostname = unique("retry");
    const first = await created(hostname);
    const again = await created(hostname);
    expect(again.hostnameId).toBe(first.hostnameId);
  });

  it("deleting removes the hostname; deleting one Cloudflare no longer has is not an error", async () => {
    const hostname = unique("gone");
    const { hostnameId } = await created(hostname);
    expect(await deleteHostname(saas(), hostnameId)).toEqual({ deleted: true });
    expect(await deleteHostname(saas(), hostnameId)).toEqual({ deleted: true });
    const after = await refreshHostname(saas(), hostnameId);
    expect("failure" in after && after.failure.error).toBe("cloudflare_not_found");
  });
});
