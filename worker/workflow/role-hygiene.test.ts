// Role hygiene (issue 48 item 9): a production account reads the dashboard's recent changes without the titles of
// manuscripts or the names of reviewers, which its role may not read; an editor reads them whole.
import { describe, expect, it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { staffOf, submitManuscript } from "./workflow.fixtures";

describe("role hygiene", () => {
  it("the dashboard's recent changes show production no manuscript title or reviewer name", async () => {
    const j = await createJournal();
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Secret lichens of the high Atlas");
    const invited = await staff.post(`/manuscripts/${m.id}/reviewers`, {
      name: "Prof. Zenobia Quist",
      email: "zenobia.quist@rev.example",
      dueDate: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(invited.status).toBeLessThan(300);
    const read = async (role: "production" | "editor") => {
      const res = await request(j.host, "/api/admin/events?limit=100", { headers: bearer(await adminToken(j, { role })) });
      expect(res.status).toBe(200);
      return JSON.stringify(await res.json());
    };
    const editor = await read("editor");
    expect(editor).toMatch(/Zenobia Quist|Secret lichens/);
    const production = await read("production");
    expect(production).toContain("manuscript");
    expect(production).not.toMatch(/Zenobia|Quist|Secret lichens|rev\.example/);
  });
});
