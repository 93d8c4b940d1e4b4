// The platform console's API (issue 29): roles never cross, suspension, hosts, header flags, staff scoping, audit.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createArticle, createIssue, createJournal, db, getJson, request, unique } from "#tests/api/fixtures";
import { adminToken, bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { consoleCall, consoleJournal, createOperator, PLATFORM_HOST } from "#tests/api/platform-fixtures";
import { adminUsers, journalDomains, operatorEvents } from "../core/data/schema";
import { normalizeHost } from "#contract/platform";

const eventsOf = (journalId: number) => db.select().from(operatorEvents).where(eq(operatorEvents.targetJournalId, journalId));

describe("operators and journal admins: tokens never cross roles or journals", () => {
  it("an operator logs in on the platform host only, and the token works only on the console API", async () => {
    const op = await createOperator();
    const login = await consoleCall(null, "POST", "/auth/login", { username: op.username, password: op.password });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await consoleCall(token, "GET", "/journals")).status).toBe(200);

    const j = await createJournal();
    // The console API does not exist on a journal's host, whoever calls it.
    expect((await consoleCall(token, "GET", "/journals", undefined, j.host)).status).toBe(404);
    expect((await consoleCall(null, "POST", "/auth/login", { username: op.username, password: op.password }, j.host)).status).toBe(404);
    // An operator token is not a journal admin's.
    expect((await getJson(j.host, "/api/admin/", { headers: bearer(token) })).status).toBe(401);
    expect((await getJson(j.host, "/auth/verify-token/", { headers: bearer(token) })).status).toBe(401);

    // Logout ends the operator's token at once.
    expect((await consoleCall(token, "POST", "/auth/logout")).status).toBe(204);
    expect((await consoleCall(token, "GET", "/journals")).status).toBe(401);
  });

  it("a journal admin's token (and password) is worthless on the console; an admin of journal 1 is nobody on journal 2", async () => {
    const j1 = await createJournal();
    const j2 = await createJournal();
    const admin = await createAdmin(j1.id);
    const token = await tokenFor(admin);
    expect((await consoleCall(token, "GET", "/journals")).status).toBe(401);
    expect((await consoleCall(token, "GET", "/auth/verify-token")).status).toBe(401);
    expect((await consoleCall(null, "POST", "/auth/login", { username: admin.username, password: admin.password })).body).toEqual({
      error: "invalid_credentials",
    });
    expect((await getJson(j1.host, "/api/admin/", { headers: bearer(token) })).status).toBe(200);
    expect((await getJson(j2.host, "/api/admin/", { headers: bearer(token) })).status).toBe(401);
  });

  it("a disabled operator's token stops working; wrong passwords are throttled like an admin's", async () => {
    const op = await createOperator();
    expect((await consoleCall(op.token, "GET", "/settings")).status).toBe(200);
    const { operators } = await import("../core/data/schema");
    await db.update(operators).set({ status: "disabled" }).where(eq(operators.id, op.id));
    expect((await consoleCall(op.token, "GET", "/settings")).status).toBe(401);

    const other = await createOperator();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await consoleCall(null, "POST", "/auth/login", { username: other.username, password: "wrong" })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it("an operator changes their own password: the current one first; other sessions end, this one goes on", async () => {
    const op = await createOperator();
    const other = (await consoleCall(null, "POST", "/auth/login", { username: op.username, password: op.password })).body.token as string;
    expect(await consoleCall(op.token, "POST", "/auth/password", { current: "not it", next: "a long new phrase" })).toMatchObject({
      status: 422,
      body: { error: "wrong_password" },
    });
    expect(await consoleCall(op.token, "POST", "/auth/password", { current: op.password, next: "short" })).toMatchObject({
      status: 400,
      body: { error: "password_too_short" },
    });
    const done = await consoleCall(op.token, "POST", "/auth/password", { current: op.password, next: "a long new phrase" });
    expect(done.status).toBe(200);
    expect((await consoleCall(done.body.token, "GET", "/settings")).status).toBe(200);
    for (const old of [op.token, other]) expect((await consoleCall(old, "GET", "/settings")).status).toBe(401);
    expect((await consoleCall(null, "POST", "/auth/login", { username: op.username, password: op.password })).status).toBe(401);
    expect((await consoleCall(null, "POST", "/auth/login", { username: op.username, password: "a long new phrase" })).status).toBe(200);
    const logged = await db.select().from(operatorEvents).where(eq(operatorEvents.operatorId, op.id));
    expect(logged.map((e) => e.action)).toEqual(["operator.change_password"]);
    expect(JSON.stringify(logged)).not.toContain("a long new phrase");
  });

  it("the console page answers on the platform host only", async () => {
    const page = await request(PLATFORM_HOST, "/");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Platform console");
    const j = await createJournal();
    const elsewhere = await request(j.host, "/platform.html");
    expect(elsewhere.status).toBe(404);
  });
});

describe("journals", () => {
  it("creates a journal whose host serves it at once, with default settings and an empty archive", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op, { issnPrint: "2394 7500", abbreviation: "Int. J. Test" });
    const settings = await getJson(j.host, "/api/settings/");
    expect(settings.status).toBe(200);
    expect(settings.body.websitename).toBe(j.name);
    expect(settings.body.issn).toBe("2394-7500");
    expect((await getJson(j.host, "/api/archives/")).body).toEqual([]);
    const list = await consoleCall(op.token, "GET", "/journals");
    const row = list.body.journals.find((x: { id: number }) => x.id === j.id);
    expect(row).toMatchObject({ status: "active", counts: { issues: 0, articles: 0, editors: 0 }, storageBytes: 0 });

    // Counts are the journal's own rows (not rows whose id happens to equal the journal's).
    await createIssue(j.id, 2025, 1, 1);
    await createIssue(j.id, 2025, 1, 2);
    await createArticle(j.id, { year: 2025, volume: 1, issue: 1 });
    const again = (await consoleCall(op.token, "GET", `/journals/${j.id}`)).body.journal;
    expect(again.counts).toEqual({ issues: 2, articles: 1, editors: 0 });
  });

  it("a suspended journal serves only its notice (pages, API, admin, login), nothing deleted; resume brings it back", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    expect((await request(j.host, "/")).status).toBe(200);
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/suspend`)).status).toBe(200);

    const home = await request(j.host, "/");
    expect(home.status).toBe(503);
    expect(await home.text()).toContain("temporarily unavailable");
    for (const path of ["/api/settings/", "/api/archives/", "/api/editors/"]) {
      expect((await getJson(j.host, path)).body).toEqual({ error: "journal_suspended" });
    }
    expect((await request(j.host, "/admin/login")).status).toBe(503);
    expect(
      (await request(j.host, "/auth/login/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status,
    ).toBe(503);

    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/resume`)).status).toBe(200);
    expect((await getJson(j.host, "/api/settings/")).body.websitename).toBe(j.name);
  });

  it("deletes a journal only after a backup and with its name typed, files included", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const { env } = await import("cloudflare:test");
    await env.FILES.put(`journals/${j.id}/editors/x.png`, new Uint8Array([1, 2, 3]));

    expect((await consoleCall(op.token, "DELETE", `/journals/${j.id}`, { confirmName: j.name })).body).toEqual({
      error: "backup_required",
    });
    const backup = await request(PLATFORM_HOST, `/api/platform/journals/${j.id}/backup`, { headers: bearer(op.token) });
    expect(backup.status).toBe(200);
    expect(backup.headers.get("content-type")).toBe("application/x-tar");
    const tar = new Uint8Array(await backup.arrayBuffer());
    const text = new TextDecoder().decode(tar);
    expect(text).toContain("manifest.json");
    expect(text).toContain(`r2/journals/${j.id}/editors/x.png`);
    expect(tar.byteLength % 512).toBe(0);

    expect((await consoleCall(op.token, "DELETE", `/journals/${j.id}`, { confirmName: "wrong name" })).body).toEqual({
      error: "name_mismatch",
    });
    const del = await consoleCall(op.token, "DELETE", `/journals/${j.id}`, { confirmName: j.name });
    expect(del.status).toBe(200);
    expect(await env.FILES.get(`journals/${j.id}/editors/x.png`)).toBeNull();
    expect((await consoleCall(op.token, "GET", `/journals/${j.id}`)).status).toBe(404);
    expect((await db.select().from(journalDomains).where(eq(journalDomains.journalId, j.id))).length).toBe(0);
  });
});

