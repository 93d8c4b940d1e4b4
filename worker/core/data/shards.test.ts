// Issue 42 item 2: journals spread over several D1 databases (docs/decisions/0240). Two journals on the two journal
// databases: each one's rows go to its own database and nowhere else, its row and hosts stay the platform's, reads
// and writes carry one bookmark per database, the console counts across databases and new journals go to the
// least-full one.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, getJson, request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { consoleCall, createOperator } from "#tests/api/platform-fixtures";
import { bookmarksOf } from "../edge/d1-session";
import { journalDatabaseNames, shardForNewJournal, shardNames } from "./shards";

const countIn = async (db: D1Database, sql: string, ...params: unknown[]) =>
  Number(
    (
      await db
        .prepare(sql)
        .bind(...params)
        .first<{ n: number }>()
    )?.n ?? 0,
  );

describe("journal databases", () => {
  it("the Worker binds the platform database and three journal databases (the third closed, a move's target)", () => {
    expect(journalDatabaseNames(env)).toEqual(["JOURNALS_1", "JOURNALS_2", "JOURNALS_3"]);
    expect(shardNames(env)).toEqual(["JOURNALS_1", "JOURNALS_2", "JOURNALS_3", "DB"]);
  });

  it("each journal's rows are written to its own database only; its row and hosts stay the platform's", async () => {
    const a = await createJournal({ shard: "JOURNALS_1" });
    const b = await createJournal({ shard: "JOURNALS_2" });
    for (const [j, own, other] of [
      [a, env.JOURNALS_1, env.JOURNALS_2],
      [b, env.JOURNALS_2, env.JOURNALS_1],
    ] as const) {
      const token = await adminToken(j);
      const issue = await request(j.host, "/api/admin/create-issue", {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ year: 2026, volume: 1, issue: 1 }),
      });
      expect(issue.status).toBe(201);
      const saved = await request(j.host, "/api/settings/", {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ websitename: `Renamed ${j.id}` }),
      });
      expect(saved.status).toBe(200);
      expect(await countIn(own, "SELECT count(*) AS n FROM issues WHERE journal_id = ?", j.id)).toBe(1);
      expect(await countIn(other, "SELECT count(*) AS n FROM issues WHERE journal_id = ?", j.id)).toBe(0);
      expect(await countIn(env.DB, "SELECT count(*) AS n FROM issues WHERE journal_id = ?", j.id)).toBe(0);
      // The audit trail is the journal's; the settings are the platform's row.
      expect(await countIn(own, "SELECT count(*) AS n FROM admin_events WHERE journal_id = ?", j.id)).toBe(2);
      expect(await countIn(env.DB, "SELECT count(*) AS n FROM journals WHERE id = ? AND websitename = ?", j.id, `Renamed ${j.id}`)).toBe(1);
      expect((await getJson(j.host, "/api/settings/")).body.websitename).toBe(`Renamed ${j.id}`);
      expect(await countIn(env.DB, "SELECT count(*) AS n FROM journal_domains WHERE journal_id = ?", j.id)).toBe(1);
      expect(await countIn(own, "SELECT count(*) AS n FROM journal_domains WHERE journal_id = ?", j.id)).toBe(0);
      // Published, so readers see it (a new issue is the staff's until then: docs/decisions/0383).
      const { id } = ((await issue.json()) as { issue: { id: number } }).issue;
      const published = await request(j.host, `/api/admin/issues/${id}/publication`, {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ status: "published" }),
      });
      expect(published.status).toBe(200);
    }
    // The same id in both databases would be a collision: each reads its own rows.
    expect((await getJson(a.host, "/api/archives/")).body).toEqual([{ year: 2026, volume: 1, total_issues: 1 }]);
  });

  it("an admin's answer carries one bookmark per database it used, and they are read back per database", async () => {
    const j = await createJournal({ shard: "JOURNALS_2" });
    const token = await adminToken(j);
    const res = await request(j.host, "/api/admin/create-issue", {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ year: 2025, volume: 2, issue: 1 }),
    });
    expect(res.status).toBe(201);
    const header = res.headers.get("x-d1-bookmark") ?? "";
    expect(header).toMatch(/^([A-Z0-9_]+~[A-Za-z0-9-]+)(\.[A-Z0-9_]+~[A-Za-z0-9-]+)*$/);
    const sent = bookmarksOf(new Request("http://x/", { headers: { "x-d1-bookmark": header } }));
    expect(sent.has("JOURNALS_2")).toBe(true);
    // Sent back, the admin reads their own write; a bare bookmark from before is the platform database's.
    const again = await request(j.host, "/api/admin/archives", { headers: { ...bearer(token), "x-d1-bookmark": header } });
    expect(again.status).toBe(200);
    expect(await again.json()).toContainEqual(expect.objectContaining({ year: 2025, volume: 2, issue: 1 }));
    expect([...bookmarksOf(new Request("http://x/", { headers: { "x-d1-bookmark": "0000-00ab" } }))]).toEqual([["DB", "0000-00ab"]]);
    expect(bookmarksOf(new Request("http://x/", { headers: { "x-d1-bookmark": "db~1.JOURNALS_1~x y" } })).size).toBe(0);
  });

  it("the console lists journals of every database with their own counts, and makes new ones in the least-full", async () => {
    const op = await createOperator();
    const a = await createJournal({ shard: "JOURNALS_1" });
    const b = await createJournal({ shard: "JOURNALS_2" });
    await createIssue(a.id, 2024, 1, 1);
    await createArticle(a.id);
    await createIssue(b.id, 2024, 1, 1);
    await createIssue(b.id, 2024, 1, 2);
    const list = (await consoleCall(op.token, "GET", "/journals")).body.journals as { id: number; counts: unknown }[];
    expect(list.find((x) => x.id === a.id)?.counts).toEqual({ issues: 1, articles: 1, editors: 0 });
    expect(list.find((x) => x.id === b.id)?.counts).toEqual({ issues: 2, articles: 0, editors: 0 });

    const expected = await shardForNewJournal(env);
    const host = `new-${Date.now().toString(36)}.example.org`;
    const made = await consoleCall(op.token, "POST", "/journals", {
      name: "Journal of Placement",
      abbreviation: "",
      issnPrint: "",
      issnOnline: "",
      contactEmail: "",
      primaryHost: host,
    });
    expect(made.status).toBe(201);
    const row = await env.DB.prepare("SELECT shard FROM journals WHERE id = ?").bind(made.body.journal.id).first<{ shard: string }>();
    expect(row?.shard).toBe(expected);
    expect(["JOURNALS_1", "JOURNALS_2"]).toContain(row?.shard);
    // Its database holds the copy of its row that its rows' foreign keys need, and it serves at once.
    const own = row?.shard === "JOURNALS_1" ? env.JOURNALS_1 : env.JOURNALS_2;
    expect(await countIn(own, "SELECT count(*) AS n FROM journals WHERE id = ?", made.body.journal.id)).toBe(1);
    expect((await getJson(host, "/api/settings/")).body.websitename).toBe("Journal of Placement");
  });
});
