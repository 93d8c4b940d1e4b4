// Moving a journal to another journal database while it serves (issue 42 item 3, docs/decisions/0280): the phases
// driven one by one while readers and an admin keep calling the journal; then the refusals; then the console's
// Workflow path. Every wait here has a deadline.
import { env, introspectWorkflow } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createArticle,
  createEditor,
  createIssue,
  createJournal,
  getJson,
  pdfBytes,
  request,
  unique,
  type TestJournal,
} from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { consoleCall, createOperator } from "#tests/api/platform-fixtures";
import { drained, linkIn, openSession, outboxOf, staffOf, submitManuscript, inDays } from "../workflow/workflow.fixtures";
import { forgetShard } from "../core/data/shards";
import { forgetJournals } from "../core/edge/journal-memo";
import {
  catchUp,
  cleanup,
  copyChunk,
  freeze,
  planMove,
  startLog,
  switchShard,
  verify,
  type CopyCursor,
  type Move,
} from "./journal-move.repo";
import type { MoveAnswer } from "#contract/journal-move";
import { emptyMoveTarget, journalRows, planInput } from "./journal-move.testing";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function articleForm(refnumber: string, title: string): FormData {
  const f = new FormData();
  const fields: Record<string, string> = {
    title,
    abstract: "Written while the journal moved.",
    authorname: "A. Mover",
    refnumber,
    txnid: `TXN-${refnumber}`,
    ptype: "paid",
    pagenumber: "1-2",
    publishdate: "2024-05-06",
    year: "2024",
    volume: "1",
    issue: "1",
    email: "mover@example.org",
    country: "India",
    keywords: "moving",
    subject: "Logistics",
    mobile: "+91 99999 00000",
    description: "",
  };
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes(refnumber)], "paper.pdf", { type: "application/pdf" }));
  return f;
}

interface Traffic {
  reads: { path: string; status: number }[];
  writes: { what: string; attempts: number; status: number; moving: number }[];
  added: { ref: string; id: number }[];
  /** How many of the admin's writes were answered 503 journal_moving so far. */
  refusedWhileMoving: number;
  stop(): Promise<void>;
}

/**
 * Readers (public API by reference number and by id, the home page, search) and an admin (adding articles and
 * editing one) calling the journal in a loop until stopped. A write answered 503 journal_moving is retried after a
 * short pause, as the console's client does, within a deadline.
 */
function traffic(j: TestJournal, token: string, known: { ref: string; id: number }): Traffic {
  const t: Traffic = { reads: [], writes: [], added: [], refusedWhileMoving: 0, stop: async () => {} };
  let running = true;
  const write = async (what: string, send: () => Promise<Response>) => {
    let moving = 0;
    const deadline = Date.now() + 20_000;
    for (let attempt = 1; ; attempt++) {
      const res = await send();
      const body = (await res.json()) as { error?: string; id?: number; article?: { id: number } };
      if (res.status === 503 && body.error === "journal_moving" && Date.now() < deadline) {
        expect(res.headers.get("retry-after")).toBe("2");
        moving++;
        t.refusedWhileMoving++;
        await sleep(50);
        continue;
      }
      t.writes.push({ what, attempts: attempt, status: res.status, moving });
      await sleep(5);
      return body;
    }
  };
  const readers = (async () => {
    const paths = [`/api/archives/ref/${known.ref}`, `/api/archives/${known.id}`, "/", "/api/search?q=basalt", "/api/archives"];
    for (let i = 0; running; i++) {
      const path = paths[i % paths.length];
      const res = await request(j.host, path);
      await res.arrayBuffer();
      t.reads.push({ path, status: res.status });
      // A read served from the isolate's hot copy resolves without I/O: without a timer here the loop would run
      // on microtasks alone and starve everything else (timers included).
      await sleep(5);
    }
  })();
  const writers = (async () => {
    for (let i = 0; running; i++) {
      const ref = `MOV-${i}-${unique("w").slice(-6)}`.replace(/[^A-Za-z0-9-]/g, "");
      const body = await write("add", () =>
        request(j.host, "/api/admin/archives/", { method: "POST", headers: bearer(token), body: articleForm(ref, `Moving basalt ${ref}`) }),
      );
      const id = body.id ?? body.article?.id;
      if (typeof id === "number") t.added.push({ ref, id });
      await write("edit", () =>
        request(j.host, `/api/archives/${known.id}`, {
          method: "POST",
          headers: bearer(token),
          body: articleForm(known.ref, `Basalt weathering, revision ${i}`),
        }),
      );
    }
  })();
  t.stop = async () => {
    running = false;
    await Promise.race([Promise.all([readers, writers]), sleep(25_000).then(() => Promise.reject(new Error("traffic did not stop")))]);
  };
  return t;
}