describe("hosts", () => {
  it("normalises hosts: lower case, no scheme/port/path/trailing dot, IDNA to ASCII", () => {
    expect(normalizeHost("HTTPS://Journal.Example.ORG:8443/path?q")).toBe("journal.example.org");
    expect(normalizeHost("bücher.example.")).toBe("xn--bcher-kva.example");
    expect(normalizeHost("not a host")).toBeNull();
    expect(normalizeHost("10.0.0.1")).toBeNull();
    expect(normalizeHost("")).toBeNull();
  });

  it("stores the normalised host, serves the journal on it, and refuses a host another journal has", async () => {
    const op = await createOperator();
    const a = await consoleJournal(op);
    const b = await consoleJournal(op);
    const label = unique("bücher");
    const added = await consoleCall(op.token, "POST", `/journals/${a.id}/hosts`, { host: `https://${label.toUpperCase()}.Example:8443/` });
    expect(added.status).toBe(201);
    const stored = normalizeHost(`${label}.example`)!;
    expect(stored).toMatch(/^xn--/);
    expect(added.body.journal.hosts.map((h: { host: string }) => h.host)).toContain(stored);
    expect((await getJson(stored, "/api/settings/")).body.websitename).toBe(a.name);

    // The same host, typed another way, for another journal (or the same one): taken.
    expect((await consoleCall(op.token, "POST", `/journals/${b.id}/hosts`, { host: `${label}.example.` })).body).toEqual({
      error: "host_taken",
    });
    expect((await consoleCall(op.token, "POST", `/journals/${a.id}/hosts`, { host: stored })).body).toEqual({ error: "host_taken" });
    expect(
      (
        await consoleCall(op.token, "POST", "/journals", {
          name: "X",
          abbreviation: "",
          issnPrint: "",
          issnOnline: "",
          contactEmail: "",
          primaryHost: a.host.toUpperCase(),
        })
      ).body,
    ).toEqual({
      error: "host_taken",
    });
    expect((await consoleCall(op.token, "POST", `/journals/${b.id}/hosts`, { host: "no spaces allowed" })).body).toEqual({
      error: "invalid_host",
    });

    // Make primary moves the Domain; the primary host cannot be removed, an alias can.
    expect((await consoleCall(op.token, "PATCH", `/journals/${a.id}/hosts/${encodeURIComponent(stored)}`, { primary: true })).status).toBe(
      200,
    );
    expect((await getJson(stored, "/api/settings/")).body.domain).toBe(stored);
    expect((await consoleCall(op.token, "DELETE", `/journals/${a.id}/hosts/${encodeURIComponent(stored)}`)).body).toEqual({
      error: "primary_host",
    });
    expect((await consoleCall(op.token, "DELETE", `/journals/${a.id}/hosts/${encodeURIComponent(a.host)}`)).status).toBe(200);
    // The removed host no longer serves the journal (an unknown host gets the default journal or the 404).
    const gone = await getJson(a.host, "/api/settings/");
    expect(gone.body.websitename).not.toBe(a.name);
  });

  it("the header branch follows the host's stored flag, at once on the edge that changed it", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const branch = async () => /<html[^>]*data-header="(\w+)"/.exec(await (await request(j.host, "/board")).text())?.[1];
    expect(await branch()).toBe("default");
    expect((await consoleCall(op.token, "PATCH", `/journals/${j.id}/hosts/${j.host}`, { altHeader: true })).status).toBe(200);
    expect(await branch()).toBe("alt");
    expect((await consoleCall(op.token, "PATCH", `/journals/${j.id}/hosts/${j.host}`, { altHeader: false })).status).toBe(200);
    expect(await branch()).toBe("default");
  });

  it("unknown hosts get the default journal or a neutral 404, as the platform setting says", async () => {
    const op = await createOperator();
    const before = await consoleCall(op.token, "GET", "/settings");
    const stranger = `${unique("nobody")}.test`;
    expect((await consoleCall(op.token, "PUT", "/settings", { unknownHost: "not_found" })).status).toBe(200);
    const page = await request(stranger, "/");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("No journal here");
    expect((await getJson(stranger, "/api/settings/")).body).toEqual({ error: "no_journal" });
    await consoleCall(op.token, "PUT", "/settings", { unknownHost: "default" });
    if (before.body.defaultJournalId) expect((await request(stranger, "/api/settings/")).status).toBe(200);
  });
});

