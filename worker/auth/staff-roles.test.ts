// Staff roles and one-time passwords (issue 37 items 1-2, docs/decisions/0200, 0201): only managers manage staff; a
// journal keeps one enabled manager (only an operator may take the last one away); one-time passwords must be
// replaced before anything else, expire after 72 hours and die with "sign out everywhere" and with a new reset;
// usernames are unique without regard to case.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createJournal, db, getJson, type TestJournal } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor, type TestAdmin } from "#tests/api/auth-fixtures";
import { consoleCall, createOperator } from "#tests/api/platform-fixtures";
import { adminUsers } from "../core/data/schema";
import { ONE_TIME_PASSWORD_HOURS } from "./staff.repo";

const json = (token: string, body?: unknown): RequestInit => ({
  method: "POST",
  headers: { ...bearer(token), "content-type": "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});

function login(j: TestJournal, username: string, password: string) {
  return getJson(j.host, "/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.7" },
    body: JSON.stringify({ username, password }),
  });
}

async function newStaff(j: TestJournal, manager: TestAdmin, body: Record<string, unknown>) {
  const r = await getJson(j.host, "/api/admin/staff", json(await tokenFor(manager), body));
  expect(r.status).toBe(201);
  return r.body as { account: { id: number; username: string; role: string; oneTimeExpiresAt: string }; oneTimePassword: string };
}

describe("roles", () => {
  it("only managers manage staff; editors and production are refused with 403 forbidden_role", async () => {
    const j = await createJournal();
    const manager = await createAdmin(j.id);
    const made = await newStaff(j, manager, { username: "ed-one", name: "Ed One", role: "editor", email: "ed@example.org" });
    expect(made.account).toMatchObject({ username: "ed-one", role: "editor", email: "ed@example.org" });
    for (const role of ["editor", "production"] as const) {
      const other = await createAdmin(j.id, { role });
      const t = await tokenFor(other);
      expect(await getJson(j.host, "/api/admin/staff", { headers: bearer(t) })).toMatchObject({
        status: 403,
        body: { error: "forbidden_role" },
      });
      expect(await getJson(j.host, "/api/admin/staff", json(t, { username: "x-y", role: "manager" }))).toMatchObject({
        status: 403,
        body: { error: "forbidden_role" },
      });
      expect((await getJson(j.host, "/api/settings", json(t, { websitename: "Taken over" }))).status).toBe(403);
    }
    // A role is one of three.
    expect(await getJson(j.host, "/api/admin/staff", json(await tokenFor(manager), { username: "x-z", role: "owner" }))).toMatchObject({
      status: 400,
      body: { error: "invalid_role" },
    });
  });

  it("a new role applies to the very next call of a session already open", async () => {
    const j = await createJournal();
    const manager = await createAdmin(j.id);
    const prod = await createAdmin(j.id, { role: "production" });
    const t = await tokenFor(prod);
    expect((await getJson(j.host, "/api/admin/editors/", { headers: bearer(t) })).status).toBe(403);
    const r = await getJson(j.host, `/api/admin/staff/${prod.id}/role`, json(await tokenFor(manager), { role: "editor" }));
    expect(r).toMatchObject({ status: 200, body: { account: { role: "editor" } } });
    expect((await getJson(j.host, "/api/admin/editors/", { headers: bearer(t) })).status).toBe(200);
  });
});

describe("the last enabled manager", () => {
  it("cannot be disabled, demoted or reset from inside the journal; while another manager is enabled, one may go", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const b = await createAdmin(j.id);
    await createAdmin(j.id, { role: "manager", status: "disabled" }); // a disabled manager does not count
    const ta = await tokenFor(a);
    // Two enabled managers: a demotes b.
    expect((await getJson(j.host, `/api/admin/staff/${b.id}/role`, json(ta, { role: "editor" }))).status).toBe(200);
    // a is now the last enabled manager. b, an editor now, cannot reach the staff routes at all.
    expect(await getJson(j.host, `/api/admin/staff/${a.id}/status`, json(await tokenFor(b), { status: "disabled" }))).toMatchObject({
      status: 403,
      body: { error: "forbidden_role" },
    });
    const row = async () => (await db.select().from(adminUsers).where(eq(adminUsers.id, a.id)))[0];
    const before = await row();
    expect(await getJson(j.host, `/api/admin/staff/${a.id}/reset-password`, json(ta))).toMatchObject({
      status: 403,
      body: { error: "last_manager" },
    });
    expect(await getJson(j.host, `/api/admin/staff/${a.id}/role`, json(ta, { role: "editor" }))).toMatchObject({
      status: 409,
      body: { error: "own_account" },
    });
    expect(await getJson(j.host, `/api/admin/staff/${a.id}/status`, json(ta, { status: "disabled" }))).toMatchObject({
      status: 409,
      body: { error: "own_account" },
    });
    expect(await row()).toEqual(before);
    // The refusals left no event in the history.
    const events = await getJson(j.host, "/api/admin/events", { headers: bearer(ta) });
    expect(events.body.map((e: { action: string }) => e.action)).toEqual(["staff.role"]);
  });

  it("two managers cannot both remove each other: one stays, and the refusal reads last_manager", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const b = await createAdmin(j.id);
    const [ra, rb] = await Promise.all([
      getJson(j.host, `/api/admin/staff/${b.id}/status`, json(await tokenFor(a), { status: "disabled" })),
      getJson(j.host, `/api/admin/staff/${a.id}/status`, json(await tokenFor(b), { status: "disabled" })),
    ]);
    const statuses = [ra.status, rb.status].sort();
    // One wins; the other is refused as last_manager, or its session ended with the disabling (401).
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const rows = await db.select().from(adminUsers).where(eq(adminUsers.journalId, j.id));
    expect(rows.filter((r) => r.role === "manager" && r.status === "enabled")).toHaveLength(1);
  });

  it("an operator may disable, demote and reset the last manager", async () => {
    const op = await createOperator();
    const j = await createJournal();
    const last = await createAdmin(j.id);
    const base = `/journals/${j.id}/staff/${last.id}`;
    expect((await consoleCall(op.token, "POST", `${base}/reset-password`)).status).toBe(200);
    expect((await consoleCall(op.token, "POST", `${base}/role`, { role: "editor" })).status).toBe(200);
    expect((await consoleCall(op.token, "POST", `${base}/status`, { status: "disabled" })).status).toBe(200);
    // An operator's new account is a manager unless told otherwise.
    const made = await consoleCall(op.token, "POST", `/journals/${j.id}/staff`, { username: "first-admin", name: "First" });
    expect(made).toMatchObject({ status: 201, body: { account: { role: "manager" } } });
  });
});

