import { describe, expect, it } from "vitest";
import { createJournal, getJson } from "#tests/api/fixtures";
import { adminToken, bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { setAdminUserStatus } from "./admin-users.repo";
import { db } from "#tests/api/fixtures";

describe("requireAdmin", () => {
  it("accepts a valid token of this journal and refuses everything else", async () => {
    const j = await createJournal();
    const other = await createJournal();
    const admin = await createAdmin(j.id);
    const ok = await getJson(j.host, "/auth/verify-token/", { headers: bearer(await tokenFor(admin)) });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual({ id: admin.id, username: admin.username, name: admin.name, role: "manager", mustChangePassword: false });

    for (const headers of [
      {},
      bearer("abc.def.ghi"),
      bearer(await tokenFor(admin, { ttlSeconds: -10 })),
      bearer(await adminToken(other)),
    ]) {
      const r = await getJson(j.host, "/auth/verify-token/", { headers });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ error: "unauthorized" });
    }
    await setAdminUserStatus(db, j.id, admin.id, "disabled");
    expect((await getJson(j.host, "/auth/verify-token/", { headers: bearer(await tokenFor(admin)) })).status).toBe(401);
  });
});

describe("admin guards cover every method that can change something", () => {
  // Each admin prefix, with a path its admin router serves. Public reads (GET) stay open where they exist.
  const ADMIN_PATHS = ["/api/settings/", "/api/editors/1", "/api/archives/1", "/api/admin/create-issue", "/api/pdf/indexpage"];

  it("answers PUT, PATCH and DELETE to each admin prefix with 401 without a token", async () => {
    const j = await createJournal();
    for (const path of ADMIN_PATHS) {
      for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
        const { status, body } = await getJson(j.host, path, { method, headers: { "content-type": "application/json" }, body: "{}" });
        expect({ path, method, status, body }).toEqual({ path, method, status: 401, body: { error: "unauthorized" } });
      }
    }
  });

  it("keeps the public reads under those prefixes open", async () => {
    const j = await createJournal();
    for (const path of ["/api/settings/", "/api/editors/", "/api/archives/"]) {
      expect((await getJson(j.host, path)).status, path).toBe(200);
    }
  });
});
