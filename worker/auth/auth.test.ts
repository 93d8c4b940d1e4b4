// POST /auth/login/ and GET /auth/verify-token/: credentials, disabled users, IP allowlists, brute-force limits.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { createJournal, db, getJson, request, type TestJournal, d1Of } from "#tests/api/fixtures";
import { bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { loginAttempts } from "../core/data/schema";
import { setAdminUserStatus } from "./admin-users.repo";
import { verifyAdminToken } from "./tokens";
import { LOGIN_POLICY } from "./login-throttle";

function login(j: TestJournal, body: unknown, ip = "198.51.100.1") {
  return getJson(j.host, "/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Moves every logged attempt of the journal `seconds` into the past (the throttle reads only the log). */
async function age(j: TestJournal, seconds: number) {
  const rows = await db.select().from(loginAttempts).where(eq(loginAttempts.journalId, j.id));
  for (const r of rows) {
    await db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.parse(r.createdAt) - seconds * 1000).toISOString() })
      .where(and(eq(loginAttempts.id, r.id)));
  }
}

describe("POST /auth/login/", () => {
  it("answers a token bound to the journal and the user", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id, { name: "Dr. Staff" });
    const r = await login(j, { username: a.username, password: a.password });
    expect(r.status).toBe(200);
    expect(r.body.user).toEqual({ id: a.id, username: a.username, name: "Dr. Staff", role: "manager", mustChangePassword: false });
    expect(await verifyAdminToken(env, r.body.token)).toMatchObject({ userId: a.id, journalId: j.id, sessionVersion: 0 });
    expect(r.res.headers.get("cache-control")).toBe("no-store");
    const check = await getJson(j.host, "/auth/verify-token/", { headers: bearer(r.body.token) });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ user: { id: a.id, username: a.username, name: "Dr. Staff", role: "manager", mustChangePassword: false } });
  });

  it("refuses wrong passwords and unknown users alike, and logs every attempt", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    expect(await login(j, { username: a.username, password: "wrong" })).toMatchObject({
      status: 401,
      body: { error: "invalid_credentials" },
    });
    expect(await login(j, { username: "nobody", password: "wrong" })).toMatchObject({
      status: 401,
      body: { error: "invalid_credentials" },
    });
    expect(await login(j, { username: a.username, password: a.password })).toMatchObject({ status: 200 });
    const log = await db.select().from(loginAttempts).where(eq(loginAttempts.journalId, j.id)).orderBy(loginAttempts.id);
    expect(log.map((r) => [r.username, r.ip, r.outcome])).toEqual([
      [a.username.toLowerCase(), "198.51.100.1", "invalid_credentials"],
      ["nobody", "198.51.100.1", "invalid_credentials"],
      [a.username.toLowerCase(), "198.51.100.1", "success"],
    ]);
  });

  it("refuses malformed bodies with invalid_input", async () => {
    const j = await createJournal();
    for (const body of ["not json", {}, { username: "x" }, { username: "", password: "p" }, { username: 5, password: "p" }, [1, 2]]) {
      expect(await login(j, body)).toMatchObject({ status: 400, body: { error: "invalid_input" } });
    }
  });

  it("is scoped to the journal of the host", async () => {
    const j = await createJournal();
    const other = await createJournal();
    const a = await createAdmin(j.id);
    expect(await login(other, { username: a.username, password: a.password })).toMatchObject({
      status: 401,
      body: { error: "invalid_credentials" },
    });
  });

  it("tells a disabled user so, only after the right password", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id, { status: "disabled" });
    expect(await login(j, { username: a.username, password: "wrong" })).toMatchObject({
      status: 401,
      body: { error: "invalid_credentials" },
    });
    expect(await login(j, { username: a.username, password: a.password })).toMatchObject({ status: 403, body: { error: "disabled" } });
  });

  it("enforces the IP allowlist (exact addresses and IPv4 ranges; empty means any)", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id, { allowedIps: "203.0.113.7, 192.0.2.0/24" });
    expect(await login(j, { username: a.username, password: a.password }, "198.51.100.9")).toMatchObject({
      status: 403,
      body: { error: "invalid_ip" },
    });
    expect(await login(j, { username: a.username, password: a.password }, "203.0.113.7")).toMatchObject({ status: 200 });
    const fromRange = await login(j, { username: a.username, password: a.password }, "192.0.2.200");
    expect(fromRange.status).toBe(200);
    // The token is only good from an allowed IP too.
    const ok = await getJson(j.host, "/auth/verify-token/", {
      headers: { ...bearer(fromRange.body.token), "cf-connecting-ip": "192.0.2.1" },
    });
    expect(ok.status).toBe(200);
    const elsewhere = await getJson(j.host, "/auth/verify-token/", {
      headers: { ...bearer(fromRange.body.token), "cf-connecting-ip": "198.51.100.9" },
    });
    expect(elsewhere).toMatchObject({ status: 401, body: { error: "unauthorized" } });
  });

  it("locks a username on one IP after 5 failures, lets the time run out, and doubles the lock", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    for (let i = 0; i < 5; i++) expect((await login(j, { username: a.username, password: `guess${i}` })).status).toBe(401);
    // Locked: even the right password is refused, with a Retry-After.
    const locked = await login(j, { username: a.username.toUpperCase(), password: a.password });
    expect(locked).toMatchObject({ status: 429, body: { error: "too_many_attempts" } });
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(55);
    expect(Number(locked.res.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // The real admin on another IP is not affected.
    expect((await login(j, { username: a.username, password: a.password }, "198.51.100.2")).status).toBe(200);
    // One minute later the guesser may try once more; another failure locks for two minutes.
    await age(j, 61);
    expect((await login(j, { username: a.username, password: "guess5" })).status).toBe(401);
    const again = await login(j, { username: a.username, password: a.password });
    expect(again.status).toBe(429);
    expect(Number(again.res.headers.get("retry-after"))).toBeGreaterThan(115);
    await age(j, 121);
    // Recovery: the right password gets in, and resets the counter for this IP.
    expect((await login(j, { username: a.username, password: a.password })).status).toBe(200);
    expect((await login(j, { username: a.username, password: "one more" })).status).toBe(401);
    expect((await login(j, { username: a.username, password: a.password })).status).toBe(200);
  });

  it("caps the lock at 15 minutes", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    for (let i = 0; i < 12; i++) {
      expect((await login(j, { username: a.username, password: `guess${i}` })).status).toBe(401);
      await age(j, LOGIN_POLICY.maxLockSeconds + 1);
    }
    expect((await login(j, { username: a.username, password: "x" })).status).toBe(401);
    const locked = await login(j, { username: a.username, password: a.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBe(LOGIN_POLICY.maxLockSeconds);
  });

  it("locks an IP that sprays many usernames, but not other IPs", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    for (let i = 0; i < LOGIN_POLICY.keyFreeFailures; i++)
      expect((await login(j, { username: `user${i}`, password: "x" }, "198.51.100.66")).status).toBe(401);
    expect((await login(j, { username: a.username, password: a.password }, "198.51.100.66")).status).toBe(429);
    expect((await login(j, { username: a.username, password: a.password }, "198.51.100.67")).status).toBe(200);
  });

  it("slows a guesser spread over many IPs, without locking out the admin's usual IP", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const home = "203.0.113.50";
    expect((await login(j, { username: a.username, password: a.password }, home)).status).toBe(200);
    for (let i = 0; i < LOGIN_POLICY.userWindowMaxFailures; i++) {
      expect((await login(j, { username: a.username, password: "x" }, `10.0.${i >> 8}.${i & 255}`)).status).toBe(401);
    }
    // A new IP is refused while the attack lasts, even with the right password...
    expect((await login(j, { username: a.username, password: a.password }, "198.51.100.200")).status).toBe(429);
    // ...the admin's usual IP still gets in...
    expect((await login(j, { username: a.username, password: a.password }, home)).status).toBe(200);
    // ...and the window drains by itself.
    await age(j, LOGIN_POLICY.userWindowSeconds + 1);
    expect((await login(j, { username: a.username, password: a.password }, "198.51.100.200")).status).toBe(200);
  });
});

