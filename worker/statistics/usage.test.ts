// Usage counting through the real Worker entry and the real UsageCounter Durable Object (SQLite storage, alarms,
// eviction) in workerd, with the real local D1 (wrapped only to count round trips) and R2. docs/statistics.md.
import { createExecutionContext, env, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../index";
import { createArticle, createIssue, createJournal, db, putArticleFile, type TestJournal, testFileD1 } from "#tests/api/fixtures";
import { expectConsoleError } from "#tests/api/console-guard";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { probeDatabases } from "#tests/d1-probe";
import { articleFigures } from "./usage.repo";
import { counterOf } from "./usage-feed";
import type { UsageEvent } from "./usage-event";
import type { UsageCounter } from "./usage-counter";

const { bindings: countedDb, probe } = probeDatabases(env);

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1";

interface Reader {
  ip: string;
  ua: string;
  country?: string;
}

/** One request through the Worker entry, waiting for its waitUntil work (the counting); D1 writes are counted. */
async function send(host: string, path: string, who: Reader, headers: Record<string, string> = {}) {
  probe.reset();
  const ctx = createExecutionContext();
  const req = new Request(`http://${host}${path}`, {
    headers: { "User-Agent": who.ua, "CF-Connecting-IP": who.ip, ...headers },
    cf: who.country ? { country: who.country } : undefined,
  } as RequestInit);
  const res = await worker.fetch(req as Parameters<typeof worker.fetch>[0], { ...env, ...countedDb }, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  // The one write a public GET may make is the app's own (storing an article's rendered citations, once).
  const writes = probe.log.filter((l) => /^(insert|update|delete)/i.test(l) && !l.startsWith('insert into "article_citations"'));
  return { status: res.status, cache: res.headers.get("x-edge-cache"), d1Writes: writes.length };
}

async function journalWithArticle(ref: string) {
  const j = await createJournal();
  await createIssue(j.id, 2024, 3, 1);
  const article = await createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: ref, file: `${ref}.pdf` });
  await putArticleFile(j.id, { year: 2024, volume: 3, issue: 1, file: `${ref}.pdf` }, new Uint8Array(4000).fill(65));
  return { ...j, article, page: `/archives/2024/vol3/issue1/${ref}`, pdf: `/assets/archives/2024/vol3issue1/${ref}.pdf` };
}

/** A restart of the counter (a deploy, a crash, a move to another machine): its memory is gone, its storage stays.
 * (An idle eviction never happens while sessions are open: the counter holds a timer to stay in memory.) */
async function restart(j: TestJournal) {
  await runInDurableObject(counterOf(env, j.id), (_o, state) => state.abort("restart")).catch(() => {});
}

/** Runs the counter's alarm (the flush to D1); the alarm must have been set by the counting. */
async function flush(j: TestJournal) {
  expect(await runDurableObjectAlarm(counterOf(env, j.id))).toBe(true);
}

/** Waits for the next hour when fewer than `ms` remain in this one (at most `ms`). */
async function outsideTheLastSecondsOfTheHour(ms: number): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < ms) await new Promise((resolve) => setTimeout(resolve, left + 1000));
}
const figuresOf = (j: TestJournal, articleId: number) => articleFigures(db, j.id, articleId);

const event = (over: Partial<UsageEvent> & Pick<UsageEvent, "at" | "item">): UsageEvent => ({
  kind: "view",
  ranged: false,
  ip: "203.0.113.7",
  userAgent: FIREFOX,
  country: "DE",
  ...over,
});

