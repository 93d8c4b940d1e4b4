// The admin guard on every staff call, the dashboard counts, and the submissions list and download.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createArticle, createEditor, createIssue, createJournal, db, getJson, pdfBytes, request } from "#tests/api/fixtures";
import { adminToken, bearer, createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { submissions } from "./core/data/schema";
import { fileKeys } from "./core/files/keys";
import { setAdminUserStatus } from "./auth/admin-users.repo";

function multipart(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** Every staff call, with a body that would be accepted (or at least validated) if the token were good. */
const CALLS: { method: string; path: string; body?: () => BodyInit; json?: boolean }[] = [
  { method: "GET", path: "/api/admin/" },
  { method: "GET", path: "/api/admin/archives/" },
  { method: "POST", path: "/api/admin/create-issue", json: true, body: () => JSON.stringify({ year: 2024, volume: 9, issue: 9 }) },
  { method: "GET", path: "/api/admin/archives/2024/1/1" },
  { method: "GET", path: "/api/admin/articles/ARTICLE" },
  { method: "POST", path: "/api/admin/archives/", body: () => multipart({ title: "t" }) },
  { method: "POST", path: "/api/archives/ARTICLE", body: () => multipart({ title: "Changed by a stranger" }) },
  { method: "GET", path: "/api/admin/search?q=article" },
  { method: "GET", path: "/api/admin/editors" },
  { method: "GET", path: "/api/admin/editors/EDITOR" },
  {
    method: "POST",
    path: "/api/editors",
    body: () => multipart({ name: "Intruder", post: "Professor", content: "X", category: "chief editor" }),
  },
  { method: "POST", path: "/api/editors/EDITOR", body: () => multipart({ status: "disabled" }) },
  { method: "POST", path: "/api/settings", json: true, body: () => JSON.stringify({ websitename: "Hacked" }) },
  { method: "GET", path: "/api/admin/submissions" },
  { method: "GET", path: "/api/admin/submissions/SUBMISSION" },
  { method: "GET", path: "/api/admin/submissions/SUBMISSION/file" },
];

async function seed() {
  const j = await createJournal();
  await createIssue(j.id, 2024, 1, 1);
  const article = await createArticle(j.id, { title: "An article" });
  const editor = await createEditor(j.id);
  const [submission] = await db
    .insert(submissions)
    .values({
      journalId: j.id,
      reference: "SUB-1",
      name: "Author",
      email: "a@example.org",
      title: "Manuscript",
      file: "SUB-1.pdf",
      fileSize: 50,
      createdAt: new Date().toISOString(),
    })
    .returning();
  await env.FILES.put(fileKeys.submission(j.id, "SUB-1.pdf"), pdfBytes("submission"));
  const path = (p: string) =>
    p.replace("ARTICLE", String(article.id)).replace("EDITOR", String(editor.id)).replace("SUBMISSION", String(submission.id));
  return { j, article, editor, submission, path };
}

describe("every admin call needs a valid token of this journal", () => {
  it("refuses no token, a bad token, an expired token, another journal's token and a disabled user's token", async () => {
    const { j, article, editor, path } = await seed();
    const other = await createJournal();
    const admin = await createAdmin(j.id);
    const disabled = await createAdmin(j.id);
    const disabledToken = await tokenFor(disabled);
    await setAdminUserStatus(db, j.id, disabled.id, "disabled");
    const wrong: Record<string, Record<string, string>> = {
      "no token": {},
      "bad token": bearer("eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"),
      "expired token": bearer(await tokenFor(admin, { ttlSeconds: -60 })),
      "another journal's token": bearer(await adminToken(other)),
      "a disabled user's token": bearer(disabledToken),
    };
    for (const call of CALLS) {
      for (const [label, headers] of Object.entries(wrong)) {
        const res = await request(j.host, path(call.path), {
          method: call.method,
          headers: { ...headers, ...(call.json ? { "content-type": "application/json" } : {}) },
          body: call.body?.(),
        });
        expect([call.method, call.path, label, res.status]).toEqual([call.method, call.path, label, 401]);
        expect(await res.json()).toEqual({ error: "unauthorized" });
      }
    }
    // Nothing was written by the refused calls.
    expect((await getJson(j.host, "/api/settings/")).body.websitename).not.toBe("Hacked");
    expect((await getJson(j.host, `/api/archives/${article.id}`)).body.title).toBe("An article");
    expect((await getJson(j.host, `/api/editors/${editor.id}`)).status).toBe(200);
    // The same calls with a good token are let through.
    const good = bearer(await tokenFor(admin));
    for (const call of CALLS) {
      const res = await request(j.host, path(call.path), {
        method: call.method,
        headers: { ...good, ...(call.json ? { "content-type": "application/json" } : {}) },
        body: call.body?.(),
      });
      expect([call.path, res.status]).not.toEqual([call.path, 401]);
      expect(res.status).toBeLessThan(500);
    }
  });

  it("leaves the public reads under the same prefixes open", async () => {
    const { j, article, editor } = await seed();
    expect((await request(j.host, "/api/settings/")).status).toBe(200);
    expect((await request(j.host, "/api/editors/")).status).toBe(200);
    expect((await request(j.host, `/api/editors/${editor.id}`)).status).toBe(200);
    expect((await request(j.host, `/api/archives/${article.id}`)).status).toBe(200);
    expect((await request(j.host, "/api/archives/")).status).toBe(200);
  });

  it("marks admin answers as not cacheable", async () => {
    const { j } = await seed();
    const res = await request(j.host, "/api/admin/", { headers: bearer(await adminToken(j)) });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("GET /api/admin/", () => {
  it("counts the journal's issues, editors, articles and submissions (any status, this journal only)", async () => {
    const { j } = await seed();
    await createIssue(j.id, 2024, 1, 2);
    await createEditor(j.id, { status: "disabled" });
    await createArticle(j.id, { status: "disabled" });
    const other = await createJournal();
    await createIssue(other.id, 2024, 1, 1);
    await createEditor(other.id);
    const { status, body } = await getJson(j.host, "/api/admin/", { headers: bearer(await adminToken(j)) });
    expect(status).toBe(200);
    expect(body).toEqual({ archives: 2, editors: 2, articles: 2, submissions: 1 });
  });
});

describe("GET /api/admin/submissions", () => {
  it("lists the journal's submissions newest first and downloads a manuscript as an attachment", async () => {
    const { j, submission } = await seed();
    const later = new Date(Date.now() + 1000).toISOString();
    await db.insert(submissions).values({
      journalId: j.id,
      reference: "SUB-2",
      name: "B",
      email: "b@example.org",
      title: "Second",
      file: "SUB-2.pdf",
      createdAt: later,
    });
    const other = await createJournal();
    await db.insert(submissions).values({
      journalId: other.id,
      reference: "SUB-X",
      name: "X",
      email: "x@example.org",
      title: "Other",
      file: "SUB-X.pdf",
      createdAt: later,
    });
    const token = await adminToken(j);
    const list = await getJson(j.host, "/api/admin/submissions", { headers: bearer(token) });
    expect(list.status).toBe(200);
    expect(list.body.map((s: { reference: string }) => s.reference)).toEqual(["SUB-2", "SUB-1"]);
    expect(list.body[1]).toMatchObject({
      id: submission.id,
      name: "Author",
      email: "a@example.org",
      title: "Manuscript",
      file: "SUB-1.pdf",
      file_size: 50,
      file_url: `/api/admin/submissions/${submission.id}/file`,
    });

    const file = await request(j.host, `/api/admin/submissions/${submission.id}/file`, { headers: bearer(token) });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="SUB-1.pdf"');
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(new TextDecoder().decode(await file.arrayBuffer())).toContain("submission");
    // Another journal's submission, or one whose file is gone: 404.
    const [x] = await db.select().from(submissions).where(eq(submissions.reference, "SUB-X"));
    expect((await request(j.host, `/api/admin/submissions/${x.id}/file`, { headers: bearer(token) })).status).toBe(404);
    expect((await request(j.host, `/api/admin/submissions/${x.id}`, { headers: bearer(token) })).status).toBe(404);
    const second = list.body[0].id;
    expect((await request(j.host, `/api/admin/submissions/${second}/file`, { headers: bearer(token) })).status).toBe(404);
  });
});