describe("moving a journal between journal databases", () => {
  beforeEach(emptyMoveTarget);

  it("copies, catches up, freezes, verifies, switches and cleans up while readers and an admin keep going", {
    timeout: 120_000,
  }, async () => {
    const j = await createJournal({ shard: "JOURNALS_1" });
    const neighbour = await createJournal({ shard: "JOURNALS_1" });
    const neighbourArticle = await createArticle(neighbour.id, { title: "A neighbour's article" });
    await createIssue(j.id, 2024, 1, 1);
    const articles = [];
    for (let i = 0; i < 40; i++) articles.push(await createArticle(j.id, { title: `Basalt study ${i}`, refnumber: `BAS-${i}` }));
    const editor = await createEditor(j.id, { name: "Dr. Mira Stone" });
    const staff = await staffOf(j);
    const m = await submitManuscript(j, "Lichens on basalt");
    await staff.post(`/manuscripts/${m.id}/reviewers`, { name: "Dr. Ines Moreau", email: "ines@rev.example", dueDate: inDays(10) });
    const review = linkIn((await outboxOf(staff)).find((x) => x.kind === "review.invitation")!.text, "review");
    await drained(j.id);
    const token = await adminToken(j, { username: unique("mover") });
    const neighbourBefore = await journalRows(env.JOURNALS_1, neighbour.id);
    const before = await journalRows(env.JOURNALS_1, j.id);
    expect(before.articles).toBe(40);

    const move: Move = await planMove(planInput(j.id, "JOURNALS_3"));
    const load = traffic(j, token, { ref: "BAS-0", id: articles[0].id });
    try {
      await startLog(move);
      let cursor: CopyCursor | null = null;
      let chunks = 0;
      do {
        cursor = (await copyChunk(move, cursor, 25)).cursor;
        chunks++;
        await sleep(30); // the admin writes meanwhile
      } while (cursor && chunks < 500);
      expect(cursor).toBeNull();
      await catchUp(move);
      await sleep(100);
      const frozenAt = await freeze(move);
      // Frozen: a write to the journal is answered 503 journal_moving, Retry-After 2; reads still answer.
      const refused = await request(j.host, `/api/archives/${articles[1].id}`, {
        method: "POST",
        headers: bearer(token),
        body: articleForm("BAS-1", "Refused while frozen"),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("2");
      expect(await refused.json()).toEqual({ error: "journal_moving" });
      // Frozen until the admin's own traffic has met the freeze (on a quiet machine a write can fall between).
      for (const until = Date.now() + 10_000; load.refusedWhileMoving === 0 && Date.now() < until; ) await sleep(20);
      await verify(move);
      await switchShard(move, frozenAt);
      // Other isolates still read the source during the memo bound; the admin's next write meets the freeze there,
      // forgets the memo and goes to the new database.
      await sleep(400);
    } finally {
      await load.stop();
    }
    forgetShard();
    forgetJournals();
    expect(await cleanup(move, 0)).toBeGreaterThan(0);

    // Every read answered 200; every write succeeded (some after 503 journal_moving); some wrote during the move.
    expect(load.reads.length).toBeGreaterThan(3);
    expect(load.reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(load.writes.filter((w) => w.status !== 200 && w.status !== 201)).toEqual([]);
    expect(load.added.length).toBeGreaterThan(0);
    expect(load.writes.some((w) => w.moving > 0)).toBe(true);

    // The platform says JOURNALS_3; every row is there, none is left in JOURNALS_1; the neighbour is untouched.
    const row = await env.DB.prepare("SELECT shard FROM journals WHERE id = ?").bind(j.id).first<{ shard: string }>();
    expect(row?.shard).toBe("JOURNALS_3");
    expect(await journalRows(env.JOURNALS_1, j.id)).toEqual({});
    const after = await journalRows(env.JOURNALS_3, j.id);
    expect(after.articles).toBe(40 + load.added.length);
    expect(after.editors).toBe(before.editors);
    expect(after.manuscripts).toBe(before.manuscripts);
    expect(after.access_links).toBe(before.access_links);
    for (const a of load.added) {
      const got = await env.JOURNALS_3.prepare("SELECT refnumber FROM articles WHERE id = ?").bind(a.id).first<{ refnumber: string }>();
      expect(got?.refnumber).toBe(a.ref);
    }
    expect(await journalRows(env.JOURNALS_1, neighbour.id)).toEqual(neighbourBefore);
    expect((await getJson(neighbour.host, `/api/archives/${neighbourArticle.id}`)).status).toBe(200);
    const trigger = await env.JOURNALS_1.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE ?")
      .bind(`journal_move_${j.id}_%`)
      .first<{ n: number }>();
    expect(trigger?.n).toBe(0);

    // Same ids: the editor, the article by id and by reference number, the review link made before the move.
    expect((await getJson(j.host, `/api/archives/${articles[5].id}`)).body).toMatchObject({ refnumber: "BAS-5" });
    expect((await getJson(j.host, "/api/archives/ref/BAS-7")).status).toBe(200);
    expect((await getJson(j.host, `/api/archives/${articles[0].id}`)).body.title).toMatch(/^Basalt weathering, revision \d+$/);
    expect((await staff.get("/editors")).body).toEqual(expect.arrayContaining([expect.objectContaining({ id: editor.id })]));
    expect((await openSession(j.host, "review", review.token)).status).toBe(200);
    // Search runs on the new database's index, rebuilt by its triggers as the rows came in.
    const found = await getJson<{ count: number; results: { refnumber: string }[] }>(j.host, "/api/search?q=basalt");
    expect(found.status).toBe(200);
    expect(found.body.count).toBeGreaterThanOrEqual(40);
    expect(found.body.results.map((r) => r.refnumber)).toEqual(expect.arrayContaining([expect.stringMatching(/^(BAS|MOV)-/)]));
    const added = load.added[0];
    expect(
      (await getJson<{ results: { refnumber: string }[] }>(j.host, `/api/search?q=${added.ref}`)).body.results.map((r) => r.refnumber),
    ).toContain(added.ref);
    // The move's record.
    const record = await env.DB.prepare("SELECT * FROM journal_moves WHERE id = ?").bind(move.id).first<Record<string, unknown>>();
    expect(record).toMatchObject({ state: "done", from_shard: "JOURNALS_1", to_shard: "JOURNALS_3" });
    expect(Number(record?.paused_ms)).toBeGreaterThan(0);
    expect(Number(record?.paused_ms)).toBeLessThan(10_000);
  });

  it("refuses ids taken in the target before writing anything, and a second move of the same journal", async () => {
    const j = await createJournal({ shard: "JOURNALS_1" });
    const a = await createArticle(j.id, { title: "Ids clash" });
    const other = await createJournal({ shard: "JOURNALS_2" });
    // Another journal's article in JOURNALS_2 with the same id.
    await env.JOURNALS_2.prepare("DELETE FROM articles WHERE id = ?").bind(a.id).run();
    await env.JOURNALS_2.prepare(
      "INSERT INTO articles (id, journal_id, refnumber, title, title_text, year, volume, issue, creation, modification) VALUES (?, ?, 'CLASH-1', 'Clash', 'Clash', 2024, 1, 1, '', '')",
    )
      .bind(a.id, other.id)
      .run();
    const movesBefore = await env.DB.prepare("SELECT count(*) AS n FROM journal_moves").first<{ n: number }>();
    await expect(planMove(planInput(j.id, "JOURNALS_2"))).rejects.toMatchObject({
      status: 409,
      code: "ids_taken",
      extra: { tables: ["articles"] },
    });
    expect(await journalRows(env.JOURNALS_2, j.id)).toEqual({});
    expect(await env.DB.prepare("SELECT count(*) AS n FROM journal_moves").first<{ n: number }>()).toEqual(movesBefore);
    // The console says so too.
    const op = await createOperator();
    const refused = await consoleCall(op.token, "POST", `/journals/${j.id}/move`, { to: "JOURNALS_2" });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toEqual({ error: "ids_taken", tables: ["articles"] });
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/move`, { to: "JOURNALS_1" })).body).toEqual({
      error: "same_database",
    });
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/move`, { to: "JOURNALS_9" })).status).toBe(400);
    expect((await consoleCall(op.token, "POST", `/journals/${j.id}/move`, { to: "DB" })).body).toEqual({
      error: "unknown_database",
    });
    expect((await consoleCall(null, "POST", `/journals/${j.id}/move`, { to: "JOURNALS_3" })).status).toBe(401);

    // A move under way: a second one is refused, whoever asks.
    const k = await createJournal({ shard: "JOURNALS_2" });
    await createArticle(k.id, { title: "Only one move at a time" });
    const first = await planMove(planInput(k.id, "JOURNALS_3"));
    await expect(planMove(planInput(k.id, "JOURNALS_3"))).rejects.toMatchObject({ status: 409, code: "move_running" });
    expect((await consoleCall(op.token, "POST", `/journals/${k.id}/move`, { to: "JOURNALS_3" })).body).toMatchObject({
      error: "move_running",
    });
    await env.DB.prepare("UPDATE journal_moves SET state = 'failed' WHERE id = ?").bind(first.id).run();
  });

  it("an operator closes a journal database to new journals and opens it again; the last open one stays open", async () => {
    const op = await createOperator();
    const close = await consoleCall<{ databases: { name: string; acceptsNew: boolean }[] }>(op.token, "PATCH", "/databases/JOURNALS_2", {
      acceptsNew: false,
    });
    expect(close.status).toBe(200);
    expect(close.body.databases.find((d) => d.name === "JOURNALS_2")?.acceptsNew).toBe(false);
    // JOURNALS_1 is the only open one now: closing it too is refused.
    expect((await consoleCall(op.token, "PATCH", "/databases/JOURNALS_1", { acceptsNew: false })).body).toEqual({
      error: "last_open_database",
    });
    const open = await consoleCall<{ databases: { name: string; acceptsNew: boolean }[] }>(op.token, "PATCH", "/databases/JOURNALS_2", {
      acceptsNew: true,
    });
    expect(open.body.databases.find((d) => d.name === "JOURNALS_2")?.acceptsNew).toBe(true);
    expect((await consoleCall(op.token, "PATCH", "/databases/JOURNALS_9", { acceptsNew: true })).status).toBe(404);
    expect((await consoleCall(op.token, "PATCH", "/databases/JOURNALS_2", { acceptsNew: "yes" })).body).toEqual({ error: "invalid_input" });
    expect((await consoleCall(null, "PATCH", "/databases/JOURNALS_2", { acceptsNew: false })).status).toBe(401);
    const events = await env.DB.prepare("SELECT action, summary FROM operator_events WHERE operator_id = ? ORDER BY id").bind(op.id).all();
    expect(events.results).toEqual([
      { action: "database.close", summary: "JOURNALS_2" },
      { action: "database.open", summary: "JOURNALS_2" },
    ]);
  });

  it("the console starts a move as a Workflow and follows its progress to the end", { timeout: 90_000 }, async () => {
    const introspector = await introspectWorkflow(env.JOURNAL_MOVE);
    try {
      await consoleMove(introspector);
    } finally {
      await introspector.dispose();
    }
  });
});

