// Usage statistics as people see them, on the built app (npm start, the real UsageCounter Durable Object and its
// alarm): readers' traffic (people, a double click, robots), then the article page's Views and Downloads, the
// dashboard's charts and the item report download, the article's figures on its edit page. Screenshots at 375 and
// 1280 px land in SHOTS_ADMIN_DIR (/tmp/shots-admin). The counter flushes to D1 every 30 s: the test waits for it.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, fetchAs, launchBrowser, MOBILE, openPage, screenshot, settle, urlFor } from "./support/browser";
import { expectNoUnexpectedErrors, login, SESSION_KEY, SHOTS_ADMIN } from "./admin.fixtures";

interface Figures {
  views: number;
  downloads: number;
}

let browser: Browser;
let admin: Page;
const adminErrors: string[] = [];
let article: { id: number; refnumber: string; page: string };
let before: Figures;

/** GET an admin API path with the logged-in admin's token (from the browser's session). */
async function adminGet<T>(path: string): Promise<T> {
  return admin.evaluate(
    async ({ key, path }) => {
      const { token } = JSON.parse(localStorage.getItem(key) ?? "{}") as { token: string };
      return (await fetch(path, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" })).json();
    },
    { key: SESSION_KEY, path },
  ) as Promise<T>;
}

const browserAgent = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:13${n}.0) Gecko/20100101 Firefox/13${n}.0`;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  admin = await context.newPage();
  admin.on("console", (m) => m.type() === "error" && adminErrors.push(m.text()));
  await login(admin);
  // An article of the oldest demo issue, last in its table: the other browser tests do not read it. (Other tests
  // add back issues of their own with one-page PDFs; the Range series below needs a real, multi-page PDF.)
  const issues = await adminGet<{ year: number; volume: number; issue: number }[]>("/api/admin/archives/");
  const oldestFirst = [...issues].sort((a, b) => a.year * 1e6 + a.volume * 1e3 + a.issue - (b.year * 1e6 + b.volume * 1e3 + b.issue));
  for (const issue of oldestFirst) {
    const detail = await adminGet<{ articles: { id: number; refnumber: string; status: string }[] }>(
      `/api/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`,
    );
    const a = detail.articles.filter((x) => x.status === "enabled" && x.refnumber).at(-1);
    if (!a) continue;
    const page = `/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}/${a.refnumber}`;
    const pdf = await fetchAs(`${page}.pdf`, "localhost", { method: "HEAD", headers: { "User-Agent": "curl/8.5.0" } });
    if (Number(pdf.headers.get("content-length") ?? 0) < 4096) continue;
    article = { ...a, page };
    break;
  }
  expect(article, "a demo article with a real PDF").toBeDefined();
  before = await adminGet<Figures>(`/api/admin/stats/articles/${article.id}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("usage statistics", () => {
  test("readers' views and downloads are counted by COUNTER's rules and reach the figures within the flush", async () => {
    const get = (path: string, ua: string, extra: Record<string, string> = {}) =>
      fetchAs(path, "localhost", { headers: { "User-Agent": ua, ...extra } });
    // Five people read the page, one of them twice in a row (a double click); three download the PDF, one of them
    // with a viewer's Range series; robots read both and count nothing.
    for (let n = 0; n < 5; n++) expect((await get(article.page, browserAgent(n))).status).toBe(200);
    expect((await get(article.page, browserAgent(0))).status).toBe(200);
    for (let n = 0; n < 2; n++) expect((await get(`${article.page}.pdf`, browserAgent(n))).status).toBe(200);
    // (A viewer's first piece: from byte 0 and 512 bytes or more; docs/statistics.md "Range requests".)
    for (const range of ["bytes=0-1023", "bytes=1024-2047", "bytes=2048-"]) {
      expect((await get(`${article.page}.pdf`, browserAgent(7), { Range: range })).status).toBe(206);
    }
    for (const bot of ["Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "curl/8.5.0", "Wget/1.21"]) {
      await get(article.page, bot);
      await get(`${article.page}.pdf`, bot);
    }
    const want = { views: before.views + 5, downloads: before.downloads + 3 };
    let now = before;
    for (let waited = 0; waited < 75 && (now.views < want.views || now.downloads < want.downloads); waited += 3) {
      await new Promise((r) => setTimeout(r, 3000));
      now = await adminGet<Figures>(`/api/admin/stats/articles/${article.id}`);
    }
    expect({ views: now.views, downloads: now.downloads }).toEqual(want);
  }, 120_000);

  for (const viewport of [MOBILE, DESKTOP]) {
    test(`the article page shows its Views and Downloads (${viewport.width} px)`, async () => {
      const wanted = await adminGet<Figures>(`/api/admin/stats/articles/${article.id}`);
      const opened = await openPage(browser, article.page, { viewport });
      const views = opened.page.locator('[data-figure="views"]');
      await expect.poll(() => views.textContent(), { timeout: 15_000 }).toBe(wanted.views.toLocaleString("en"));
      expect(await opened.page.locator('[data-figure="downloads"]').textContent()).toBe(wanted.downloads.toLocaleString("en"));
      await expect
        .poll(() => opened.page.locator(".article-view__facts dt").allTextContents())
        .toEqual(expect.arrayContaining(["Views", "Downloads"]));
      await screenshot(opened.page, `stats-article-${viewport.width}`, SHOTS_ADMIN);
      await opened.close();
    });
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`the dashboard draws the month, top-article and issue charts (${viewport.width} px)`, async () => {
      await admin.setViewportSize(viewport);
      await admin.goto(urlFor("/admin"));
      await admin.getByRole("heading", { name: "Usage statistics" }).waitFor();
      const charts = admin.locator(".usage-chart");
      await expect.poll(() => charts.count(), { timeout: 15_000 }).toBe(3);
      expect(await admin.locator(".usage-chart__title").allTextContents()).toEqual(["Journal per month", "Top articles", "Per issue"]);
      // Each canvas was drawn on (Chart.js loaded in the admin area and painted bars), not left blank.
      await expect
        .poll(
          () =>
            admin.evaluate(() =>
              Array.from(document.querySelectorAll<HTMLCanvasElement>(".usage-chart canvas"), (c) => {
                const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
                let painted = 0;
                for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
                return painted > 500;
              }),
            ),
          { timeout: 15_000 },
        )
        .toEqual([true, true, true]);
      // The figures behind the bars, for screen readers. The demo data carries a year of figures (scripts/demo/
      // usage-history.ts), so the top ten are the demo's most read articles: ten reference numbers, most read first.
      const topTable = admin.locator(".usage-chart").nth(1).locator("table");
      expect((await topTable.textContent())?.match(/IJANS-\d{4}-\d{4}/g)?.length).toBe(10);
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "page wider than the viewport").toBeLessThanOrEqual(0);
      await settle(admin);
      await screenshot(admin, `stats-dashboard-${viewport.width}`, SHOTS_ADMIN);
    });
  }

  test("the item report downloads as TSV with COUNTER R5.1 metric names", async () => {
    await admin.setViewportSize(DESKTOP);
    await admin.goto(urlFor("/admin"));
    await admin.getByRole("heading", { name: "Usage statistics" }).waitFor();
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("button", { name: "Download TSV" }).click()]);
    const month = new Date().toISOString().slice(0, 7);
    expect(download.suggestedFilename()).toBe(`item-report-${month}.tsv`);
    const lines = readFileSync((await download.path())!, "utf8").split("\r\n");
    // COUNTER's header block: 13 rows, a blank row 14, then the column headings (issue 40 item 4).
    expect(lines[0]).toBe("Report_Name\tItem Report");
    expect(lines[13]).toBe("");
    expect(lines[14]).toBe("Item\tReference_Number\tYear\tVolume\tIssue\tMetric_Type\tReporting_Period_Total");
    const mine = lines.filter((l) => l.split("\t")[1] === article.refnumber).map((l) => l.split("\t").slice(5));
    expect(mine.map(([metric]) => metric)).toEqual([
      "Total_Item_Investigations",
      "Unique_Item_Investigations",
      "Total_Item_Requests",
      "Unique_Item_Requests",
    ]);
    const value = Object.fromEntries(mine.map(([m, v]) => [m, Number(v)]));
    expect(value.Total_Item_Requests).toBeGreaterThanOrEqual(3);
    expect(value.Total_Item_Investigations).toBeGreaterThanOrEqual(value.Total_Item_Requests + 5);
  });

  test("the article's edit page shows its own figures", async () => {
    const wanted = await adminGet<Figures>(`/api/admin/stats/articles/${article.id}`);
    for (const viewport of [DESKTOP, MOBILE]) {
      await admin.setViewportSize(viewport);
      await admin.goto(urlFor(`/admin/archives/${article.id}`));
      const section = admin.locator(".usage--article");
      await section.getByRole("heading", { name: "Usage of this article" }).waitFor();
      await expect.poll(() => section.locator("dd").first().textContent()).toBe(wanted.views.toLocaleString("en"));
      await settle(admin);
      await screenshot(admin, `stats-article-edit-${viewport.width}`, SHOTS_ADMIN);
    }
    expectNoUnexpectedErrors(adminErrors);
  });
});
