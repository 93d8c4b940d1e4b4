// Many staff at once: 20 identical creates end with one row and 19 clear 409s (the database decides), and two
// saves of the same article or editor cannot silently overwrite each other (optimistic concurrency: 409 stale_edit).
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createIssue, createJournal, db, getJson, pdfBytes, request, d1Of } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { adminEvents, articles, editors, issues } from "./data/schema";
import { auditFiles } from "../platform/file-orphans";

const N = 20;

async function setup() {
  const j = await createJournal();
  await createIssue(j.id, 2024, 3, 2);
  return { j, token: await adminToken(j) };
}

const articleForm = (over: Record<string, string> = {}) => {
  const f = new FormData();
  const fields = {
    title: "Simultaneous submission",
    abstract: "Abstract.",
    authorname: "A. One",
    refnumber: "RACE-1",
    txnid: "TXN-RACE-1",
    ptype: "paid",
    pagenumber: "1-9",
    publishdate: "2024-05-06",
    year: "2024",
    volume: "3",
    issue: "2",
    email: "a@example.org",
    ...over,
  };
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes("race")], "a.pdf"));
  return f;
};

const editorForm = (over: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({
    name: "Dr. Same Person",
    category: "chief editor",
    post: "Professor",
    content: "University",
    ...over,
  }))
    f.set(k, v);
  return f;
};

async function settle(responses: Response[]) {
  return Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })));
}

describe(`${N} identical creates at once`, () => {
  it("articles: one row, one file, one audit event, and 19 × 409 duplicate_reference_number", async () => {
    const { j, token } = await setup();
    const results = await settle(
      await Promise.all(
        Array.from({ length: N }, () =>
          request(j.host, "/api/admin/archives/", { method: "POST", headers: bearer(token), body: articleForm() }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => [r.status, r.body])).toEqual(
      Array.from({ length: N - 1 }, () => [409, { error: "duplicate_reference_number" }]),
    );
    expect(await db.select().from(articles).where(eq(articles.journalId, j.id))).toHaveLength(1);
    const audit = await auditFiles({ platform: env.DB, journals: [d1Of(j)] }, env.FILES, {
      journalId: j.id,
      graceMs: 0,
      now: new Date(Date.now() + 60_000),
    });
    expect([audit.orphans, audit.recent, audit.missing]).toEqual([[], [], []]);
    expect(await db.select().from(adminEvents).where(eq(adminEvents.journalId, j.id))).toHaveLength(1);
  });

  it("issues: one row and 19 × 409 duplicate_issue", async () => {
    const { j, token } = await setup();
    const send = () =>
      request(j.host, "/api/admin/create-issue", {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ year: 2024, volume: 8, issue: 1 }),
      });
    const results = await settle(await Promise.all(Array.from({ length: N }, send)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body])).toEqual(
      Array.from({ length: N - 1 }, () => [409, { error: "duplicate_issue" }]),
    );
    expect(
      await db
        .select()
        .from(issues)
        .where(eq(issues.journalId, j.id))
        .then((rows) => rows.filter((i) => i.volume === 8)),
    ).toHaveLength(1);
  });

  it("editors: namesakes are allowed (SPEC has no unique-name rule; issue 26), renaming to a taken name too", async () => {
    const { j, token } = await setup();
    const add = (name: string) => getJson(j.host, "/api/editors", { method: "POST", headers: bearer(token), body: editorForm({ name }) });
    expect((await add("Dr. Same Person")).status).toBe(201);
    expect((await add(" dr. same PERSON ")).status).toBe(201);
    const other = await add("Dr. Someone Else");
    const rename = await getJson(j.host, `/api/editors/${other.body.editor.id}`, {
      method: "POST",
      headers: bearer(token),
      body: editorForm({ name: "Dr. Same Person" }),
    });
    expect(rename.status).toBe(200);
    const names = (await db.select().from(editors).where(eq(editors.journalId, j.id))).map((e) => e.name);
    expect(names).toEqual(["Dr. Same Person", "dr. same PERSON", "Dr. Same Person"]);
  });
});