describe("what is counted", () => {
  it("counts article views, PDF downloads (both URLs), certificates and cover pages, per country, with no D1 write per request", async () => {
    const j = await journalWithArticle("COUNT-1");
    const ana: Reader = { ip: "198.51.100.1", ua: FIREFOX, country: "IN" };
    const ben: Reader = { ip: "198.51.100.2", ua: SAFARI, country: "NG" };
    const sent = [
      await send(j.host, j.page, ana),
      await send(j.host, j.page, ben),
      await send(j.host, j.pdf, ana),
      await send(j.host, `${j.page}.pdf`, ben),
      await send(j.host, `/api/pdf/certificate/COUNT-1/${encodeURIComponent("A. Author")}`, ana),
      await send(j.host, "/api/pdf/coverpage/COUNT-1", ana),
      // Not counted: the issue page, the JSON API, citations files, a missing article.
      await send(j.host, "/archives/2024/vol3/issue1", ana),
      await send(j.host, "/api/archives/ref/COUNT-1", ana),
      await send(j.host, `${j.page}.ris`, ana),
      await send(j.host, "/archives/2024/vol3/issue1/NOPE-9", ana),
    ];
    expect(sent.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 404]);
    // The second reader of the page got the edge cache's copy, and was counted all the same.
    expect(sent[1].cache).toBe("HIT");
    expect(sent.map((s) => s.d1Writes)).toEqual(sent.map(() => 0));

    await flush(j);
    expect(await figuresOf(j, j.article.id)).toEqual({
      views: 2,
      downloads: 2,
      uniqueInvestigations: 2,
      uniqueRequests: 2,
      certificates: 1,
      coverPages: 1,
    });
    const rows = await testFileD1()
      .prepare("SELECT country, views, downloads FROM usage_daily WHERE journal_id = ? ORDER BY country")
      .bind(j.id)
      .all();
    expect(rows.results).toEqual([
      { country: "IN", views: 1, downloads: 1 },
      { country: "NG", views: 1, downloads: 1 },
    ]);
  });

  it("counts a client-side navigation to the article (/_data) as a view, and a 304 revalidation too", async () => {
    const j = await journalWithArticle("NAV-1");
    const path = `/_data?route=article&path=${encodeURIComponent(j.page)}`;
    expect((await send(j.host, path, { ip: "198.51.100.3", ua: FIREFOX })).status).toBe(200);
    const etag = (await worker.fetch(new Request(`http://${j.host}${j.page}`) as never, env, createExecutionContext())).headers.get(
      "etag",
    )!;
    expect((await send(j.host, j.page, { ip: "198.51.100.4", ua: FIREFOX }, { "If-None-Match": etag })).status).toBe(304);
    await flush(j);
    expect((await figuresOf(j, j.article.id)).views).toBe(2);
  });
});

