// A journal host's custom hostname stored in the platform database (migrations/0250) through the stand-in of
// Cloudflare's API: created pending with the owner's DNS records, active after refreshes, the last state kept when
// Cloudflare fails or times out, and hosts without a custom hostname shown active as before (decision 0356).
import { describe, expect, it } from "vitest";
import { createJournal, db } from "#tests/api/fixtures";
import type { Db } from "../../core/env";
import { hostsByJournal } from "../platform-journals.repo";
import { refreshPendingHosts, saasOf, syncHost } from "./host-hostnames";

const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const saas = (token = "standin-token") =>
  saasOf({ zoneId: ZONE, cnameTarget: "hosts.platform.example", apiBase: "http://cloudflare-api.test/client/v4", token, ownDomains: [] })!;
const platformDb = db as unknown as Db;
const hostOf = async (journalId: number, host: string) =>
  (await hostsByJournal(platformDb, journalId)).get(journalId)?.find((h) => h.host === host);
const control = (hostname: string, change: Record<string, unknown>) =>
  fetch(`http://cloudflare-api.test/__standin/custom_hostnames/${hostname}`, { method: "POST", body: JSON.stringify(change) });

describe("a journal host as a custom hostname", () => {
  it("a host without a custom hostname is active with no DNS records to set (as before)", async () => {
    const j = await createJournal();
    expect(await hostOf(j.id, j.host)).toMatchObject({ status: "active", certificateStatus: null, dns: [], lastError: null });
  });

  it("is stored pending with its DNS records, then active after the Cron Trigger's refreshes", async () => {
    const j = await createJournal({ host: `${crypto.randomUUID().slice(0, 8)}.journal.example` });
    await syncHost(platformDb, saas(), j.host);
    const pending = await hostOf(j.id, j.host);
    expect(pending?.status).toBe("pending");
    expect(pending?.dns.map((r) => `${r.type} ${r.purpose}`)).toEqual(["CNAME traffic", "TXT ownership", "TXT certificate"]);
    expect(pending?.dns[0]).toMatchObject({ name: j.host, value: "hosts.platform.example" });
    await refreshPendingHosts(platformDb, saas(), 500);
    await refreshPendingHosts(platformDb, saas(), 500);
    expect(await hostOf(j.id, j.host)).toMatchObject({ status: "active", certificateStatus: "active", lastError: null });
  });

  it("keeps the last known state when Cloudflare fails, and says what failed", async () => {
    const j = await createJournal({ host: `${crypto.randomUUID().slice(0, 8)}.journal.example` });
    await syncHost(platformDb, saas(), j.host);
    const before = await hostOf(j.id, j.host);
    await control(j.host, { fail: 503 });
    await syncHost(platformDb, saas(), j.host);
    const after = await hostOf(j.id, j.host);
    expect(after).toMatchObject({ status: before?.status, dns: before?.dns });
    expect(after?.lastError).toMatch(/503/);
    await control(j.host, { fail: 0 });
    await syncHost(platformDb, saas(), j.host);
    expect((await hostOf(j.id, j.host))?.lastError).toBeNull();
  });

  it("a host whose custom hostname could not be created is pending (not answering) and created on the next refresh", async () => {
    const j = await createJournal({ host: `${crypto.randomUUID().slice(0, 8)}.journal.example` });
    await syncHost(platformDb, saas("standin-no-permission"), j.host);
    const failed = await hostOf(j.id, j.host);
    expect(failed).toMatchObject({ status: "pending", dns: [] });
    expect(failed?.lastError).toMatch(/permission/);
    await syncHost(platformDb, saas(), j.host);
    expect((await hostOf(j.id, j.host))?.dns.length).toBe(3);
  });
});
