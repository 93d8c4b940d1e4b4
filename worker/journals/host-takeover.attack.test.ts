// Attack (issue 13, item 1): one journal's admin tries to take over a host that falls back to the default
// journal — including the default journal's own configured Domain — through POST /api/settings.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createJournal, db, getJson, request, unique } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { journalDomains, journals } from "../core/data/schema";

/** The default journal (created once per test file when the file's database has none). */
async function defaultJournal() {
  const [found] = await db.select().from(journals).where(eq(journals.isDefault, true));
  if (found) return { id: found.id, host: found.domain };
  return createJournal({ websitename: "The Default Journal", isDefault: true });
}

function saveSettings(host: string, token: string, body: unknown) {
  return getJson(host, "/api/settings", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("attack: claiming another journal's host through the Domain setting", () => {
  it("refuses a host the journal does not own, and the host keeps serving the journal it served", async () => {
    const def = await defaultJournal();
    // The default journal's configured Domain, never registered as a host: it falls back to the default journal.
    const configured = `www.${unique("victim")}.example`;
    await db.update(journals).set({ domain: configured }).where(eq(journals.id, def.id));
    const attacker = await createJournal({ websitename: "Attacker Journal" });
    const token = await adminToken(attacker);

    for (const target of [configured, `unclaimed-${attacker.host}`, def.host]) {
      const r = await saveSettings(attacker.host, token, { domain: target });
      expect([target, r.status, r.body.error]).toEqual([target, 422, "domain_not_assigned"]);
      // Raw request with the claimed Host: still the journal it was before, and the attacker's token is worthless there.
      const before = await getJson(target, "/api/settings/");
      expect(before.body.websitename).not.toBe("Attacker Journal");
      expect((await request(target, "/api/admin/", { headers: bearer(token) })).status).toBe(401);
    }
    const rows = await db.select().from(journalDomains).where(eq(journalDomains.journalId, attacker.id));
    expect(rows.map((r) => r.domain)).toEqual([attacker.host]);
    expect((await getJson(attacker.host, "/api/settings/")).body.domain).toBe(attacker.host);
  });

  it("lets a journal pick among its own hosts (the operator assigned them)", async () => {
    const j = await createJournal();
    await db.insert(journalDomains).values({ domain: `www.${j.host}`, journalId: j.id });
    const token = await adminToken(j);
    const r = await saveSettings(j.host, token, { domain: `https://WWW.${j.host}/` });
    expect(r).toMatchObject({ status: 200, body: { settings: { domain: `www.${j.host}` } } });
    const rows = await db.select().from(journalDomains).where(eq(journalDomains.journalId, j.id));
    expect(Object.fromEntries(rows.map((x) => [x.domain, x.isPrimary]))).toEqual({ [j.host]: false, [`www.${j.host}`]: true });
    // Re-saving the same value changes nothing and succeeds.
    expect((await saveSettings(j.host, token, { domain: `www.${j.host}` })).status).toBe(200);
  });
});
