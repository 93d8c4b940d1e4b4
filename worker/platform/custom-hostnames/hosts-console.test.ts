// The console's host flow with a SaaS zone configured (issue 52 items 1 and 4), through the Worker's own entry with
// the zone's variables set and Cloudflare's API answered by the local stand-in (tests/cloudflare-api-standin.ts):
// adding a host creates its custom hostname, Refresh and the Cron Trigger bring its status, removing deletes it; a
// host answers readers only once active; Cloudflare's failures and timeouts never lose a host and are said.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import { request } from "#tests/api/fixtures";
import { consoleJournal, createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";
import type { HostAnswer, JournalSummary } from "#contract/platform";

const saasEnv = {
  ...env,
  SAAS_ZONE_ID: "023e105f4ecef8ad9ca31a8372d0c353",
  SAAS_FALLBACK_ORIGIN: "hosts.platform.example",
  CLOUDFLARE_API_BASE: "http://cloudflare-api.test/client/v4",
  CLOUDFLARE_API_TOKEN: "standin-token",
  SAAS_OWN_DOMAINS: "platform.example, own.test",
} as Env;

async function withZone(token: string, method: string, path: string, body?: unknown) {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(
    new Request(`http://${PLATFORM_HOST}/api/platform${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }) as Request<unknown, IncomingRequestCfProperties>,
    saasEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (await res.json()) as { journal: JournalSummary; error?: string; reason?: string } };
}

const control = (hostname: string, change: Record<string, unknown>) =>
  fetch(`http://cloudflare-api.test/__standin/custom_hostnames/${hostname}`, { method: "POST", body: JSON.stringify(change) });
const cloudflareHas = async (hostname: string) =>
  (
    (await (
      await fetch(`http://cloudflare-api.test/client/v4/zones/${saasEnv.SAAS_ZONE_ID}/custom_hostnames?hostname=${hostname}`, {
        headers: { Authorization: "Bearer standin-token" },
      })
    ).json()) as { result: unknown[] }
  ).result.length > 0;
const hostIn = (j: JournalSummary, host: string): HostAnswer | undefined => j.hosts.find((h) => h.host === host);
const fresh = () => `${crypto.randomUUID().slice(0, 8)}.journal.example`;

async function journalWithHost() {
  const op = await createOperator();
  const j = await consoleJournal(op);
  const host = fresh();
  const added = await withZone(op.token, "POST", `/journals/${j.id}/hosts`, { host });
  expect(added.status).toBe(201);
  return { op, j, host, added: hostIn(added.body.journal, host)! };
}

describe("console hosts as custom hostnames", () => {
  it("a new journal's primary host is a custom hostname too; a host under the platform's own domain answers at once", async () => {
    const op = await createOperator();
    const primaryHost = fresh();
    const created = await withZone(op.token, "POST", "/journals", {
      name: `Journal ${primaryHost}`,
      abbreviation: "J",
      issnPrint: "",
      issnOnline: "",
      contactEmail: "",
      primaryHost,
    });
    expect(created.status).toBe(201);
    expect(hostIn(created.body.journal, primaryHost)?.status).toBe("pending");
    const own = `${crypto.randomUUID().slice(0, 8)}.own.test`;
    const added = await withZone(op.token, "POST", `/journals/${created.body.journal.id}/hosts`, { host: own });
    expect(hostIn(added.body.journal, own)).toMatchObject({ status: "active", dns: [] });
    expect(await cloudflareHas(own)).toBe(false);
    expect((await request(own, "/api/settings/")).status).toBe(200);
  });

  it("adding a host creates its custom hostname: pending, with the CNAME and TXT records its owner must set", async () => {
    const { op, j, host, added } = await journalWithHost();
    expect(added).toMatchObject({ status: "pending", certificateStatus: "pending_validation", lastError: null });
    expect(added.dns.map((r) => `${r.type} ${r.name}`)).toEqual([
      `CNAME ${host}`,
      `TXT _cf-custom-hostname.${host}`,
      `TXT _acme-challenge.${host}`,
    ]);
    expect(await cloudflareHas(host)).toBe(true);
    // The contract's GET lists the same.
    const listed = await withZone(op.token, "GET", `/journals/${j.id}`);
    expect(hostIn(listed.body.journal, host)?.dns).toEqual(added.dns);
  });

  it("a pending host answers no reader (not even as the default journal); once active through Refresh it serves its journal", async () => {
    const { op, j, host } = await journalWithHost();
    expect((await request(host, "/api/settings/")).status).toBe(404);
    const first = await withZone(op.token, "POST", `/journals/${j.id}/hosts/${host}/refresh`);
    expect(hostIn(first.body.journal, host)?.status).toBe("pending");
    const second = await withZone(op.token, "POST", `/journals/${j.id}/hosts/${host}/refresh`);
    expect(hostIn(second.body.journal, host)).toMatchObject({ status: "active", certificateStatus: "active" });
    expect(hostIn(second.body.journal, host)?.dns.map((r) => r.type)).toEqual(["CNAME"]);
    const settings = await request(host, "/api/settings/");
    expect(settings.status).toBe(200);
    expect(((await settings.json()) as { websitename: string }).websitename).toBe(j.name);
  });

  it("the Cron Trigger refreshes hosts not yet active", async () => {
    const { op, j, host } = await journalWithHost();
    for (let i = 0; i < 2; i++) {
      const ctx = createExecutionContext();
      await worker.scheduled!({ cron: "0 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController, saasEnv, ctx);
      await waitOnExecutionContext(ctx);
    }
    const after = await withZone(op.token, "GET", `/journals/${j.id}`);
    expect(hostIn(after.body.journal, host)?.status).toBe("active");
  });

  it("a blocked hostname says why and does not answer", async () => {
    const { op, j, host } = await journalWithHost();
    await control(host, { status: "blocked" });
    const r = await withZone(op.token, "POST", `/journals/${j.id}/hosts/${host}/refresh`);
    expect(hostIn(r.body.journal, host)).toMatchObject({ status: "blocked" });
    expect(hostIn(r.body.journal, host)?.problem).toMatch(/blocked/);
    expect((await request(host, "/api/settings/")).status).toBe(404);
  });

  it("Cloudflare failing on add keeps the host (pending, the failure said); Refresh creates it later", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const host = fresh();
    await control(host, { fail: 500 });
    const added = await withZone(op.token, "POST", `/journals/${j.id}/hosts`, { host });
    expect(added.status).toBe(201);
    expect(hostIn(added.body.journal, host)).toMatchObject({ status: "pending", dns: [] });
    expect(hostIn(added.body.journal, host)?.lastError).toMatch(/500/);
    await control(host, { fail: 0 });
    const refreshed = await withZone(op.token, "POST", `/journals/${j.id}/hosts/${host}/refresh`);
    expect(hostIn(refreshed.body.journal, host)).toMatchObject({ status: "pending", lastError: null });
    expect(hostIn(refreshed.body.journal, host)?.dns).toHaveLength(3);
  });

  it("a timeout on Refresh keeps the last known state and says it timed out", async () => {
    const { op, j, host, added } = await journalWithHost();
    await control(host, { hang: true });
    const r = await withZone(op.token, "POST", `/journals/${j.id}/hosts/${host}/refresh`);
    expect(r.status).toBe(200);
    expect(hostIn(r.body.journal, host)).toMatchObject({ status: "pending", dns: added.dns });
    expect(hostIn(r.body.journal, host)?.lastError).toMatch(/in time/);
    await control(host, { hang: false });
  }, 30_000);

  it("removing a host deletes its custom hostname; when Cloudflare fails the host stays and the console is told", async () => {
    const { op, j, host } = await journalWithHost();
    await control(host, { fail: 503 });
    const refused = await withZone(op.token, "DELETE", `/journals/${j.id}/hosts/${host}`);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ error: "cloudflare_failed", reason: "cloudflare_error" });
    const still = await withZone(op.token, "GET", `/journals/${j.id}`);
    expect(hostIn(still.body.journal, host)?.lastError).toMatch(/503/);
    await control(host, { fail: 0 });
    const removed = await withZone(op.token, "DELETE", `/journals/${j.id}/hosts/${host}`);
    expect(removed.status).toBe(200);
    expect(hostIn(removed.body.journal, host)).toBeUndefined();
    expect(await cloudflareHas(host)).toBe(false);
  });
});