describe("one-time passwords", () => {
  it("the first sign-in must choose a new password before anything else", async () => {
    const j = await createJournal();
    const manager = await createAdmin(j.id);
    const made = await newStaff(j, manager, { username: "fresh", name: "Fresh", role: "editor" });
    const expires = Date.parse(made.account.oneTimeExpiresAt);
    expect(Math.abs(expires - (Date.now() + ONE_TIME_PASSWORD_HOURS * 3600_000))).toBeLessThan(60_000);
    const signedIn = await login(j, "fresh", made.oneTimePassword);
    expect(signedIn).toMatchObject({ status: 200, body: { user: { mustChangePassword: true, role: "editor" } } });
    const t = signedIn.body.token as string;
    // Everything else is refused until then; the token check and the password change are not.
    expect(await getJson(j.host, "/api/admin/", { headers: bearer(t) })).toMatchObject({
      status: 403,
      body: { error: "password_change_required" },
    });
    expect(await getJson(j.host, "/auth/verify-token/", { headers: bearer(t) })).toMatchObject({
      status: 200,
      body: { user: { mustChangePassword: true } },
    });
    const changed = await getJson(j.host, "/auth/password", json(t, { current: made.oneTimePassword, next: "a password of my own" }));
    expect(changed).toMatchObject({ status: 200, body: { user: { mustChangePassword: false } } });
    expect((await getJson(j.host, "/api/admin/", { headers: bearer(changed.body.token) })).status).toBe(200);
    // The one-time password is gone; the new one is an ordinary password.
    expect((await login(j, "fresh", made.oneTimePassword)).status).toBe(401);
    expect(await login(j, "fresh", "a password of my own")).toMatchObject({ status: 200, body: { user: { mustChangePassword: false } } });
  });

  it("expires after 72 hours, even for a session opened before", async () => {
    const j = await createJournal();
    const manager = await createAdmin(j.id);
    const made = await newStaff(j, manager, { username: "late", role: "production" });
    const open = await login(j, "late", made.oneTimePassword);
    expect(open.status).toBe(200);
    await db
      .update(adminUsers)
      .set({ oneTimeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(adminUsers.id, made.account.id));
    expect(await login(j, "late", made.oneTimePassword)).toMatchObject({ status: 401, body: { error: "password_expired" } });
    expect(
      await getJson(j.host, "/auth/password", json(open.body.token, { current: made.oneTimePassword, next: "too late now!" })),
    ).toMatchObject({
      status: 401,
      body: { error: "password_expired" },
    });
  });

  it("dies with sign out everywhere and with a new reset", async () => {
    const j = await createJournal();
    const manager = await createAdmin(j.id);
    const mt = await tokenFor(manager);
    const made = await newStaff(j, manager, { username: "twice", role: "editor" });
    // A new reset: the first one-time password stops opening, the new one opens.
    const reset = await getJson(j.host, `/api/admin/staff/${made.account.id}/reset-password`, json(mt));
    expect(reset.status).toBe(200);
    expect((await login(j, "twice", made.oneTimePassword)).status).toBe(401);
    const open = await login(j, "twice", reset.body.oneTimePassword);
    expect(open.status).toBe(200);
    // Sign out everywhere: the session ends and the one-time password no longer opens at all.
    expect((await getJson(j.host, `/api/admin/staff/${made.account.id}/revoke-sessions`, json(mt))).status).toBe(200);
    expect((await getJson(j.host, "/auth/verify-token/", { headers: bearer(open.body.token) })).status).toBe(401);
    expect((await login(j, "twice", reset.body.oneTimePassword)).status).toBe(401);
    // An account with its own password keeps it through "sign out everywhere".
    const own = await createAdmin(j.id, { role: "editor" });
    expect((await getJson(j.host, `/api/admin/staff/${own.id}/revoke-sessions`, json(mt))).status).toBe(200);
    expect((await login(j, own.username, own.password)).status).toBe(200);
  });
});

describe("usernames without regard to case", () => {
  it("ADMIN cannot join admin; Admin signs in as admin; the throttle counts them as one", async () => {
    const j = await createJournal();
    const manager = await createAdmin(j.id, { username: "admin", password: "the right password" });
    expect(await getJson(j.host, "/api/admin/staff", json(await tokenFor(manager), { username: "ADMIN", role: "editor" }))).toMatchObject({
      status: 409,
      body: { error: "duplicate_username" },
    });
    expect(await login(j, "Admin", "the right password")).toMatchObject({ status: 200, body: { user: { username: "admin" } } });
    for (let i = 0; i < 5; i++) await login(j, i % 2 ? "ADMIN" : "aDmIn", "wrong");
    expect((await login(j, "admin", "the right password")).status).toBe(429);
  });

  it("accounts that clashed before the rule keep signing in exactly as spelt, and are reported", async () => {
    const j = await createJournal();
    await createAdmin(j.id, { username: "editor", password: "lower case one" });
    // What migration 0080 did to a clash already in the table: the younger account is exempt and listed.
    const [younger] = await db
      .insert(adminUsers)
      .values({
        journalId: j.id,
        username: "EDITOR",
        name: "Upper",
        passwordHash: (await db.select().from(adminUsers).where(eq(adminUsers.journalId, j.id)))[0].passwordHash,
        foldExempt: true,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning();
    const manager = await createAdmin(j.id);
    const list = await getJson(j.host, "/api/admin/staff", { headers: bearer(await tokenFor(manager)) });
    expect(list.body.staff.find((s: { id: number }) => s.id === younger.id)).toMatchObject({ usernameClash: true });
    expect(await login(j, "EDITOR", "lower case one")).toMatchObject({ status: 200, body: { user: { id: younger.id } } });
    expect(await login(j, "Editor", "lower case one")).toMatchObject({ status: 200, body: { user: { username: "editor" } } });
  });
});
