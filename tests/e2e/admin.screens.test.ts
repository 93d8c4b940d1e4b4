// Every admin page at 1280 and 375 pixels wide: a screenshot for people to look at (SHOTS_ADMIN_DIR,
// /tmp/shots-admin by default), no serious or critical axe violations, no horizontal page overflow at 375
// (wide tables scroll inside their own box), and no console errors.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DESKTOP, describeViolations, launchBrowser, MOBILE, runAxe, screenshot, settle, urlFor } from "./support/browser";
import { expectNoUnexpectedErrors, login, SESSION_KEY, SHOTS_ADMIN } from "./admin.fixtures";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const paths: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  await login(page);

  // Real ids from the demo data, fetched with the stored token.
  const found = await page.evaluate(async (key) => {
    const { token } = JSON.parse(localStorage.getItem(key) ?? "{}") as { token: string };
    const get = async (path: string) => (await fetch(path, { headers: { Authorization: `Bearer ${token}` } })).json();
    const issues = (await get("/api/admin/archives/")) as { year: number; volume: number; issue: number; articles: number }[];
    // The fullest issue, so the screenshots show a realistic table.
    const issue = issues.reduce((best, i) => (i.articles > best.articles ? i : best), issues[0]);
    const detail = (await get(`/api/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`)) as {
      articles: { id: number; refnumber: string }[];
    };
    const editors = (await get("/api/admin/editors")) as { id: number }[];
    return { issue, article: detail.articles[0], editor: editors[0] };
  }, SESSION_KEY);
  const { issue, article, editor } = found;
  Object.assign(paths, {
    dashboard: "/admin",
    archives: "/admin/archives",
    issue: `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`,
    "article-add": `/admin/archives/add/${issue.year}/${issue.volume}/${issue.issue}`,
    "article-edit": `/admin/archives/${article.id}`,
    editors: "/admin/editors",
    "editor-add": "/admin/editors/add",
    "editor-edit": `/admin/editors/${editor.id}`,
    settings: "/admin/settings",
    search: `/admin/search?q=${encodeURIComponent(article.refnumber)}`,
    "search-empty": "/admin/search?q=zzzqqqxxx",
    submissions: "/admin/submissions",
    "not-found": "/admin/does-not-exist",
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Waits for the page's data: no loading indicator left and the network quiet. */
async function ready(p: Page): Promise<void> {
  await p.locator("#admin-main h1, #admin-main h2").first().waitFor();
  await settle(p);
  await p
    .locator(".state--loading")
    .waitFor({ state: "detached", timeout: 15_000 })
    .catch(() => undefined);
  // Fonts and avatars.
  await p.evaluate(() => document.fonts.ready);
}

for (const [label, viewport] of [
  ["1280", DESKTOP],
  ["375", MOBILE],
] as const) {
  describe(`admin pages at ${label}px`, () => {
    beforeAll(async () => {
      await page.setViewportSize(viewport);
    });

    test("login page", async () => {
      const anon = await browser.newContext({ viewport });
      const p = await anon.newPage();
      await p.goto(urlFor("/admin/login"));
      await p.getByRole("heading", { name: "Sign in" }).waitFor();
      await screenshot(p, `login-${label}`, SHOTS_ADMIN);
      const violations = await runAxe(p);
      expect(violations, describeViolations(violations)).toEqual([]);
      await anon.close();
    });

    for (const name of [
      "dashboard",
      "archives",
      "issue",
      "article-add",
      "article-edit",
      "editors",
      "editor-add",
      "editor-edit",
      "settings",
      "search",
      "search-empty",
      "submissions",
      "not-found",
    ]) {
      test(name, async () => {
        await page.goto(urlFor(paths[name]!));
        await ready(page);
        if (name === "archives") await page.getByRole("button", { name: "Add New" }).click();
        if (name === "issue") await page.locator("tbody input[type=checkbox]").first().check();
        if (name === "editor-add") await page.getByRole("button", { name: "Submit" }).click(); // show the required-field state
        await screenshot(page, `${name}-${label}`, SHOTS_ADMIN);
        const violations = await runAxe(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, "page wider than the viewport").toBeLessThanOrEqual(0);
        if (label === "1280") {
          // At desktop width every table shows whole: no column hidden behind its box's own scroll bar.
          const cut = await page.$$eval(".table-wrap", (wraps) => wraps.map((w) => w.scrollWidth - w.clientWidth));
          expect(
            cut.filter((n) => n > 0),
            "a table wider than its box at 1280 px",
          ).toEqual([]);
        }
      });
    }
  });
}

test("no console errors on any admin page", () => {
  expectNoUnexpectedErrors(errors);
});