describe("GET /auth/verify-token/", () => {
  it("refuses missing, malformed, expired, foreign and disabled users' tokens", async () => {
    const j = await createJournal();
    const other = await createJournal();
    const a = await createAdmin(j.id);
    const b = await createAdmin(other.id);
    const token = await tokenFor(a);
    const refused = [
      {},
      { Authorization: token },
      { Authorization: `Basic ${token}` },
      bearer("abc.def.ghi"),
      bearer(token.slice(0, -2) + "xx"),
      bearer(await tokenFor(a, { ttlSeconds: -1 })),
      bearer(await tokenFor(b)),
    ];
    for (const headers of refused) {
      expect(await getJson(j.host, "/auth/verify-token/", { headers })).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    }
    expect((await request(j.host, "/auth/verify-token/", { headers: bearer(token) })).status).toBe(200);
    await setAdminUserStatus(db, j.id, a.id, "disabled");
    expect((await request(j.host, "/auth/verify-token/", { headers: bearer(token) })).status).toBe(401);
  });
});

describe("POST /auth/password (a staff member changes their own password)", () => {
  const change = (j: TestJournal, token: string, body: unknown) =>
    getJson(j.host, "/auth/password", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json", "cf-connecting-ip": "198.51.100.7" },
      body: JSON.stringify(body),
    });

  it("checks the current password, then signs out every other session and goes on with a new token", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const here = (await login(j, { username: a.username, password: a.password })).body.token as string;
    const elsewhere = (await login(j, { username: a.username, password: a.password }, "198.51.100.2")).body.token as string;

    expect(await change(j, here, { current: "not it", next: "a new passphrase" })).toMatchObject({
      status: 422,
      body: { error: "wrong_password" },
    });
    expect(await change(j, here, { current: a.password, next: "short" })).toMatchObject({
      status: 400,
      body: { error: "password_too_short" },
    });
    // Nothing changed yet: both sessions work, the old password still signs in.
    expect((await getJson(j.host, "/auth/verify-token/", { headers: bearer(elsewhere) })).status).toBe(200);

    const done = await change(j, here, { current: a.password, next: "a new passphrase" });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: a.id, username: a.username });
    expect((await getJson(j.host, "/auth/verify-token/", { headers: bearer(done.body.token) })).status).toBe(200);
    for (const old of [here, elsewhere]) expect((await getJson(j.host, "/auth/verify-token/", { headers: bearer(old) })).status).toBe(401);
    expect((await login(j, { username: a.username, password: a.password })).status).toBe(401);
    expect((await login(j, { username: a.username, password: "a new passphrase" })).status).toBe(200);
    // Recorded for the journal's history, without moving the content version (no page changed).
    const events = await d1Of(j).prepare("SELECT action, summary FROM admin_events WHERE journal_id = ?").bind(j.id).all();
    expect(events.results).toEqual([{ action: "staff.change_password", summary: "" }]);
    expect(done.res.headers.get("set-cookie") ?? "").not.toMatch(/version/i);
  });

  it("needs a session, and stops a guesser holding one after 5 wrong tries", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    expect((await getJson(j.host, "/auth/password", { method: "POST", body: "{}" })).status).toBe(401);
    const token = await tokenFor(a);
    for (let i = 0; i < LOGIN_POLICY.pairFreeFailures; i++)
      expect((await change(j, token, { current: `guess ${i}`, next: "x".repeat(12) })).status).toBe(422);
    const locked = await change(j, token, { current: a.password, next: "x".repeat(12) });
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
