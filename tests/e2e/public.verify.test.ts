// /verify in a browser (issue 31): a demo author's certificate is downloaded, its printed address read back with
// poppler's pdftotext, and the page it names opened and checked (axe, console, 375 and 1280 px screenshots); the
// form takes a code typed sloppily, refuses what cannot be a code, names an altered one, and works without JavaScript.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { CODE_ALPHABET } from "#contract/verify-code";
import { splitAuthors } from "#contract/scholarly";
import { richTextToPlain } from "#contract/rich-text";
import {
  describeViolations,
  DESKTOP,
  FAILED_RESOURCE,
  fetchAs,
  launchBrowser,
  MOBILE,
  openPage,
  runAxe,
  screenshot,
  settle,
} from "./support/browser";
import { articleWithFile } from "./support/demo-data";
import type { Article } from "#contract/api";

let browser: Browser;
let article: Article;
let author: string;
/** The verification path printed on the author's certificate, e.g. /verify/7K2M-9QXD-4HWB-R8TN. */
let printedPath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  article = await articleWithFile();
  author = splitAuthors(article.authorname)[0];
  const res = await fetchAs(`/api/pdf/certificate/${encodeURIComponent(article.refnumber)}/${encodeURIComponent(author)}`);
  expect(res.status).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), "verify-e2e-")), "certificate.pdf");
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  const m = /Verify at https?:\/\/[^/\s]+(\/verify\/[0-9A-Z]{4}(?:-[0-9A-Z]{4}){2,3})/.exec(text);
  if (!m) throw new Error(`no verify address on the certificate:\n${text}`);
  printedPath = m[1];
});
afterAll(async () => {
  await browser?.close();
});

describe("/verify in the browser", () => {
  it("shows a certificate's printed address as valid, with the name, article and journal (375 and 1280 px)", async () => {
    const mobile = await openPage(browser, printedPath, { viewport: MOBILE, waitFor: "[data-status]" });
    await settle(mobile.page);
    await screenshot(mobile.page, "verify-valid-375");
    await mobile.close();

    const { page, close, status } = await openPage(browser, printedPath, { viewport: DESKTOP, waitFor: "[data-status]" });
    expect(status).toBe(200);
    await settle(page);
    await screenshot(page, "verify-valid-1280");
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("valid");
    expect(await page.locator("h2").first().innerText()).toBe("Valid certificate");
    expect(await page.getByTestId("verify-name").innerText()).toBe(author);
    const facts = await page.locator(".verify-facts").innerText();
    expect(facts).toContain(richTextToPlain(article.title).slice(0, 40));
    expect(facts).toContain(`Volume ${article.volume}, Issue ${article.issue} (${article.year})`);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(describeViolations(await runAxe(page))).toBe("");
    await close();
  });

  it("takes a code typed in lower case without hyphens, refuses one that cannot be a code, and names an altered one", async () => {
    // The altered code's page data answers 404 (as its first HTML would), which the browser logs as a failed resource.
    const { page, close } = await openPage(browser, "/verify", {
      viewport: DESKTOP,
      waitFor: "#verify-code",
      allowConsoleErrors: [FAILED_RESOURCE],
    });
    await settle(page);
    await screenshot(page, "verify-form-1280");
    expect(describeViolations(await runAxe(page))).toBe("");
    const code = printedPath.slice("/verify/".length);

    // Not a code: the form says so and stays where it is.
    await page.fill("#verify-code", "hello");
    await page.click("button[type=submit]");
    await page.waitForSelector(".verify-form__error");
    expect(await page.locator(".verify-form__error").innerText()).toContain("16 letters and digits");
    expect(new URL(page.url()).pathname).toBe("/verify");

    // Sloppy but right: lower case, no hyphens, the letter O for a zero.
    await page.fill("#verify-code", code.replace(/-/g, "").toLowerCase().replace(/0/g, "o"));
    await page.click("button[type=submit]");
    await page.waitForURL((u) => u.pathname === printedPath);
    await page.waitForSelector("[data-status=valid]");
    expect(await page.getByTestId("verify-name").innerText()).toBe(author);

    // One symbol changed.
    const last = code[code.length - 1];
    const altered = code.slice(0, -1) + CODE_ALPHABET[(CODE_ALPHABET.indexOf(last) + 1) % CODE_ALPHABET.length];
    await page.fill("#verify-code", altered);
    await page.click("button[type=submit]");
    await page.waitForSelector("[data-status=tampered]");
    expect(await page.locator("h2").first().innerText()).toContain("altered or mistyped");
    await screenshot(page, "verify-tampered-1280");
    await close();
  });

  it("works without JavaScript: the form is a GET of /verify?code=, answered by the server", async () => {
    const { page, close } = await openPage(browser, "/verify", { viewport: MOBILE, javaScript: false });
    await page.fill("#verify-code", printedPath.slice("/verify/".length).toLowerCase());
    await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
    expect(new URL(page.url()).pathname).toBe("/verify");
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("valid");
    expect(await page.getByTestId("verify-name").innerText()).toBe(author);
    await close();
  });
});
