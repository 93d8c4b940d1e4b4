// Issue 38 items 2 and 3, written as the attacks: usage figures inflated from one address (30 User-Agents, an IPv6
// /64, 100-byte Range pieces, 304 revalidations), and a view credited to a hidden article through /_data's path.
// Through the real Worker entry and the real UsageCounter Durable Object in workerd (docs/statistics.md).
import { createExecutionContext, env, runDurableObjectAlarm, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../index";
import { createArticle, createIssue, createJournal, db, putArticleFile, type TestJournal } from "#tests/api/fixtures";
import { articleFigures } from "./usage.repo";
import { counterOf } from "./usage-feed";
const ADDRESS_DAILY_LIMIT = 10;

/** 30 distinct, ordinary browser User-Agents (none on the COUNTER robots list). */
const AGENTS = Array.from({ length: 30 }, (_, i) => `Mozilla/5.0 (X11; Linux x86_64; rv:${100 + i}.0) Gecko/20100101 Firefox/${100 + i}.0`);

async function send(host: string, path: string, ip: string, ua: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const req = new Request(`http://${host}${path}`, { headers: { "User-Agent": ua, "CF-Connecting-IP": ip, ...headers } });
  const res = await worker.fetch(req as Parameters<typeof worker.fetch>[0], env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

async function journalWithArticle(ref: string) {
  const j = await createJournal();
  await createIssue(j.id, 2024, 3, 1);
  const article = await createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: ref, file: `${ref}.pdf` });
  await putArticleFile(j.id, { year: 2024, volume: 3, issue: 1, file: `${ref}.pdf` }, new Uint8Array(4000).fill(65));
  return { ...j, article, page: `/archives/2024/vol3/issue1/${ref}`, pdf: `/assets/archives/2024/vol3issue1/${ref}.pdf` };
}

const flushed = async (j: TestJournal, articleId: number) => {
  await runDurableObjectAlarm(counterOf(env, j.id));
  return articleFigures(db, j.id, articleId);
};

describe("one address cannot inflate an article's figures (the attack)", () => {
  it("30 page views from one IPv4 address with 30 User-Agents add at most 10 views", async () => {
    const j = await journalWithArticle("BURST-1");
    for (const ua of AGENTS) expect((await send(j.host, j.page, "198.51.100.20", ua)).status).toBe(200);
    const figures = await flushed(j, j.article.id);
    expect(ADDRESS_DAILY_LIMIT).toBe(10);
    expect(figures.views).toBe(10);
    // Another address still counts.
    await send(j.host, j.page, "198.51.100.21", AGENTS[0]);
    expect((await flushed(j, j.article.id)).views).toBe(11);
  });

  it("an IPv6 /64 is one address: 30 addresses of one /64 add at most 10 views", async () => {
    const j = await journalWithArticle("BURST-6");
    for (const [i, ua] of AGENTS.entries()) await send(j.host, j.page, `2001:db8:1:2::${(i + 1).toString(16)}`, ua);
    expect((await flushed(j, j.article.id)).views).toBe(10);
    await send(j.host, j.page, "2001:db8:1:3::1", AGENTS[0]);
    expect((await flushed(j, j.article.id)).views).toBe(11);
  });

  it("100-byte Range pieces count no download; the first piece of a real reading counts once", async () => {
    const j = await journalWithArticle("RANGE-1");
    for (const [i, ua] of AGENTS.slice(0, 10).entries()) {
      const res = await send(j.host, j.pdf, "198.51.100.30", ua, { Range: `bytes=${i * 100}-${i * 100 + 99}` });
      expect(res.status).toBe(206);
    }
    // Even from byte 0: 100 bytes of a 4,000-byte PDF is not reading it.
    await send(j.host, j.pdf, "198.51.100.31", AGENTS[0], { Range: "bytes=0-99" });
    expect((await flushed(j, j.article.id)).downloads).toBe(0);
    // A viewer's first piece (from byte 0, 512 bytes or more) is a download; its later pieces are not.
    await send(j.host, j.pdf, "198.51.100.32", AGENTS[1], { Range: "bytes=0-2047" });
    await send(j.host, j.pdf, "198.51.100.32", AGENTS[1], { Range: "bytes=2048-3999" });
    expect((await flushed(j, j.article.id)).downloads).toBe(1);
  });

  it("30 whole downloads and 30 revalidations (304) from one address with 30 User-Agents stay within the bound", async () => {
    const j = await journalWithArticle("BURST-304");
    for (const ua of AGENTS) await send(j.host, j.pdf, "198.51.100.40", ua);
    const etag = (await send(j.host, j.page, "198.51.100.41", AGENTS[0])).headers.get("etag") as string;
    expect(etag).toBeTruthy();
    for (const ua of AGENTS) expect((await send(j.host, j.page, "198.51.100.42", ua, { "If-None-Match": etag })).status).toBe(304);
    const figures = await flushed(j, j.article.id);
    expect(figures.downloads).toBe(10);
    // The one 200 of .41, and at most 10 revalidations of .42.
    expect(figures.views).toBe(11);
  });
});

describe("/_data credits only the article it served (the attack)", () => {
  it("a path with backslashes and a query serves the public article and counts no view for the hidden one", async () => {
    const j = await journalWithArticle("PUB-1");
    const hidden = await createArticle(j.id, { year: 2024, volume: 3, issue: 1, refnumber: "HID-1", status: "disabled" });
    const path = "/archives/2024\\vol3\\issue1\\PUB-1?/x/y/HID-1";
    const res = await send(j.host, `/_data?route=article&path=${encodeURIComponent(path)}`, "198.51.100.50", AGENTS[0]);
    expect(res.status).toBe(200);
    expect((await flushed(j, hidden.id)).views).toBe(0);
    expect((await flushed(j, j.article.id)).views).toBe(1);
    // Asking /_data for the hidden article itself serves nothing, and counts nothing.
    const direct = await send(
      j.host,
      `/_data?route=article&path=${encodeURIComponent("/archives/2024/vol3/issue1/HID-1")}`,
      "198.51.100.51",
      AGENTS[1],
    );
    expect(direct.status).toBe(404);
    expect((await flushed(j, hidden.id)).views).toBe(0);
  });
});
