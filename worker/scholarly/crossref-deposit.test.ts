// Issue 40 item 5: deposit an issue to Crossref over its HTTPS deposit API (here a local stand-in answering as
// Crossref documents: tests/crossref-standin.ts), poll the submission, mark the DOIs registered; a refused deposit
// and a failed record show Crossref's reason; the password is stored encrypted.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "../index";
import { db, getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { STANDIN_LOGIN, STANDIN_ORIGIN } from "#tests/crossref-standin";
import { adminEvents, articles, crossrefAccounts, journals } from "../core/data/schema";

async function setup(password = STANDIN_LOGIN.password) {
  const j = await scholarlyJournal();
  await ensureIssue(j, 2024, 3, 2);
  const a = await fullArticle(j, { doiRegisteredAt: "" });
  const b = await fullArticle(j, { doiRegisteredAt: "", pagenumber: "81-90" });
  const token = await adminToken(j);
  const json = { ...bearer(token), "Content-Type": "application/json" };
  const saved = await getJson(j.host, "/api/admin/crossref/account", {
    method: "PUT",
    headers: json,
    body: JSON.stringify({ username: STANDIN_LOGIN.user, password, endpoint: STANDIN_ORIGIN }),
  });
  expect(saved.status).toBe(200);
  return { j, a, b, token };
}

const registeredAt = async (id: number) =>
  (await db.select({ at: articles.doiRegisteredAt }).from(articles).where(eq(articles.id, id)))[0].at;

/** The hourly Cron Trigger (wrangler.toml): it polls the deposits still waiting. */
async function hourlyTrigger() {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "7 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("Crossref deposit by API (issue 40 item 5)", () => {
  it("stores the password encrypted and never answers it", async () => {
    const { j, token } = await setup();
    const [row] = await db.select().from(crossrefAccounts).where(eq(crossrefAccounts.journalId, j.id));
    expect(row.passwordEnc).toMatch(/^v1:/);
    expect(row.passwordEnc).not.toContain("standin-pass");
    const got = await getJson(j.host, "/api/admin/crossref/account", { headers: bearer(token) });
    expect(got.body.account).toEqual({
      username: STANDIN_LOGIN.user,
      endpoint: STANDIN_ORIGIN,
      has_password: true,
      updated_at: row.updatedAt,
    });
    expect(JSON.stringify(got.body)).not.toContain("standin-pass");
    const bad = await request(j.host, "/api/admin/crossref/account", {
      method: "PUT",
      headers: { ...bearer(token), "Content-Type": "application/json" },
      body: JSON.stringify({ username: "u", password: "p", endpoint: "http://evil.example.com" }),
    });
    expect([bad.status, await bad.json()]).toEqual([400, { error: "invalid_endpoint" }]);
  });

  it("lets production staff deposit with the journal's login, but only a manager change that login", async () => {
    const { j } = await setup();
    const production = await adminToken(j, { role: "production" });
    const json = { ...bearer(production), "Content-Type": "application/json" };
    const change = await request(j.host, "/api/admin/crossref/account", {
      method: "PUT",
      headers: json,
      body: JSON.stringify({ username: "someone-else", password: "p", endpoint: STANDIN_ORIGIN }),
    });
    expect([change.status, await change.json()]).toEqual([403, { error: "forbidden_role" }]);
    const [row] = await db.select().from(crossrefAccounts).where(eq(crossrefAccounts.journalId, j.id));
    expect(row.username).toBe(STANDIN_LOGIN.user);
    expect((await getJson(j.host, "/api/admin/crossref/account", { headers: bearer(production) })).body.account.username).toBe(
      STANDIN_LOGIN.user,
    );
    const sent = await getJson(j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", { method: "POST", headers: bearer(production) });
    expect(sent.status).toBe(201);
  });

  it("submits an issue, polls it (queued, then completed) and marks its DOIs registered: the page links them", async () => {
    const { j, a, b, token } = await setup();
    const page = `/archives/2024/vol3/issue2/${a.refnumber}`;
    expect(await (await request(j.host, page)).text()).not.toContain(`href="https://doi.org/${a.doi}"`);

    const sent = await getJson(j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", { method: "POST", headers: bearer(token) });
    expect(sent.status).toBe(201);
    expect(sent.body.deposit).toMatchObject({ status: "submitted", dois: [a.doi, b.doi].sort() });
    expect(sent.body.deposit.message).toContain("successfully received");
    const id = sent.body.deposit.id;

    const first = await getJson(j.host, `/api/admin/crossref/deposits/${id}/check`, { method: "POST", headers: bearer(token) });
    expect(first.body.deposit).toMatchObject({ status: "submitted", message: "Crossref: queued" });
    expect(await registeredAt(a.id)).toBe("");

    const second = await getJson(j.host, `/api/admin/crossref/deposits/${id}/check`, { method: "POST", headers: bearer(token) });
    expect(second.body.deposit).toMatchObject({ status: "registered", message: "2 DOIs registered." });
    expect(await registeredAt(a.id)).not.toBe("");
    expect(await registeredAt(b.id)).not.toBe("");
    const list = await getJson(j.host, "/api/admin/crossref/2024/vol3/issue2/deposits", { headers: bearer(token) });
    expect(list.body.deposits.map((d: { status: string }) => d.status)).toEqual(["registered"]);
    expect(await (await request(j.host, page)).text()).toContain(`href="https://doi.org/${a.doi}"`);
  });

  it("shows why a deposit failed: a refused login, and a record Crossref did not accept", async () => {
    const refused = await setup("wrong password");
    const sent = await getJson(refused.j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", {
      method: "POST",
      headers: bearer(refused.token),
    });
    expect(sent.body.deposit.status).toBe("failed");
    expect(sent.body.deposit.message).toMatch(/Crossref refused the login \(HTTP 401\): .*Authentication failed/);

    const { j, token } = await setup();
    const rejected = await fullArticle(j, { doi: `10.55501/REJECT-${Date.now()}`, doiRegisteredAt: "", pagenumber: "91-99" });
    const deposit = (await getJson(j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", { method: "POST", headers: bearer(token) })).body
      .deposit;
    await getJson(j.host, `/api/admin/crossref/deposits/${deposit.id}/check`, { method: "POST", headers: bearer(token) });
    const done = (await getJson(j.host, `/api/admin/crossref/deposits/${deposit.id}/check`, { method: "POST", headers: bearer(token) }))
      .body.deposit;
    expect(done.status).toBe("failed");
    expect(done.message).toBe(
      `${rejected.doi}: Record not processed because submitted version: 1 is less or equal to previously submitted version (DOI match)`,
    );
    // The others in the batch were registered; the refused one stays text.
    expect(await registeredAt(rejected.id)).toBe("");
  });

  it("the hourly trigger polls a waiting deposit: its DOIs become registered with nobody on the page, and OAI sees it", async () => {
    const { j, a, token } = await setup();
    // Record and journal metadata last changed long ago, so the registration is what moves the datestamp.
    await db.update(articles).set({ modification: "2024-06-01T00:00:00.000Z" }).where(eq(articles.id, a.id));
    await db.update(journals).set({ recordsModified: "2024-06-01T00:00:00.000Z" }).where(eq(journals.id, j.id));
    const identifier = `oai:${j.domain}:${a.refnumber}`;
    const stampOf = async () =>
      /<datestamp>([^<]+)<\/datestamp>/.exec(
        await (await request(j.host, `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`)).text(),
      )?.[1];
    expect(await stampOf()).toBe("2024-06-01T00:00:00Z");

    const sent = await getJson(j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", { method: "POST", headers: bearer(token) });
    const depositOf = async () =>
      (await getJson(j.host, "/api/admin/crossref/2024/vol3/issue2/deposits", { headers: bearer(token) })).body.deposits[0];
    await hourlyTrigger();
    expect(await depositOf()).toMatchObject({ id: sent.body.deposit.id, status: "submitted", message: "Crossref: queued" });
    expect(await registeredAt(a.id)).toBe("");
    await hourlyTrigger();
    expect(await depositOf()).toMatchObject({ status: "registered", message: "2 DOIs registered." });
    const at = await registeredAt(a.id);
    expect(at).not.toBe("");

    // A harvester asking for what changed since the old datestamp gets the record, stamped with the registration.
    const stamp = await stampOf();
    expect(stamp).toBe(at.replace(/\.\d{3}Z$/, "Z"));
    const since = await (await request(j.host, `/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=2024-06-02T00:00:00Z`)).text();
    expect(since).toContain(`<identifier>${identifier}</identifier>`);
    // The trail says who registered them; a later run leaves the deposit, and the date, alone.
    const [event] = await db
      .select()
      .from(adminEvents)
      .where(and(eq(adminEvents.journalId, j.id), eq(adminEvents.action, "issue.crossref_registered")));
    expect(event.adminUsername).toBe("Crossref check (scheduled)");
    await hourlyTrigger();
    expect(await registeredAt(a.id)).toBe(at);
  });

  it("needs an account first, and an admin", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j);
    const token = await adminToken(j);
    const none = await request(j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", { method: "POST", headers: bearer(token) });
    expect([none.status, await none.json()]).toEqual([409, { error: "no_crossref_account" }]);
    expect((await request(j.host, "/api/admin/crossref/2024/vol3/issue2/deposit", { method: "POST" })).status).toBe(401);
  });
});