describe("COUNTER R5.1 rules", () => {
  it("leaves out robots from the COUNTER list and requests without a user agent", async () => {
    const j = await journalWithArticle("ROBOT-1");
    for (const ua of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "python-requests/2.32",
      "curl/8.5.0",
      "",
    ]) {
      expect((await send(j.host, j.page, { ip: "192.0.2.50", ua })).status).toBe(200);
      expect((await send(j.host, j.pdf, { ip: "192.0.2.50", ua })).status).toBe(200);
    }
    await send(j.host, j.page, { ip: "192.0.2.51", ua: FIREFOX });
    await flush(j);
    expect(await figuresOf(j, j.article.id)).toMatchObject({ views: 1, downloads: 0 });
  });

  it("counts double clicks once: the same user and article within 30 s, each click restarting the 30 s", async () => {
    const j = await journalWithArticle("DOUBLE-1");
    // Inside one hour (a session is IP + user agent + hour), whatever the time the test runs.
    const t = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 30 * 60_000;
    const item = { ref: "DOUBLE-1" };
    const counter = counterOf(env, j.id);
    // A chain 0 s, 20 s, 45 s (each within 30 s of the one before) counts once; 80 s (35 s after) counts again.
    const counted = await counter.record(
      j.id,
      [0, 20_000, 45_000, 80_000].map((d) => event({ at: t + d, item })),
    );
    expect(counted).toBe(2);
    // Another reader at the same moment is another user.
    expect(await counter.record(j.id, [event({ at: t + 1000, item, ip: "203.0.113.8" })])).toBe(1);
    // Through the Worker: two quick page loads by one reader count once.
    await send(j.host, j.page, { ip: "192.0.2.60", ua: SAFARI });
    await send(j.host, j.page, { ip: "192.0.2.60", ua: SAFARI });
    await flush(j);
    expect(await figuresOf(j, j.article.id)).toMatchObject({ views: 4, uniqueInvestigations: 3 });
  });

  it("counts a series of Range requests for one download once", async () => {
    // The series runs on the real clock for 80 s and a session is IP + user agent + hour: start it inside one hour.
    await outsideTheLastSecondsOfTheHour(90_000);
    const j = await journalWithArticle("RANGE-1");
    const reader = { ip: "192.0.2.70", ua: FIREFOX };
    const pieces = ["bytes=0-999", "bytes=1000-1999", "bytes=2000-2999", "bytes=3000-"];
    for (const range of pieces) expect((await send(j.host, j.pdf, reader, { Range: range })).status).toBe(206);
    // A slow viewer: a piece 40 s later (past the double-click window) belongs to the same series (session).
    const counter = counterOf(env, j.id);
    const late = event({
      at: Date.now() + 40_000,
      item: { ref: "RANGE-1" },
      kind: "download",
      ranged: true,
      ip: reader.ip,
      userAgent: reader.ua,
    });
    expect(await counter.record(j.id, [late])).toBe(0);
    // A whole download later in the session is a second Request (same unique).
    expect(await counter.record(j.id, [{ ...late, at: late.at + 40_000, ranged: false }])).toBe(1);
    await flush(j);
    expect(await figuresOf(j, j.article.id)).toMatchObject({ downloads: 2, uniqueRequests: 1, uniqueInvestigations: 1 });
  }, 150_000);

  it("counts uniques per user session (IP + user agent + hour); a download is also an investigation", async () => {
    const j = await journalWithArticle("UNIQUE-1");
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
    const item = { ref: "UNIQUE-1" };
    const counter = counterOf(env, j.id);
    await counter.record(j.id, [
      event({ at: hour + 60_000, item }), // view
      event({ at: hour + 120_000, item, kind: "download" }), // download, same session
      event({ at: hour + 600_000, item }), // view again, same session
      event({ at: hour + 3_600_000 + 60_000, item }), // next hour: a new session
      event({ at: hour + 60_000, item, userAgent: SAFARI }), // another browser on the same IP: another user
    ]);
    await flush(j);
    // Total_Item_Investigations = views + downloads = 5, Unique_Item_Investigations = 3 sessions.
    expect(await figuresOf(j, j.article.id)).toMatchObject({ views: 4, downloads: 1, uniqueInvestigations: 3, uniqueRequests: 1 });
  });

  it("stores no IP or user agent, and the salt changes with the day and with a restart", async () => {
    const j = await journalWithArticle("SALT-1");
    const counter = counterOf(env, j.id);
    const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const item = { ref: "SALT-1" };
    const ip = "203.0.113.99";
    // 10 s apart, but on two days: the user keys differ, so the second is not a double click.
    expect(await counter.record(j.id, [event({ at: midnight - 5000, item, ip }), event({ at: midnight + 5000, item, ip })])).toBe(2);
    const dump = async () =>
      runInDurableObject(counterOf(env, j.id), (_o, state) => {
        const tables = ["meta", "clicks", "seen", "counts"];
        return Object.fromEntries(tables.map((t) => [t, state.storage.sql.exec(`SELECT * FROM ${t}`).toArray()]));
      });
    const before = await dump();
    const text = JSON.stringify(before);
    expect(text).not.toContain(ip);
    expect(text).not.toContain("Firefox");
    expect(before.clicks).toHaveLength(2);
    expect(new Set(before.clicks.map((c) => c.user)).size).toBe(2);
    // The salt lives only in memory: after a restart the same reader gets a new key.
    await restart(j);
    await counterOf(env, j.id).record(j.id, [event({ at: midnight + 90_000, item, ip })]);
    const after = await dump();
    expect(new Set(after.clicks.map((c) => c.user)).size).toBe(3);
  });

  it("flushes to D1 after a restart: the figures live in its storage, not its memory", async () => {
    const j = await journalWithArticle("EVICT-1");
    for (const [i, ua] of [FIREFOX, SAFARI].entries()) await send(j.host, j.page, { ip: `192.0.2.${80 + i}`, ua });
    await restart(j);
    await flush(j);
    expect((await figuresOf(j, j.article.id)).views).toBe(2);
    // A flush repeated (a retry after a failure) writes the same absolute figures, not twice as many.
    await runInDurableObject(counterOf(env, j.id), (o: UsageCounter) => o.flush());
    expect((await figuresOf(j, j.article.id)).views).toBe(2);
  });

  it("keeps journals apart: the same reference number on two journals counts on its own journal only", async () => {
    const a = await journalWithArticle("SAME-1");
    const b = await journalWithArticle("SAME-1");
    await send(a.host, a.page, { ip: "192.0.2.90", ua: FIREFOX });
    await send(a.host, a.pdf, { ip: "192.0.2.90", ua: FIREFOX });
    await send(b.host, b.pdf, { ip: "192.0.2.91", ua: FIREFOX });
    await flush(a);
    await flush(b);
    expect(await figuresOf(a, a.article.id)).toMatchObject({ views: 1, downloads: 1 });
    expect(await figuresOf(b, b.article.id)).toMatchObject({ views: 0, downloads: 1 });
    // Each journal's counter refuses another journal's events, and says so in the log.
    expectConsoleError(/^usage counter of journal \d+ refused events of journal \d+/);
    expect(await counterOf(env, a.id).record(b.id, [event({ at: Date.now(), item: { ref: "SAME-1" } })])).toBe(0);
    await flush(a);
    expect(await figuresOf(b, b.article.id)).toMatchObject({ views: 0, downloads: 1 });
  });

  it("never fails or holds up the reader when counting fails", async () => {
    const j = await journalWithArticle("FAIL-1");
    const broken = {
      idFromName() {
        throw new Error("no counter today");
      },
    } as unknown as Env["USAGE"];
    // The reader gets the page; the lost count is logged.
    expectConsoleError(/^usage count(s lost|ing failed)/);
    const ctx = createExecutionContext();
    const req = new Request(`http://${j.host}${j.page}`, { headers: { "User-Agent": FIREFOX } });
    const res = await worker.fetch(req as never, { ...env, USAGE: broken }, ctx);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("FAIL-1");
    await waitOnExecutionContext(ctx);
  });
});