describe("staff accounts", () => {
  it("operators create an account with a one-time password that logs in on the journal's host, and manage it", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const created = await consoleCall(op.token, "POST", `/journals/${j.id}/staff`, { username: "first-admin", name: "First Admin" });
    expect(created.status).toBe(201);
    const password = created.body.oneTimePassword as string;
    expect(password).toHaveLength(16);
    const login = await getJson(j.host, "/auth/login/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "first-admin", password }),
    });
    expect(login.status).toBe(200);
    const id = created.body.account.id;
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/staff`, { username: "first-admin", name: "" })).body).toEqual({
      error: "duplicate_username",
    });

    // Revoke sessions ends the token; disable refuses login; reset gives a new password.
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/staff/${id}/revoke-sessions`)).status).toBe(200);
    expect((await getJson(j.host, "/api/admin/", { headers: bearer(login.body.token) })).status).toBe(401);
    const reset = await consoleCall(op.token, "POST", `/journals/${j.id}/staff/${id}/reset-password`);
    expect(reset.body.oneTimePassword).not.toBe(password);
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/staff/${id}/status`, { status: "disabled" })).body.account.status).toBe(
      "disabled",
    );
    const refused = await getJson(j.host, "/auth/login/", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "first-admin", password: reset.body.oneTimePassword }),
    });
    expect(refused.body).toEqual({ error: "disabled" });
  });

  it("journal 2's admin cannot see or change journal 1's staff; each admin manages their own journal's", async () => {
    const j1 = await createJournal();
    const j2 = await createJournal();
    const staff1 = await createAdmin(j1.id);
    const t1 = await adminToken(j1);
    const t2 = await adminToken(j2);

    const list2 = await getJson(j2.host, "/api/admin/staff", { headers: bearer(t2) });
    expect(list2.status).toBe(200);
    expect(list2.body.staff.map((s: { username: string }) => s.username)).not.toContain(staff1.username);
    for (const [path, body] of [
      [`/api/admin/staff/${staff1.id}/status`, { status: "disabled" }],
      [`/api/admin/staff/${staff1.id}/reset-password`, undefined],
      [`/api/admin/staff/${staff1.id}/revoke-sessions`, undefined],
    ] as const) {
      const res = await getJson(j2.host, path, {
        method: "POST",
        headers: { ...bearer(t2), "Content-Type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.body).toEqual({ error: "not_found" });
    }
    // Journal 2's token on journal 1's host: refused outright.
    expect((await getJson(j1.host, "/api/admin/staff", { headers: bearer(t2) })).status).toBe(401);
    const [row] = await db
      .select()
      .from(adminUsers)
      .where(and(eq(adminUsers.id, staff1.id)));
    expect(row.status).toBe("enabled");
    expect(row.sessionVersion).toBe(0);

    // Journal 1's admin manages journal 1's staff.
    const list1 = await getJson(j1.host, "/api/admin/staff", { headers: bearer(t1) });
    expect(list1.body.staff.map((s: { username: string }) => s.username)).toContain(staff1.username);
    const made = await getJson(j1.host, "/api/admin/staff", {
      method: "POST",
      headers: { ...bearer(t1), "Content-Type": "application/json" },
      body: JSON.stringify({ username: unique("editor"), name: "Editor" }),
    });
    expect(made.status).toBe(201);
    expect(made.body.oneTimePassword).toHaveLength(16);
  });
});

describe("audit", () => {
  it("every operator action leaves a row: who, what, when, before and after", async () => {
    const op = await createOperator();
    const j = await consoleJournal(op);
    const extra = `${unique("alias")}.test`;
    await consoleCall(op.token, "PATCH", `/journals/${j.id}`, { name: `${j.name} (renamed)` });
    await consoleCall(op.token, "POST", `/journals/${j.id}/hosts`, { host: extra });
    await consoleCall(op.token, "PATCH", `/journals/${j.id}/hosts/${extra}`, { altHeader: true });
    await consoleCall(op.token, "PATCH", `/journals/${j.id}/hosts/${extra}`, { primary: true });
    await consoleCall(op.token, "DELETE", `/journals/${j.id}/hosts/${j.host}`);
    await consoleCall(op.token, "POST", `/journals/${j.id}/suspend`);
    await consoleCall(op.token, "POST", `/journals/${j.id}/resume`);
    const staff = await consoleCall(op.token, "POST", `/journals/${j.id}/staff`, { username: "audited", name: "" });
    const sid = staff.body.account.id;
    await consoleCall(op.token, "POST", `/journals/${j.id}/staff/${sid}/status`, { status: "disabled" });
    await consoleCall(op.token, "POST", `/journals/${j.id}/staff/${sid}/reset-password`);
    await consoleCall(op.token, "POST", `/journals/${j.id}/staff/${sid}/revoke-sessions`);
    await (await request(PLATFORM_HOST, `/api/platform/journals/${j.id}/backup`, { headers: bearer(op.token) })).arrayBuffer();

    const rows = (await eventsOf(j.id)).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => r.action)).toEqual([
      "journal.create",
      "journal.edit",
      "host.add",
      "host.header",
      "host.make_primary",
      "host.remove",
      "journal.suspend",
      "journal.resume",
      "staff.create",
      "staff.status",
      "staff.reset_password",
      "staff.revoke_sessions",
      "journal.backup",
    ]);
    for (const r of rows) {
      expect(r.operatorUsername).toBe(op.username);
      expect(r.operatorId).toBe(op.id);
      expect(Date.parse(r.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    const edit = rows[1];
    expect(JSON.parse(edit.beforeJson).name).toBe(j.name);
    expect(JSON.parse(edit.afterJson).name).toBe(`${j.name} (renamed)`);
    expect(JSON.parse(rows[3].beforeJson)).toMatchObject({ altHeader: false });
    expect(JSON.parse(rows[3].afterJson)).toMatchObject({ altHeader: true });
    expect(JSON.stringify(rows)).not.toMatch(/passwordHash|pbkdf2/);

    // The console shows them.
    const shown = await consoleCall(op.token, "GET", `/events?journal=${j.id}`);
    expect(shown.body.events[0]).toMatchObject({ action: "journal.backup", operator: op.username });

    // A refused action leaves none.
    const count = rows.length;
    await consoleCall(op.token, "POST", `/journals/${j.id}/hosts`, { host: extra });
    expect((await eventsOf(j.id)).length).toBe(count);

    await consoleCall(op.token, "PUT", "/settings", { unknownHost: "default" });
    const settings = await db.select().from(operatorEvents).where(eq(operatorEvents.action, "settings.save"));
    expect(settings.length).toBeGreaterThan(0);
  });
});