/** The console's move of a journal with its Workflow's sleep (the memo bound) skipped. */
async function consoleMove(introspector: Awaited<ReturnType<typeof introspectWorkflow>>) {
  {
    await introspector.modifyAll(async (m) => {
      await m.disableSleeps();
    });
    const j = await createJournal({ shard: "JOURNALS_2" });
    await createIssue(j.id, 2024, 1, 1);
    for (let i = 0; i < 12; i++) await createArticle(j.id, { title: `Console move ${i}`, refnumber: `CON-${i}` });
    const op = await createOperator();
    const start = await consoleCall<MoveAnswer>(op.token, "POST", `/journals/${j.id}/move`, { to: "JOURNALS_3" });
    expect(start.status, JSON.stringify(start.body)).toBe(202);
    expect(start.body.journal).toEqual({ id: j.id, shard: "JOURNALS_2" });
    expect(start.body.move).toMatchObject({ from: "JOURNALS_2", to: "JOURNALS_3", state: "copying", rowsTotal: expect.any(Number) });
    expect(start.body.databases.map((d) => d.name)).toEqual(["JOURNALS_1", "JOURNALS_2", "JOURNALS_3"]);
    expect(start.body.databases.find((d) => d.name === "JOURNALS_3")).toMatchObject({ acceptsNew: false });

    let last: MoveAnswer | undefined;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      last = (await consoleCall<MoveAnswer>(op.token, "GET", `/journals/${j.id}/move`)).body;
      if (last.move?.state === "done" || last.move?.state === "failed") break;
      await sleep(200);
    }
    expect(last?.move?.error ?? "").toBe("");
    expect(last?.move).toMatchObject({ state: "done", rowsCopied: last?.move?.rowsTotal });
    expect(last?.journal.shard).toBe("JOURNALS_3");
    expect(await journalRows(env.JOURNALS_2, j.id)).toEqual({});
    expect((await journalRows(env.JOURNALS_3, j.id)).articles).toBe(12);
    forgetJournals();
    expect((await getJson(j.host, "/api/archives/ref/CON-3")).status).toBe(200);
    const events = await env.DB.prepare(
      "SELECT action, summary FROM operator_events WHERE target_journal_id = ? AND action = 'journal.move'",
    )
      .bind(j.id)
      .all();
    expect(events.results).toEqual([{ action: "journal.move", summary: "JOURNALS_2 → JOURNALS_3" }]);
  }
}
