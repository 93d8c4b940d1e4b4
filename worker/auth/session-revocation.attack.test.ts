// Attack (issue 13, item 4): a token captured before logout, a password reset or disabling keeps working for
// its 8 hours. Every such event must end every token signed before it.
import { describe, expect, it } from "vitest";
import { createJournal, d1Of, getJson, request, type TestJournal } from "#tests/api/fixtures";
import { bearer, createAdmin, type TestAdmin } from "#tests/api/auth-fixtures";
import { setAdminUserStatus } from "./admin-users.repo";
import { db } from "#tests/api/fixtures";
import { upsertAdminSql } from "../../scripts/admin-upsert-sql";
import { hashPassword } from "./password";

async function login(j: TestJournal, a: TestAdmin, password = a.password): Promise<string> {
  const r = await getJson(j.host, "/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.20" },
    body: JSON.stringify({ username: a.username, password }),
  });
  expect(r.status).toBe(200);
  return r.body.token as string;
}

/** The stolen token replayed on an admin read and an admin write, raw, with the journal's Host. */
async function replay(j: TestJournal, token: string): Promise<number[]> {
  const read = await request(j.host, "/api/admin/", { headers: { ...bearer(token), "cf-connecting-ip": "198.51.100.99" } });
  const write = await request(j.host, "/api/settings", {
    method: "POST",
    headers: { ...bearer(token), "content-type": "application/json", "cf-connecting-ip": "198.51.100.99" },
    body: JSON.stringify({ impactfactor: "9.9" }),
  });
  return [read.status, write.status];
}

describe("attack: replaying a token after the session ended", () => {
  it("logout ends the token on the server (that session only)", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const token = await login(j, a);
    const otherDevice = await login(j, a);
    expect(await replay(j, token)).toEqual([200, 200]);
    const out = await request(j.host, "/auth/logout", { method: "POST", headers: bearer(token) });
    expect(out.status).toBe(204);
    expect(await replay(j, token)).toEqual([401, 401]);
    expect((await request(j.host, "/auth/verify-token/", { headers: bearer(token) })).status).toBe(401);
    expect((await request(j.host, "/auth/logout", { method: "POST", headers: bearer(token) })).status).toBe(401);
    // The same admin's session on another device goes on.
    expect(await replay(j, otherDevice)).toEqual([200, 200]);
    // Logging in again gives a working token.
    expect(await replay(j, await login(j, a))).toEqual([200, 200]);
  });

  it("a password reset (npm run admin:create) ends the tokens signed before it", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const token = await login(j, a);
    const now = new Date().toISOString();
    await d1Of(j)
      .prepare(upsertAdminSql({ username: a.username, journalId: j.id, passwordHash: await hashPassword("a-new-password-1"), now }))
      .run();
    expect(await replay(j, token)).toEqual([401, 401]);
    expect(await replay(j, await login(j, a, "a-new-password-1"))).toEqual([200, 200]);
  });

  it("disabling the user ends the tokens for good, even after re-enabling", async () => {
    const j = await createJournal();
    const a = await createAdmin(j.id);
    const token = await login(j, a);
    await setAdminUserStatus(db, j.id, a.id, "disabled");
    expect(await replay(j, token)).toEqual([401, 401]);
    await setAdminUserStatus(db, j.id, a.id, "enabled");
    expect(await replay(j, token)).toEqual([401, 401]);
  });
});
