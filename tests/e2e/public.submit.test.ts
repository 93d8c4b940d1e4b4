// The Submit Online form end to end: a real submission gets a reference; every failure gets a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, openPage, screenshot } from "./support/browser";

/** The form is interactive once hydrated (web/main.tsx marks <html data-hydrated>). Its Submit button is enabled
 * before that too: without JavaScript the form posts to the server (decision 0178). */
const INTERACTIVE = 'html[data-hydrated="true"] .form__actions button[type=submit]';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pdf = (size = 0) => {
  const head = Buffer.from("%PDF-1.4\n% manuscript\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  return size > head.length ? Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]) : head;
};

describe("Submit Online", () => {
  it("sends a manuscript and shows the reference it was stored under", async () => {
    const { page, errors, close } = await openPage(browser, "/article", { waitFor: INTERACTIVE, newVisitor: true });
    await page.getByLabel("Name").fill("Dr. Ngozi Adeyemi");
    await page.getByLabel("Email").fill("ngozi@example.org");
    await page.getByLabel("Country").selectOption("Nigeria");
    await page.getByLabel("Phone").fill("+234 803 555 0100");
    await page.getByLabel("Institute Address").fill("Department of Chemistry\nUniversity of Lagos");
    await page.getByLabel("Title of the Submission").fill("Corrosion inhibition of mild steel by plant extracts");
    await page.getByLabel("Article File").setInputFiles({ name: "manuscript.pdf", mimeType: "application/pdf", buffer: pdf() });
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    const success = page.locator("[data-testid=submission-success]");
    await success.waitFor();
    expect(await success.locator(".notice__title").innerText()).toMatch(
      /^Your submission was received\. Reference: SUB-\d{8}-[A-Z0-9]{6}$/,
    );
    await screenshot(page, "submit-online-success-1280");
    expect(errors).toEqual([]);
    await close();
  });

  it("names every missing required field and the missing file, without sending anything", async () => {
    const { page, close } = await openPage(browser, "/article", { waitFor: INTERACTIVE, newVisitor: true });
    let posted = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/submissions")) posted = true;
    });
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await page.locator("[data-testid=submission-error]").waitFor();
    expect(await page.locator("[data-testid=submission-error]").innerText()).toBe("Please correct the fields marked below.");
    expect(await page.locator(".field__error").allInnerTexts()).toEqual([
      "Please enter your name.",
      "Please enter a valid e-mail address.",
      "Please enter the title of your submission.",
      "Please attach your article as a PDF file.",
    ]);
    expect(await page.getByLabel("Name").getAttribute("aria-invalid")).toBe("true");
    expect(posted).toBe(false);
    await screenshot(page, "submit-online-errors-1280");
    await close();
  });

  it("refuses a file that is not a PDF and one over 5 MB, clearing the selection", async () => {
    const { page, close } = await openPage(browser, "/article", { waitFor: INTERACTIVE, newVisitor: true });
    const file = page.getByLabel("Article File");
    await file.setInputFiles({ name: "paper.pdf", mimeType: "application/pdf", buffer: Buffer.from("PK\u0003\u0004 not a pdf at all") });
    await page.locator("#pdfFile-error").waitFor();
    expect(await page.locator("#pdfFile-error").innerText()).toBe("The file is not a PDF. Please choose your article as a PDF file.");
    expect(await file.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);

    await file.setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: pdf(5_242_881) });
    await page.waitForFunction(() => document.querySelector("#pdfFile-error")?.textContent === "File size exceeds the limit of 5 MB.");
    expect(await file.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);

    await file.setInputFiles({ name: "ok.pdf", mimeType: "application/pdf", buffer: pdf() });
    await page.waitForFunction(() => !document.querySelector("#pdfFile-error"));
    await close();
  });
});
