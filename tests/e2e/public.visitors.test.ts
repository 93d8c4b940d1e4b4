// What visitors see (issue #27 items 8–14), in Chromium at 375 and 1280 px, with and without JavaScript:
// in-site navigation that survives a failed page-data request, pages that never scroll sideways, the menu,
// Submit Online and the citation styles without scripts, folded search, whose certificate each row is,
// sub/superscripts in "How to cite", and the accessibility and layout details; axe-core clean throughout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { Article, SearchResults } from "#contract/api";
import {
  DESKTOP,
  describeViolations,
  launchBrowser,
  MOBILE,
  openPage,
  runAxe,
  screenshot,
  settle,
  urlFor,
  type Viewport,
} from "./support/browser";
import { apiJson, articleWithFile } from "./support/demo-data";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS: [string, Viewport][] = [
  ["375", MOBILE],
  ["1280", DESKTOP],
];

async function expectAxeClean(page: Page, where: string) {
  const violations = await runAxe(page);
  expect(violations, `${where}\n${describeViolations(violations)}`).toEqual([]);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The demo article whose title has subscripts (Fe<sub>3</sub>O<sub>4</sub>), found through the search API. */
async function articleWithSubscript(): Promise<Article> {
  const hits = await apiJson<SearchResults>("/api/search?q=Fe3O4");
  const hit = hits.results.find((r) => r.title.includes("<sub>"));
  if (!hit) throw new Error("no demo article with <sub> in its title");
  return apiJson<Article>(`/api/archives/ref/${encodeURIComponent(hit.refnumber)}`);
}
const pathOf = (a: Article) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;

describe("a failed page-data request (item 8)", () => {
  for (const failure of ["no connection", "HTTP 503"] as const) {
    it(`loads the page normally instead of the error screen (${failure})`, async () => {
      const { page, close } = await openPage(browser, "/board", {
        waitFor: "html[data-hydrated]",
        allowConsoleErrors: [/^Failed to load resource/],
      });
      await page.route("**/_data?**", (route) =>
        failure === "no connection" ? route.abort("failed") : route.fulfill({ status: 503, body: "busy" }),
      );
      await page.getByRole("link", { name: "ARCHIVES", exact: true }).click();
      await page.waitForURL("**/archives");
      await page.waitForSelector(".year-frame");
      expect(await page.locator("body").innerText()).not.toMatch(/Oops|Failed to fetch/);
      expect(await page.locator("header.site-header").count()).toBe(1);
      expect(await page.title()).toMatch(/^Archives \| /);
      await close();
    });
  }
});

describe("no sideways scroll, and pages past the end (item 9)", () => {
  const long = "x".repeat(2600);
  for (const [name, viewport] of VIEWPORTS) {
    for (const javaScript of [true, false]) {
      it(`/search and /pdf with a long unbroken word stay ${name} px wide (${javaScript ? "with" : "without"} JavaScript)`, async () => {
        for (const path of [`/search?q=${long}`, `/pdf?refno=${"Q".repeat(100)}`, `/pdf?refno=${long}`]) {
          const { page, close } = await openPage(browser, path, { viewport, javaScript, waitFor: "main" });
          expect(await pageWidth(page), path.slice(0, 20)).toBeLessThanOrEqual(viewport.width);
          await close();
        }
      });
    }
  }

  it("/search?q=of&page=99 says there are fewer pages and leads to the last one", async () => {
    const { pages } = await apiJson<SearchResults>("/api/search?q=of");
    expect(pages).toBeGreaterThan(1);
    for (const javaScript of [true, false]) {
      const { page, close } = await openPage(browser, "/search?q=of&page=99", { javaScript });
      const sentence = page.locator("[data-testid=search-past-end]");
      expect(await sentence.innerText()).toBe(`There are only ${pages} pages of results. Go to the last page.`);
      expect(await page.locator("table").count()).toBe(0);
      expect(await page.locator("[data-testid=search-summary]").innerText()).not.toContain("page 99");
      await sentence.getByRole("link").click();
      await page.waitForURL(`**/search?q=of&page=${pages}`);
      await page.waitForSelector("table");
      await close();
    }
  });
});

describe("without JavaScript (item 10)", () => {
  it("the 375 px menu opens", async () => {
    const { page, close } = await openPage(browser, "/board", { viewport: MOBILE, javaScript: false });
    const contact = page.getByRole("link", { name: "CONTACT US", exact: true });
    expect(await contact.isVisible()).toBe(false);
    await page.locator(".site-nav__toggle").click();
    expect(await contact.isVisible()).toBe(true);
    await screenshot(page, "visitors-menu-nojs-375");
    await close();
  });

  it("Submit Online posts the form and shows the reference", async () => {
    const { page, close } = await openPage(browser, "/article", { viewport: MOBILE, javaScript: false });
    expect(await page.locator("form.form button[type=submit]").isDisabled()).toBe(false);
    await page.fill("#sub-name", "Dr. Leyla Əliyeva");
    await page.fill("#sub-email", "leyla@example.org");
    await page.selectOption("#sub-country", "Azerbaijan");
    await page.fill("#sub-title", "Saline soils of the Mil plain");
    await page.setInputFiles("#sub-file", { name: "paper.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await page.click("form.form button[type=submit]");
    await page.waitForURL(/\/article\?received=SUB-/);
    expect(await page.locator("[data-testid=submission-success]").innerText()).toMatch(
      /Your submission was received\. Reference: SUB-\d{8}-\w{6}/,
    );
    await close();
  });

  it("Submit Online without a name comes back with the field marked", async () => {
    const { page, close } = await openPage(browser, "/article", { javaScript: false });
    await page.fill("#sub-email", "leyla@example.org");
    await page.fill("#sub-title", "Saline soils");
    await page.setInputFiles("#sub-file", { name: "paper.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await page.click("form.form button[type=submit]");
    await page.waitForURL(/\/article\?error=invalid_input/);
    expect(await page.locator("[data-testid=submission-error]").innerText()).toBe("Please correct the fields marked below.");
    expect(await page.locator("#sub-name").getAttribute("aria-invalid")).toBe("true");
    await close();
  });

  it("the citation style choice shows that style's citation", async () => {
    const a = await articleWithFile();
    const { page, close } = await openPage(browser, pathOf(a), { javaScript: false });
    const apa = page.locator(".cite-box__text[data-style=apa]");
    const vancouver = page.locator(".cite-box__alt[data-style=vancouver]");
    expect(await apa.isVisible()).toBe(true);
    expect(await vancouver.isVisible()).toBe(false);
    // The pill a visitor clicks is the (transparent) radio laid over its label.
    await page.locator("#cite-style-vancouver").click();
    expect(await vancouver.isVisible()).toBe(true);
    expect(await apa.isVisible()).toBe(false);
    expect(await vancouver.innerText()).not.toBe(await apa.innerText());
    await close();
  });
});

describe("addresses and search (items 11, 12)", () => {
  it("an article under another issue's address opens at its own", async () => {
    const a = await articleWithFile();
    const { page, close } = await openPage(browser, `/archives/${a.year}/vol${a.volume}/issue${a.issue + 1}/${a.refnumber.toLowerCase()}`);
    expect(new URL(page.url()).pathname).toBe(pathOf(a));
    expect(await page.locator("main").innerText()).not.toContain("Article not found!");
    await close();
  });

  it("/pdf?refno= in lower case finds the article; search finds Işık typed as Isik", async () => {
    const a = await articleWithFile();
    const { page, close } = await openPage(browser, `/pdf?refno=${a.refnumber.toLowerCase()}`);
    expect(await page.locator(".doc-table").count()).toBe(1);
    await page.goto(page.url().replace(/\/pdf.*$/, "/search?q=Isik"));
    await page.waitForSelector("table");
    expect(await page.locator("main table").innerText()).toContain("Işık");
    await close();
  });
});

describe("downloads and citations (item 13)", () => {
  it("each certificate link names its author; the saved file name stays certificate-REF.pdf", async () => {
    const a = await articleWithFile();
    const { page, close } = await openPage(browser, `/pdf?refno=${encodeURIComponent(a.refnumber)}`, { viewport: MOBILE });
    const links = page.locator('a[href^="/api/pdf/certificate/"]');
    const names = await links.evaluateAll((as) => as.map((el) => (el as HTMLElement).innerText.replace(/\s+/g, " ").trim()));
    const authors = a.authorname
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const named = (au: string) => new RegExp(`^certificate-${literal(a.refnumber)}\\.pdf\\s+for ${literal(au)}$`);
    expect(names.length).toBe(authors.length);
    for (const [i, au] of authors.entries()) expect(names[i]).toMatch(named(au));
    for (const au of authors) expect(await page.getByRole("link", { name: named(au) }).count()).toBe(1);
    expect(new Set(await links.evaluateAll((as) => as.map((el) => el.getAttribute("download"))))).toEqual(
      new Set([`certificate-${a.refnumber}.pdf`]),
    );
    await screenshot(page, "visitors-downloads-375");
    await close();
  });

  it("'How to cite this article' keeps Fe3O4's subscripts, on the article page and the issue page", async () => {
    const a = await articleWithSubscript();
    for (const javaScript of [true, false]) {
      const article = await openPage(browser, pathOf(a), { javaScript });
      expect(await article.page.locator(".cite-box__text[data-style=apa] sub").count()).toBeGreaterThan(0);
      await article.close();
    }
    const issue = await openPage(browser, `/archives/${a.year}/vol${a.volume}/issue${a.issue}`);
    const cite = issue.page.locator("tr", { has: issue.page.locator(`a[href="${pathOf(a)}"]`) }).locator(".article-table__cite");
    expect(await cite.locator("sub").count()).toBeGreaterThan(0);
    await issue.close();
  });
});

describe("accessibility and layout (item 14)", () => {
  it("after in-site navigation focus moves to the new page's heading and its title is announced", async () => {
    const { page, close } = await openPage(browser, "/board", { waitFor: "html[data-hydrated]" });
    await page.getByRole("link", { name: "ARCHIVES", exact: true }).click();
    await page.waitForSelector(".year-frame");
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
    await page.waitForFunction(() => document.querySelector("[data-testid=page-announcer]")?.textContent === document.title);
    await close();
  });

  it("arrow keys move the citation style", async () => {
    const a = await articleWithFile();
    const { page, close } = await openPage(browser, pathOf(a), { waitFor: "html[data-hydrated]" });
    await page.focus("#cite-style-apa");
    await page.keyboard.press("ArrowRight");
    expect(await page.locator("#cite-style-vancouver").isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("cite-style-vancouver");
    expect(await page.locator(".cite-box__text").getAttribute("data-style")).toBe("vancouver");
    expect(await page.locator(".cite-box__text").isVisible()).toBe(true);
    await close();
  });

  it("the chat button sits in a landmark and leaves the Country select free at 375 px", async () => {
    for (const path of ["/contact", "/article"]) {
      const { page, close } = await openPage(browser, path, { viewport: MOBILE, waitFor: "[data-testid=chat-fab]" });
      expect(await page.locator("[data-testid=chat-fab]").evaluate((el) => el.closest("aside, main, header, footer, nav")?.tagName)).toBe(
        "ASIDE",
      );
      if (path === "/article") {
        const select = page.locator("#sub-country");
        // At every scroll position, the select's arrow (its right end) is the select itself, not the button.
        for (const block of ["start", "center", "end"] as const) {
          await select.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
          const hit = await select.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return document.elementFromPoint(r.right - 12, r.top + r.height / 2) === el;
          });
          expect(hit, block).toBe(true);
        }
        await screenshot(page, "visitors-submit-375");
      }
      await close();
    }
  });

  it("/search has one search form, labelled", async () => {
    for (const javaScript of [true, false]) {
      const { page, close } = await openPage(browser, "/search?q=soil", { javaScript });
      expect(await page.locator("[role=search], search").count()).toBe(1);
      expect(await page.locator("[role=search]").getAttribute("aria-label")).toBe("Search articles");
      expect(await page.getByLabel(/Search articles by title/).count()).toBe(1);
      await close();
    }
  });

  it("at 375 px the last sidebar card keeps off the footer; at 768 px the header links fit on one row", async () => {
    const mobile = await openPage(browser, "/board", { viewport: MOBILE });
    const gap = await mobile.page.evaluate(() => {
      const cards = Array.from(document.querySelectorAll(".sidebar--authors > .side-box"));
      const footer = document.querySelector("footer.site-footer")!;
      return footer.getBoundingClientRect().top - cards[cards.length - 1].getBoundingClientRect().bottom;
    });
    expect(gap).toBeGreaterThanOrEqual(16);
    await mobile.close();
    const tablet = await openPage(browser, "/contact", { viewport: { width: 768, height: 900 } });
    const rows = await tablet.page
      .locator(".site-nav__link")
      .evaluateAll((as) => new Set(as.map((a) => a.getBoundingClientRect().top)).size);
    expect(rows).toBe(1);
    await tablet.close();
  });

  it("an unknown path hydrates without a HydrateFallback warning", async () => {
    const { page, close } = await openPage(browser, "/no-such-page", { waitFor: "html[data-hydrated]" });
    const warnings: string[] = [];
    page.on("console", (m) => warnings.push(m.text()));
    await page.reload({ waitUntil: "load" });
    await page.waitForSelector("html[data-hydrated]");
    await settle(page);
    expect(warnings.filter((w) => /HydrateFallback|does not have an element/.test(w))).toEqual([]);
    expect(await page.locator("h1").innerText()).toContain("Sorry, an unexpected error has occurred.");
    await close();
  });

  for (const [name, viewport] of VIEWPORTS) {
    for (const javaScript of [true, false]) {
      it(`axe-core finds nothing serious on the changed pages at ${name} px (${javaScript ? "with" : "without"} JavaScript)`, async () => {
        const a = await articleWithSubscript();
        const paths = [
          pathOf(a),
          `/pdf?refno=${a.refnumber}`,
          "/search?q=Isik",
          "/search?q=of&page=99",
          "/article",
          "/article?error=invalid_input&fields=name",
        ];
        for (const path of paths) {
          if (javaScript) {
            const { page, close } = await openPage(browser, path, { viewport });
            await expectAxeClean(page, `${path} at ${name} px`);
            await close();
          } else {
            // axe needs scripts to run: the page as without JavaScript is the server's HTML with the site's own
            // scripts refused (a context with JavaScript off cannot run axe).
            const context = await browser.newContext({ viewport });
            const page = await context.newPage();
            await page.route(/\.js(\?|$)/, (route) => route.abort());
            await page.goto(urlFor(path), { waitUntil: "load" });
            expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
            await expectAxeClean(page, `${path} at ${name} px without JavaScript`);
            await context.close();
          }
        }
      });
    }
  }
});
