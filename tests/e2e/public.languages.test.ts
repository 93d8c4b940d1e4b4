// The public site in Arabic and Indonesian (issue 50): a reader walks home -> issue -> article -> Submit Online in
// each, at 375 and 1280 px (screenshots in SHOTS_DIR, looked at), with axe-core on every page and no console error;
// the switcher and a first visit's Accept-Language move between languages, nothing else does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  DESKTOP,
  describeViolations,
  launchBrowser,
  MOBILE,
  runAxe,
  screenshot,
  settle,
  urlFor,
  watchConsole,
  expectNoConsoleErrors,
} from "./support/browser";
import { latestIssue } from "./support/demo-data";
import ar from "../../contract/i18n/catalogs/ar.json";
import id from "../../contract/i18n/catalogs/id.json";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WALKS = [
  { lang: "ar", dir: "rtl", catalog: ar },
  { lang: "id", dir: "ltr", catalog: id },
] as const;

/** Checks the page in its language, then axe, at the current width; saves the screenshot. */
async function check(page: Page, lang: string, dir: string, name: string) {
  await page.waitForSelector("html[data-hydrated]");
  await settle(page);
  expect(await page.getAttribute("html", "lang")).toBe(lang);
  expect(await page.getAttribute("html", "dir")).toBe(dir);
  await screenshot(page, name);
  expect(describeViolations(await runAxe(page)), `axe on ${page.url()}`).toBe("");
}

describe("the public site in Arabic and Indonesian", () => {
  for (const { lang, dir, catalog } of WALKS) {
    for (const viewport of [MOBILE, DESKTOP]) {
      it(`${lang} at ${viewport.width} px: home -> issue -> article -> Submit Online, all in ${lang}`, async () => {
        const context = await browser.newContext({ viewport, locale: lang });
        const page = await context.newPage();
        const errors = watchConsole(page);
        const shot = (step: string) => `lang-${lang}-${step}-${viewport.width}`;

        // A first visit whose browser prefers the language lands on that language's address.
        await page.goto(urlFor("/"), { waitUntil: "load" });
        expect(new URL(page.url()).pathname).toBe(`/${lang}`);
        await check(page, lang, dir, shot("home"));
        // textContent: the eyebrow is upper-cased by CSS, and innerText reports what is painted.
        expect(await page.locator(".current-issue .eyebrow").textContent()).toBe(catalog["home.currentIssue"]);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((ls) => ls.map((l) => l.getAttribute("hreflang")));
        expect(alternates.sort()).toEqual(["ar", "en", "id", "x-default"]);

        // The issue (client-side navigation: the issue's texts arrive with its data).
        const issue = await latestIssue();
        await page.locator(".current-issue a.button").click();
        await page.waitForURL(new RegExp(`/${lang}/archives/`));
        await page.locator(".article-table").first().waitFor(); // one table per section
        await check(page, lang, dir, shot("issue"));
        expect(await page.locator(".article-table thead th").first().textContent()).toBe(catalog["list.number"]);

        // The article.
        await page.locator(".article-table__title").first().click();
        await page.locator(".article-view__abstract").waitFor();
        expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/${lang}/archives/${issue.year}/`));
        await check(page, lang, dir, shot("article"));
        expect(await page.locator("#abstract-title").textContent()).toBe(catalog["list.abstract"]);

        // Submit Online, its labels and its errors in the language.
        await page.locator(".topbar__cta").click();
        await page.locator("form.form").waitFor();
        expect(new URL(page.url()).pathname).toBe(`/${lang}/article`);
        await page.getByRole("button", { name: catalog["submit.submit"], exact: true }).click();
        await page.locator("[data-testid=submission-error]").waitFor();
        expect(await page.locator("[data-testid=submission-error]").innerText()).toBe(catalog["submit.error.correctFields"]);
        expect(await page.locator("#name-error").innerText()).toBe(catalog["submit.error.name"]);
        await check(page, lang, dir, shot("submit"));

        expectNoConsoleErrors(errors, `${lang} walk`);
        await context.close();
      });
    }
  }

  it("the switcher changes the language and remembers it; Accept-Language then no longer decides", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: "id" });
    const page = await context.newPage();
    await page.goto(urlFor("/archives"), { waitUntil: "load" });
    expect(new URL(page.url()).pathname).toBe("/id/archives");
    await page.locator('.topbar__languages a[hreflang="ar"]').click();
    await page.waitForURL(/\/ar\/archives$/);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    // The plain address now opens in the chosen language, though the browser still prefers Indonesian.
    await page.goto(urlFor("/board"), { waitUntil: "load" });
    expect(new URL(page.url()).pathname).toBe("/ar/board");
    await page.locator('.topbar__languages a[hreflang="en"]').click();
    await page.waitForURL(/\/board$/);
    expect(new URL(page.url()).pathname).toBe("/board");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await context.close();
  });
});
