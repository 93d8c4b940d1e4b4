// Attacks on the login throttle (issue 13, items 3, 5 and 6): locking the real admin out from a few addresses,
// spreading guesses over one IPv6 /64, a concurrent burst slipping under the limit, and filling the log.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createJournal, db, getJson, type TestJournal } from "#tests/api/fixtures";
import { createAdmin } from "#tests/api/auth-fixtures";
import { loginAttempts } from "../core/data/schema";
import { LOGIN_POLICY } from "./login-throttle";

function login(j: TestJournal, body: unknown, ip: string, cookie?: string) {
  return getJson(j.host, "/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip, ...(cookie ? { cookie } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** "journal_device=<token>" from a login answer's Set-Cookie. */
function deviceCookieOf(res: Response): string {
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toMatch(/^journal_device=[^;]+;.*HttpOnly/i);
  expect(set).toMatch(/SameSite=Strict/i);
  return set.split(";")[0];
}

const logRows = async (j: TestJournal) => db.select().from(loginAttempts).where(eq(loginAttempts.journalId, j.id));

describe("attack: locking the real admin out", () => {
  it("50 failures from 10 addresses cannot keep the admin's browser out, wherever it connects from", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const home = await login(j, { username: a.username, password: a.password }, "203.0.113.10");
    expect(home.status).toBe(200);
    const device = deviceCookieOf(home.res);

    // The attack: 10 addresses, 5 wrong passwords each, within 15 minutes.
    for (let ip = 0; ip < 10; ip++) {
      for (let i = 0; i < 5; i++)
        expect((await login(j, { username: a.username, password: `guess-${ip}-${i}` }, `192.0.2.${ip + 1}`)).status).toBe(401);
    }
    expect((await logRows(j)).filter((r) => r.outcome === "invalid_credentials")).toHaveLength(LOGIN_POLICY.userWindowMaxFailures);

    // The admin, travelling (an address never used), with the browser it logged in from before: in at once.
    const travelling = await login(j, { username: a.username, password: a.password }, "198.51.100.77", device);
    expect(travelling.status).toBe(200);
    // The attacker cannot borrow that: without the device cookie a new address is still held back.
    expect((await login(j, { username: a.username, password: a.password }, "198.51.100.78")).status).toBe(429);
    // And guesses sent with a stolen device cookie are counted by the device: 5, then it locks too.
    const stolen = deviceCookieOf(travelling.res);
    for (let i = 0; i < LOGIN_POLICY.pairFreeFailures; i++) {
      expect((await login(j, { username: a.username, password: `stolen-${i}` }, `198.51.100.${90 + i}`, stolen)).status).toBe(401);
    }
    expect((await login(j, { username: a.username, password: "stolen-x" }, "198.51.100.99", stolen)).status).toBe(429);
  });

  it("counts every address of one IPv6 /64 as one caller", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    for (let i = 0; i < LOGIN_POLICY.pairFreeFailures; i++) {
      expect((await login(j, { username: a.username, password: `guess${i}` }, `2001:db8:7:7::${(i + 1).toString(16)}`)).status).toBe(401);
    }
    // A fresh address of the same /64, written differently: locked with the rest.
    const same64 = await login(j, { username: a.username, password: "guess-next" }, "2001:0DB8:0007:0007:abcd:ef01:2345:6789");
    expect(same64).toMatchObject({ status: 429, body: { error: "too_many_attempts" } });
    // Another /64 is another caller.
    expect((await login(j, { username: a.username, password: a.password }, "2001:db8:7:8::1")).status).toBe(200);
  });
});

describe("attack: a concurrent burst of wrong passwords", () => {
  it("20 simultaneous guesses get at most 5 password checks; the refused ones leave no rows", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(j, { username: a.username, password: `burst-${i}` }, "192.0.2.200")),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_POLICY.pairFreeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_POLICY.pairFreeFailures);
    const rows = await logRows(j);
    expect(rows.map((r) => r.outcome)).toEqual(Array(LOGIN_POLICY.pairFreeFailures).fill("invalid_credentials"));
  });
});

describe("attack: filling the login log", () => {
  it("writes no row for requests refused before the password check (malformed or throttled)", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    for (const body of ["not json", {}, { username: "x" }, [1, 2]]) expect((await login(j, body, "192.0.2.50")).status).toBe(400);
    for (let i = 0; i < LOGIN_POLICY.pairFreeFailures; i++) await login(j, { username: a.username, password: `g${i}` }, "192.0.2.51");
    for (let i = 0; i < 30; i++) expect((await login(j, { username: a.username, password: `g${i}` }, "192.0.2.51")).status).toBe(429);
    expect(await logRows(j)).toHaveLength(LOGIN_POLICY.pairFreeFailures);
  });
});
