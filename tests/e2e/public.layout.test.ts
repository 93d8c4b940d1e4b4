// The public layout (SPEC §2): header links, footer year, sidebars, the chat link and the mobile-only chat
// button, keyboard use, the two header branches chosen by host, and the root error screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Settings } from "#contract/api";
import { altHeaderHost, DESKTOP, fetchAs, HOSTS, launchBrowser, MOBILE, openPage, screenshot, settle, urlFor } from "./support/browser";
import { settingsOf } from "./support/demo-data";

let browser: Browser;
let settings: Settings;

beforeAll(async () => {
  browser = await launchBrowser();
  settings = await settingsOf();
});
afterAll(async () => {
  await browser?.close();
});

const chatHref = (s: Settings) =>
  `https://wa.me/${s.whatsup_number.replace(/\D/g, "")}?text=${encodeURIComponent(`Hello, I have a query about ${s.websitename}.`)}`;

describe("public layout", () => {
  it("has the six header links, in order, with their paths", async () => {
    const { page, close } = await openPage(browser, "/board", { waitFor: ".masthead__name" });
    const links = await page
      .locator('nav[aria-label="Main"] li a') // the links, not the Menu toggle (a link to the menu without scripts)
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual([
      ["HOME", "/"],
      ["EDITORIAL BOARD", "/board"],
      ["ARCHIVES", "/archives"],
      ["INSTRUCTIONS", "/instructions"],
      ["INDEXING", "/indexing"],
      ["CONTACT US", "/contact"],
    ]);
    expect(await page.locator('nav[aria-label="Main"] a[aria-current="page"]').innerText()).toBe("EDITORIAL BOARD");
    // Client-side navigation through the header.
    await page.getByRole("link", { name: "ARCHIVES", exact: true }).click();
    await page.waitForSelector(".year-frame");
    expect(new URL(page.url()).pathname).toBe("/archives");
    await close();
  });

  it("shows the current year in the footer", async () => {
    const { page, close } = await openPage(browser, "/", { waitFor: "[data-testid=footer-copyright]" });
    await page.waitForFunction(() => document.querySelector("[data-testid=footer-copyright]")?.textContent?.includes("International"));
    expect(await page.locator("[data-testid=footer-copyright]").innerText()).toBe(
      `© ${new Date().getFullYear()} ${settings.websitename}. All rights reserved.`,
    );
    await close();
  });

  it("sidebars: submission e-mail, certificate image, phone, Journal List, chat link with a prefilled query, search, cover page", async () => {
    const { page, close } = await openPage(browser, "/", { waitFor: "[data-testid=submission-email]" });
    await settle(page);
    expect(await page.locator("[data-testid=submission-email]").getAttribute("href")).toBe(`mailto:${settings.websiteemail}`);
    expect(await page.locator("[data-testid=contact-phone]").innerText()).toBe(settings.whatsup_number);
    expect(await page.locator("[data-testid=journal-list-link]").innerText()).toBe("Journal List");
    const chat = page.locator("[data-testid=chat-link]");
    expect(await chat.getAttribute("href")).toBe(chatHref(settings));
    expect(await chat.getAttribute("target")).toBe("_blank");
    // The journal's own images (uploaded in Settings, else drawn from its name and ISSN: docs/decisions/0163).
    for (const [src, alt] of [
      [settings.certificate_image_url, /certificate/i],
      [settings.cover_image_url, /cover page/i],
    ] as const) {
      const img = page.locator(`aside img[src="${src}"]`);
      expect(await img.getAttribute("alt")).toMatch(alt);
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((s) => {
        const i = document.querySelector(`aside img[src="${s}"]`) as HTMLImageElement | null;
        return !!i && i.complete && i.naturalWidth > 0;
      }, src);
    }
    // The search box goes to /search?q=.
    await page.fill("#sidebar-search", "soil nitrogen");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=search-summary]");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/search?q=soil%20nitrogen");
    await close();
  });

  it("shows the floating chat button at 375 px only", async () => {
    const mobile = await openPage(browser, "/contact", { viewport: MOBILE, waitFor: "[data-testid=chat-fab]" });
    const fab = mobile.page.locator("[data-testid=chat-fab]");
    expect(await fab.isVisible()).toBe(true);
    expect(await fab.getAttribute("href")).toBe(chatHref(settings));
    expect(await fab.getAttribute("aria-label")).toBe("Chat with us on WhatsApp");
    const box = (await fab.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
    await screenshot(mobile.page, "chat-button-375");
    await mobile.close();

    const desktop = await openPage(browser, "/contact", { viewport: DESKTOP, waitFor: "[data-testid=chat-link]" });
    expect(await desktop.page.locator("[data-testid=chat-fab]").isVisible()).toBe(false);
    await desktop.close();
  });

  it("is keyboard usable: skip link first, the mobile menu opens with the keyboard", async () => {
    const { page, close } = await openPage(browser, "/", { viewport: MOBILE, waitFor: ".site-nav__toggle" });
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

    const toggle = page.locator(".site-nav__toggle");
    const list = page.locator(".site-nav__list");
    expect(await list.isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await list.isVisible()).toBe(true);
    await screenshot(page, "menu-open-375");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("HOME");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.waitForSelector(".board-group");
    expect(new URL(page.url()).pathname).toBe("/board");
    // The menu closes after navigating.
    expect(await list.isVisible()).toBe(false);
    await close();
  });

  it("uses the default header branch on ordinary hosts, decided in the first HTML", async () => {
    const first = await (await fetchAs("/", HOSTS.main)).text();
    expect(first).toMatch(/<html[^>]*data-header="default"/);
    const { page, close } = await openPage(browser, "/", { waitFor: "[data-testid=logo-default]" });
    expect(await page.locator("[data-testid=logo-alt]").count()).toBe(0);
    expect(await page.locator(".masthead__name").innerText()).toBe(settings.websitename);
    await close();
  });

  it("uses the alternate header branch on a host listed in ALT_HEADER_DOMAINS, without a flash of the other one", async () => {
    const host = altHeaderHost();
    const first = await (await fetchAs("/", host)).text();
    expect(first).toMatch(/<html[^>]*data-header="alt"/);

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    // Record every header branch that is ever rendered while the page loads.
    await page.addInitScript(() => {
      const seen = new Set<string>();
      (window as unknown as { __branches: Set<string> }).__branches = seen;
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=logo-default]")) seen.add("default");
        if (document.querySelector("[data-testid=logo-alt]")) seen.add("alt");
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(urlFor("/", host));
    await page.waitForSelector("[data-testid=logo-alt]");
    expect(await page.locator(".banner__name").textContent()).toBe(settings.websitename);
    expect(await page.evaluate(() => [...(window as unknown as { __branches: Set<string> }).__branches])).toEqual(["alt"]);
    await screenshot(page, "alt-header-1280");
    await context.close();

    const mobile = await openPage(browser, "/", { host, viewport: MOBILE, waitFor: "[data-testid=logo-alt]" });
    await screenshot(mobile.page, "alt-header-375");
    await mobile.close();
  });

  it("shows the root error screen for an unknown page", async () => {
    const { page, status, close } = await openPage(browser, "/no-such-page", { waitFor: "h1" });
    expect(status).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Oops! Sorry, an unexpected error has occurred.");
    await screenshot(page, "root-error-1280");
    await close();
  });
});
