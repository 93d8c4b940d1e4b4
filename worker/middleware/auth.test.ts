import { describe, expect, it } from "vitest";
import { createJournal, getJson } from "../../tests/api/fixtures";
import { adminToken, bearer, createAdmin, tokenFor } from "../../tests/api/auth-fixtures";
import { setAdminUserStatus } from "../data/admin-users.repo";
import { db } from "../../tests/api/fixtures";

describe("requireAdmin", () => {
  it("accepts a valid token of this journal and refuses everything else", async () => {
    const j = await createJournal();
    const other = await createJournal();
    const admin = await createAdmin(j.id);
    const ok = await getJson(j.host, "/auth/verify-token/", { headers: bearer(await tokenFor(admin)) });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toEqual({ id: admin.id, username: admin.username, name: admin.name });

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