describe("two admins saving the same record", () => {
  it("articles: the second save, based on the version both loaded, is 409 stale_edit and changes nothing", async () => {
    const { j, token } = await setup();
    const other = await adminToken(j);
    const added = await getJson(j.host, "/api/admin/archives/", { method: "POST", headers: bearer(token), body: articleForm() });
    const loaded = added.body.article as { id: number; modification: string; file: string };
    const save = (t: string, fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ ...fields, modification: loaded.modification })) f.set(k, v);
      return getJson(j.host, `/api/archives/${loaded.id}`, { method: "POST", headers: bearer(t), body: f });
    };
    const first = await save(token, { title: "Title from the first admin" });
    expect(first.status).toBe(200);
    expect(first.body.article.modification > loaded.modification).toBe(true);
    const second = await save(other, { title: "Title from the second admin", pagenumber: "2-3" });
    expect([second.status, second.body]).toEqual([409, { error: "stale_edit" }]);
    const [row] = await db.select().from(articles).where(eq(articles.id, loaded.id));
    expect([row.title, row.pagenumber]).toEqual(["Title from the first admin", "1-9"]);
    // Saving again from the fresh version works.
    const f = new FormData();
    f.set("pagenumber", "2-3");
    f.set("modification", first.body.article.modification);
    expect((await getJson(j.host, `/api/archives/${loaded.id}`, { method: "POST", headers: bearer(other), body: f })).status).toBe(200);
  });

  it("articles: of two saves sent at the same moment from one version, exactly one wins; a stale PDF leaves no object", async () => {
    const { j, token } = await setup();
    const added = await getJson(j.host, "/api/admin/archives/", { method: "POST", headers: bearer(token), body: articleForm() });
    const loaded = added.body.article as { id: number; modification: string };
    const save = (n: number) => {
      const f = new FormData();
      f.set("title", `Concurrent title ${n}`);
      f.set("modification", loaded.modification);
      f.set("pdfFile", new File([pdfBytes(`version ${n}`)], "v.pdf"));
      return request(j.host, `/api/archives/${loaded.id}`, { method: "POST", headers: bearer(token), body: f });
    };
    const results = await settle(await Promise.all(Array.from({ length: 5 }, (_, n) => save(n))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual(
      Array.from({ length: 4 }, () => [409, { error: "stale_edit" }]),
    );
    const audit = await auditFiles({ platform: env.DB, journals: [d1Of(j)] }, env.FILES, {
      journalId: j.id,
      graceMs: 0,
      now: new Date(Date.now() + 60_000),
    });
    expect([audit.orphans, audit.recent, audit.missing]).toEqual([[], [], []]);
  });

  it("editors: a save based on an older updated_at is 409 stale_edit; the status toggle is not blocked", async () => {
    const { j, token } = await setup();
    const created = await getJson(j.host, "/api/editors", { method: "POST", headers: bearer(token), body: editorForm() });
    const loaded = created.body.editor as { id: number; updated_at: string };
    const first = await getJson(j.host, `/api/editors/${loaded.id}`, {
      method: "POST",
      headers: bearer(token),
      body: editorForm({ degree: "PhD", updated_at: loaded.updated_at }),
    });
    expect(first.status).toBe(200);
    const second = await getJson(j.host, `/api/editors/${loaded.id}`, {
      method: "POST",
      headers: bearer(token),
      body: editorForm({ degree: "MD", updated_at: loaded.updated_at }),
    });
    expect([second.status, second.body]).toEqual([409, { error: "stale_edit" }]);
    const toggle = await getJson(j.host, `/api/editors/${loaded.id}`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ status: "disabled" }),
    });
    expect(toggle.body.editor).toMatchObject({ status: "disabled", degree: "PhD" });
  });
});
