// Issue 25, the attacks a browser makes: Chromium following "/\evil.example/" (the open redirect, item 1), the admin
// pages' CSP report of Zod's eval probe (item 9), and a double-clicked Submit Online (item 8).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, urlFor } from "./support/browser";
import { login } from "./admin.fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every host the page asked for, from now on. */
function hostsAskedFor(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on("request", (r) => hosts.add(new URL(r.url()).hostname));
  return hosts;
}

describe("open redirect (item 1)", () => {
  it("keeps Chromium on the journal's host whatever slashes the path starts with", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const hosts = hostsAskedFor(page);
    for (const path of ["/\\evil.example/", "//evil.example/", "//evil.example/login/", "/\\/evil.example/", "//archives/2024/9/4/"]) {
      // Typed into the address bar: Chromium reads "\" as "/", so the server sees "//evil.example/".
      await page.goto(urlFor(path)).catch(() => {});
      expect([path, new URL(page.url()).hostname]).toEqual([path, "localhost"]);
    }
    expect([...hosts].filter((h) => h !== "localhost")).toEqual([]);
    await context.close();
  });
});

describe("admin pages under the CSP (item 9)", () => {
  it("raise no Content-Security-Policy violation (Zod runs without its eval probe)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction("__reportCsp", (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI} ${location.pathname}`),
      );
    });
    page.on("console", (m) => {
      if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
    });
    await login(page);
    for (const path of ["/admin/editors", "/admin/editors/add", "/admin/settings", "/admin/archives", "/admin/search?q=a"]) {
      await page.goto(urlFor(path));
      await page.waitForSelector("main");
      await page.waitForLoadState("networkidle");
    }
    // A form whose input Zod parses in the browser: submitting the empty editor form runs its schema.
    await page.goto(urlFor("/admin/editors/add"));
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe("disabled editors' pictures (item 7)", () => {
  it("are not public, and staff still see them in the editors list", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page);
    await page.goto(urlFor("/admin/editors"));
    const row = page.locator("tbody tr", { has: page.locator('img.avatar[src^="/assets/editors/"]') }).first();
    await row.waitFor();
    const publicSrc = (await row.locator("img.avatar").getAttribute("src"))!;
    const toggle = row.getByRole("switch");
    const label = (await toggle.getAttribute("aria-label"))!;
    const name = label.replace(/^Status of (.*): enabled$/, "$1");
    await toggle.click();
    const same = page.locator("tbody tr", { hasText: name });
    await same.getByRole("switch", { name: `Status of ${name}: disabled` }).waitFor();
    try {
      await expect.poll(() => same.locator("img.avatar").getAttribute("src")).toMatch(/^blob:/);
      expect(await same.locator("img.avatar").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await screenshot(page, "admin-editors-disabled-picture-1280");
      expect((await fetch(urlFor(publicSrc))).status).toBe(404);
    } finally {
      await same.getByRole("switch").click();
      await same.getByRole("switch", { name: `Status of ${name}: enabled` }).waitFor();
    }
    expect((await fetch(urlFor(publicSrc))).status).toBe(200);
    await context.close();
  });
});

describe("Submit Online double click (item 8)", () => {
  const pdf = Buffer.from("%PDF-1.4\n% manuscript\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

  for (const viewport of [DESKTOP, MOBILE]) {
    it(`sends one submission and shows its reference (${viewport.width} px)`, async () => {
      const { page, errors, close } = await openPage(browser, "/article", {
        viewport,
        newVisitor: true,
        waitFor: 'html[data-hydrated="true"] .form__actions button[type=submit]',
      });
      const posts: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().includes("/api/submissions")) posts.push(r.headers()["idempotency-key"] ?? "");
      });
      await page.getByLabel("Name").fill("Dr. Double Click");
      await page.getByLabel("Email").fill("double@example.org");
      await page.getByLabel("Title of the Submission").fill(`Clicked twice ${viewport.width}`);
      await page.getByLabel("Article File").setInputFiles({ name: "manuscript.pdf", mimeType: "application/pdf", buffer: pdf });
      const button = page.getByRole("button", { name: "Submit", exact: true });
      await button.dblclick();
      const success = page.locator("[data-testid=submission-success]");
      await success.waitFor();
      expect(await success.locator(".notice__title").innerText()).toMatch(/Reference: SUB-\d{8}-[A-Z0-9]{6}$/);
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
      await screenshot(page, `submit-online-double-click-${viewport.width}`);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("makes the key in the browser, never in the shared HTML", async () => {
    const res = await fetch(urlFor("/article"));
    expect(await res.text()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
  });
});
