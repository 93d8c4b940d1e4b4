// POST /api/settings: saving the settings form, sanitized rich text, and moving the journal's domain.
import { describe, expect, it } from "vitest";
import { createJournal, db, getJson, request } from "#tests/api/fixtures";
import { eq } from "drizzle-orm";
import { adminEvents, journalDomains, journals } from "../core/data/schema";
import { adminToken, bearer } from "#tests/api/auth-fixtures";

async function save(host: string, token: string, body: unknown) {
  return getJson(host, "/api/settings", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("POST /api/settings", () => {
  it("saves the six form fields and the other settings, and the public read shows them", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const sent = {
      websitename: "International Journal of Testing",
      websiteemail: "editor@ijt.example.org",
      impactfactor: "5.2",
      issn: "1111-2222, 3333-4444",
      whatsup_number: "+91 90000 00000",
      domain: j.host,
      home_content: "<p>Welcome to <i>IJT</i>.</p>",
      address: "1 Road<br>City",
      formatted_journal_name: "Int. J. Test.",
      fee_rupee: "2500",
      fee_dollar: "60",
    };
    const r = await save(j.host, token, sent);
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject(sent);
    expect((await getJson(j.host, "/api/settings/")).body).toMatchObject(sent);
    // Fields left out keep their values.
    const partial = await save(j.host, token, { impactfactor: "6.0" });
    expect(partial.body.settings).toMatchObject({ ...sent, impactfactor: "6.0" });
  });

  it("stores XSS attempts in home content and address inert", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const r = await save(j.host, token, {
      home_content: `<p onclick="alert(1)">Hi</p><script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">x</a><style>body{}</style>`,
      address: `<iframe src="//evil"></iframe><b style="x">Road</b><svg onload=alert(5)>`,
    });
    expect(r.status).toBe(200);
    expect(r.body.settings.home_content).toBe("<p>Hi</p>x");
    expect(r.body.settings.address).toBe("<b>Road</b>");
    const pub = (await getJson(j.host, "/api/settings/")).body;
    expect(pub.home_content).toBe("<p>Hi</p>x");
  });

  it("moves the primary domain among the journal's own hosts, keeps the old host answering, and refuses any other host", async () => {
    const j = await createJournal();
    const other = await createJournal();
    const token = await adminToken(j);
    const newHost = `new-${j.host}`;
    // Hosts are assigned by the operator (journals:domain); the Domain setting picks among them.
    expect(await save(j.host, token, { domain: newHost })).toMatchObject({
      status: 422,
      body: { error: "domain_not_assigned", hosts: [j.host] },
    });
    await db.insert(journalDomains).values({ domain: newHost, journalId: j.id });
    const r = await save(j.host, token, { domain: `https://${newHost.toUpperCase()}/` });
    expect(r.status).toBe(200);
    expect(r.body.settings.domain).toBe(newHost);
    expect((await getJson(newHost, "/api/settings/")).body.domain).toBe(newHost);
    // The old host still serves this journal (an alias), and the token still works there.
    expect((await getJson(j.host, "/api/settings/")).body.domain).toBe(newHost);
    expect((await request(j.host, "/api/admin/", { headers: bearer(token) })).status).toBe(200);
    // Switching back promotes the alias again.
    expect((await save(newHost, token, { domain: j.host })).body.settings.domain).toBe(j.host);

    expect(await save(j.host, token, { domain: other.host })).toMatchObject({ status: 422, body: { error: "domain_not_assigned" } });
    expect((await getJson(other.host, "/api/settings/")).body.domain).toBe(other.host);
    // An empty domain leaves it as it is.
    expect((await save(j.host, token, { domain: "", websitename: "Kept domain" })).body.settings).toMatchObject({
      domain: j.host,
      websitename: "Kept domain",
    });
    for (const domain of ["not a host", "a/b", "x".repeat(300), "-bad.example"]) {
      expect([domain, (await save(j.host, token, { domain })).body]).toEqual([domain, { error: "invalid_input" }]);
    }
  });

  it("refuses non-JSON and over-long values", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    expect((await getJson(j.host, "/api/settings", { method: "POST", headers: bearer(token), body: "websitename=x" })).body).toEqual({
      error: "invalid_input",
    });
    expect((await save(j.host, token, { websitename: "x".repeat(301) })).body).toEqual({ error: "invalid_input" });
    expect((await save(j.host, token, { websitename: 5 })).body).toEqual({ error: "invalid_input" });
    expect((await save(j.host, token, [1])).body).toEqual({ error: "invalid_input" });
    const huge = await getJson(j.host, "/api/settings", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ home_content: "x".repeat(600 * 1024) }),
    });
    expect(huge).toMatchObject({ status: 413, body: { error: "payload_too_large" } });
  });
});

describe("a settings save that changes nothing writes nothing (issue 25 item 9, issue 26 item 7)", () => {
  it("empty and unchanged saves record no event and keep the content version; a real change names only what changed", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    const stateOf = async () => {
      const [row] = await db.select({ v: journals.contentVersion }).from(journals).where(eq(journals.id, j.id));
      const events = await db.select().from(adminEvents).where(eq(adminEvents.journalId, j.id));
      return { version: row.v, events: events.map((e) => [e.action, e.summary]) };
    };
    expect((await save(j.host, token, { websitename: "Journal of Stillness", fee_dollar: "60" })).status).toBe(200);
    const before = await stateOf();
    expect(before.events).toEqual([["settings.save", "Journal name, Fee (USD)"]]);

    const current = (await getJson(j.host, "/api/settings/")).body;
    for (const body of [{}, { websitename: "Journal of Stillness" }, { websitename: "  Journal of Stillness " }, current]) {
      const r = await request(j.host, "/api/settings", {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(r.status).toBe(200);
      // No new version for this browser to wait for either.
      expect(r.headers.get("set-cookie") ?? "").not.toContain("content-version");
      expect(await stateOf()).toEqual(before);
    }

    expect((await save(j.host, token, { ...current, impactfactor: "7.1" })).status).toBe(200);
    const after = await stateOf();
    expect(after.version).toBe(before.version + 1);
    expect(after.events).toEqual([...before.events, ["settings.save", "Impact factor"]]);
  });
});

describe("one source for the ISSN (issue 26 item 7)", () => {
  it("the ISSN line follows the print and online ISSNs once either is set", async () => {
    const j = await createJournal();
    const token = await adminToken(j);
    await save(j.host, token, { issn_print: "", issn_online: "", issn: "ISSN pending" });
    expect((await getJson(j.host, "/api/settings/")).body.issn).toBe("ISSN pending");
    const r = await save(j.host, token, { issn_print: "2394-5869", issn_online: "2394-7500", issn: "0000-0000" });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({ issn_print: "2394-5869", issn_online: "2394-7500", issn: "2394-5869, 2394-7500" });
    const onlineOnly = await save(j.host, token, { issn_print: "" });
    expect(onlineOnly.body.settings.issn).toBe("2394-7500");
  });
});
