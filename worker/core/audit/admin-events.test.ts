// The audit trail: every admin write records who, what and when (admin_events, in the same batch as the write);
// refused writes record nothing; staff read the newest events of their own journal only.
import { describe, expect, it } from "vitest";
import { createIssue, createJournal, getJson, pdfBytes, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import type { AdminEventEntry } from "#contract/api";

const form = (fields: Record<string, string>, file?: [string, Uint8Array]) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set(file[0], new File([file[1]], "upload"));
  return f;
};
const json = (token: string, body: unknown) => ({
  method: "POST",
  headers: { ...bearer(token), "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("admin_events", () => {
  it("records every admin write with the admin's name, newest first, and nothing for refused ones", async () => {
    const j = await createJournal();
    await createIssue(j.id, 2024, 3, 2);
    const alice = await adminToken(j, { username: "alice" });
    const bob = await adminToken(j, { username: "bob" });
    const article = {
      title: "Audited article",
      abstract: "A.",
      authorname: "A",
      refnumber: "AUD-1",
      txnid: "TXN-AUD-1",
      ptype: "paid",
      pagenumber: "1-2",
      publishdate: "2024-01-02",
      year: "2024",
      volume: "3",
      issue: "2",
      email: "a@b.org",
    };

    expect((await request(j.host, "/api/admin/create-issue", json(alice, { year: 2024, volume: 4, issue: 1 }))).status).toBe(201);
    const added = await getJson(j.host, "/api/admin/archives/", {
      method: "POST",
      headers: bearer(alice),
      body: form(article, ["pdfFile", pdfBytes("a")]),
    });
    expect(added.status).toBe(201);
    // Refused: a duplicate, and a stale save.
    expect(
      (
        await request(j.host, "/api/admin/archives/", {
          method: "POST",
          headers: bearer(alice),
          body: form(article, ["pdfFile", pdfBytes("a")]),
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await request(j.host, `/api/archives/${added.body.article.id}`, {
          method: "POST",
          headers: bearer(bob),
          body: form({ title: "Old", modification: "2000-01-01T00:00:00.000Z" }),
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await request(j.host, `/api/archives/${added.body.article.id}`, {
          method: "POST",
          headers: bearer(bob),
          body: form({ pagenumber: "3-4" }),
        })
      ).status,
    ).toBe(200);
    const editor = await getJson(j.host, "/api/editors", {
      method: "POST",
      headers: bearer(bob),
      body: form({ name: "Dr. Audit", category: "chief editor", post: "Professor", content: "Uni" }),
    });
    expect((await request(j.host, `/api/editors/${editor.body.editor.id}`, json(bob, { status: "disabled" }))).status).toBe(200);
    expect((await request(j.host, "/api/settings", json(alice, { websitename: "Audited Journal" }))).status).toBe(200);
    expect(
      (await request(j.host, `/api/admin/editors/${editor.body.editor.id}`, { method: "DELETE", headers: bearer(alice) })).status,
    ).toBe(204);
    expect(
      (await request(j.host, `/api/admin/articles/${added.body.article.id}`, { method: "DELETE", headers: bearer(alice) })).status,
    ).toBe(204);

    const events = await getJson<AdminEventEntry[]>(j.host, "/api/admin/events", { headers: bearer(alice) });
    expect(events.status).toBe(200);
    expect(events.body.map((e) => [e.admin_username, e.action, e.summary])).toEqual([
      ["alice", "article.delete", "AUD-1 Audited article"],
      ["alice", "editor.delete", "Dr. Audit"],
      ["alice", "settings.save", "Journal name"],
      ["bob", "editor.status", "Dr. Audit → disabled"],
      ["bob", "editor.add", "Dr. Audit"],
      ["bob", "article.edit", "AUD-1 Audited article"],
      ["alice", "article.add", "AUD-1 Audited article"],
      ["alice", "issue.create", "Vol. 4, Issue 1 (2024)"],
    ]);
    // Creates name the new row (last_insert_rowid in the same batch), edits the edited one.
    const byAction = Object.fromEntries(events.body.map((e) => [e.action, e]));
    expect(byAction["article.add"].entity_id).toBe(added.body.article.id);
    expect(byAction["article.edit"].entity_id).toBe(added.body.article.id);
    expect(byAction["editor.add"].entity_id).toBe(editor.body.editor.id);
    expect(events.body.every((e) => /^\d{4}-\d\d-\d\dT/.test(e.created_at))).toBe(true);
    expect((await getJson<AdminEventEntry[]>(j.host, "/api/admin/events?limit=2", { headers: bearer(alice) })).body).toHaveLength(2);

    // Another journal's staff see none of it; without a token, nothing.
    const other = await createJournal();
    expect((await getJson(other.host, "/api/admin/events", { headers: bearer(await adminToken(other)) })).body).toEqual([]);
    expect((await request(j.host, "/api/admin/events")).status).toBe(401);
  });
});
