// Role hygiene (issue 48 item 9): a production account reads the dashboard's recent changes without the titles of
// manuscripts or the names of reviewers, which its role may not read; an editor reads them whole. The journal's
// sender address and letter templates are the manager's: an editor who decides manuscripts cannot rewrite them.
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

  it("only a journal manager changes the sender address and the letter templates", async () => {
    const j = await createJournal();
    const call = async (role: "editor" | "manager", method: string, path: string, json?: unknown) =>
      request(j.host, `/api/admin/workflow/${path}`, {
        method,
        headers: { ...bearer(await adminToken(j, { role })), ...(json ? { "content-type": "application/json" } : {}) },
        body: json ? JSON.stringify(json) : undefined,
      });
    const letter = { subject: "{{reference}}: sent back", body: "Dear {{author}}, we were hijacked." };
    const sender = { senderName: "Not the journal", senderAddress: "spoof@evil.example", publicFigures: false };
    for (const [method, path, body] of [
      ["GET", "templates"],
      ["PUT", "templates/declined", letter],
      ["GET", "settings"],
      ["PUT", "settings", sender],
    ] as const) {
      const res = await call("editor", method, path, body);
      expect(res.status, `${method} ${path} as editor`).toBe(403);
      expect(await res.json()).toEqual({ error: "forbidden_role" });
    }
    // Nothing the editor sent was stored; the manager's own change is.
    const before = (await (await call("manager", "GET", "templates")).json()) as { templates: { decision: string; body: string }[] };
    expect(before.templates.find((t) => t.decision === "declined")?.body).not.toContain("hijacked");
    expect(((await (await call("manager", "GET", "settings")).json()) as { senderAddress: string }).senderAddress).not.toBe(
      "spoof@evil.example",
    );
    expect((await call("manager", "PUT", "templates/declined", letter)).status).toBe(200);
  });
});