describe("figures", () => {
  it("GET /api/stats/articles/{ref}: views and downloads of an enabled article, 404 otherwise", async () => {
    const j = await journalWithArticle("PUB-1");
    await createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: "HIDDEN-1", status: "disabled" });
    await send(j.host, j.page, { ip: "192.0.2.100", ua: FIREFOX });
    await send(j.host, j.pdf, { ip: "192.0.2.100", ua: FIREFOX });
    await flush(j);
    const res = await send(j.host, "/api/stats/articles/PUB-1", { ip: "192.0.2.100", ua: FIREFOX });
    expect(res.status).toBe(200);
    const body = await (
      await worker.fetch(new Request(`http://${j.host}/api/stats/articles/PUB-1`) as never, env, createExecutionContext())
    ).json();
    expect(body).toEqual({ views: 1, downloads: 1 });
    for (const ref of ["HIDDEN-1", "NOPE-1"]) {
      const r = await worker.fetch(new Request(`http://${j.host}/api/stats/articles/${ref}`) as never, env, createExecutionContext());
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ error: "not_found" });
    }
  });

  it("monthly item report with COUNTER metric names: JSON, CSV and TSV for an admin; 401 without a token", async () => {
    const j = await journalWithArticle("REP-1");
    const counter = counterOf(env, j.id);
    const at = Date.now() - 60_000;
    await counter.record(j.id, [event({ at, item: { ref: "REP-1" } }), event({ at: at + 1000, item: { ref: "REP-1" }, kind: "download" })]);
    await flush(j);
    const month = new Date(at).toISOString().slice(0, 7);
    const token = await adminToken(j);
    const get = (q: string, auth = true) =>
      worker.fetch(
        new Request(`http://${j.host}/api/admin/stats/report?${q}`, { headers: auth ? bearer(token) : {} }) as never,
        env,
        createExecutionContext(),
      );
    const json = await (await get(`month=${month}`)).json();
    expect(json).toMatchObject({
      month,
      items: [
        {
          refnumber: "REP-1",
          Total_Item_Investigations: 2,
          Unique_Item_Investigations: 1,
          Total_Item_Requests: 1,
          Unique_Item_Requests: 1,
        },
      ],
    });
    const tsv = await (await get(`month=${month}&format=tsv`)).text();
    // COUNTER's tabular header: 13 name-value rows, row 14 blank, then the column headings (issue 40 item 4).
    const rows = tsv.split("\r\n");
    expect(rows.slice(0, 4)).toEqual(["Report_Name\tItem Report", "Report_ID\tIR", "Release\t5.1", "Institution_Name\tThe World"]);
    expect(rows.slice(0, 13).map((r) => r.split("\t")[0])).toEqual([
      "Report_Name",
      "Report_ID",
      "Release",
      "Institution_Name",
      "Institution_ID",
      "Metric_Types",
      "Report_Filters",
      "Report_Attributes",
      "Exceptions",
      "Reporting_Period",
      "Created",
      "Created_By",
      "Registry_Record",
    ]);
    expect(rows[9]).toBe(
      `Reporting_Period\tBegin_Date=${month}-01; End_Date=${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).getUTCDate()).padStart(2, "0")}`,
    );
    expect(rows[13]).toBe("");
    expect(rows[14]).toBe("Item\tReference_Number\tYear\tVolume\tIssue\tMetric_Type\tReporting_Period_Total");
    expect(tsv).toContain("\tREP-1\t2024\t3\t1\tTotal_Item_Investigations\t2\r\n");
    const csv = await get(`month=${month}&format=csv`);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain(",REP-1,2024,3,1,Unique_Item_Requests,1\r\n");
    expect((await get("month=2026-13")).status).toBe(400);
    expect((await get(`month=${month}`, false)).status).toBe(401);
  });
});
