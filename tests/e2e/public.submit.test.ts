// The Submit Online form end to end: a real submission gets a reference; every failure gets a message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, MOBILE, openPage, screenshot, urlFor } from "./support/browser";
import { login } from "./admin.fixtures";

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

  it("at 375 px takes the optional part (abstract, keywords, a co-author, cover letter, consent), and staff read it", async () => {
    const { page, close } = await openPage(browser, "/article", { waitFor: INTERACTIVE, newVisitor: true, viewport: MOBILE });
    // Nothing wider than the phone: the consent boxes once pushed their labels off the right edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.getByLabel("Name").fill("Dr. Ngozi Adeyemi");
    await page.getByLabel("Email").fill("ngozi@example.org");
    await page.getByLabel("Country").selectOption("Nigeria");
    await page.getByLabel("Title of the Submission").fill('Tannin extracts as "green" corrosion inhibitors <in> acid & brine');
    await page.getByLabel("Article File").setInputFiles({ name: "manuscript.pdf", mimeType: "application/pdf", buffer: pdf() });
    await page.getByLabel("Abstract").fill("Mild steel in 1 M HCl.\nInhibition reached 92 % at 500 ppm.");
    await page.getByLabel("Keywords").fill("corrosion,  tannin ,green chemistry");
    await page.getByText("Co-authors", { exact: true }).click();
    await page.getByRole("textbox", { name: "Co-author 1" }).fill("Chidi Okafor");
    await page.locator("#sub-co-email-0").fill("chidi@example.org");
    await page.locator("#sub-co-affiliation-0").fill("University of Lagos");
    await page.getByLabel("Cover letter").fill("Dear Editor,\nplease consider our manuscript.");
    await page.getByLabel("I have read the journal's policies and agree to them.").check();
    await page.getByLabel("I agree to the journal's copyright and licence terms for my article if it is published.").check();
    await screenshot(page, "submit-online-optional-375");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    const success = page.locator("[data-testid=submission-success]");
    await success.waitFor();
    const reference = /SUB-\d{8}-[A-Z0-9]{6}/.exec(await success.innerText())![0];
    await close();

    // The editorial office reads what the author sent on the manuscript's page.
    const staff = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await login(staff);
    await staff.goto(urlFor(`/admin/manuscripts?q=${reference}`));
    await staff
      .getByRole("row", { name: new RegExp(reference) })
      .getByRole("link")
      .first()
      .click();
    const sent = staff.locator("section", { has: staff.getByRole("heading", { name: "What the author sent" }) });
    await sent.waitFor();
    const text = await sent.innerText();
    expect(text).toContain("Chidi Okafor, University of Lagos");
    expect(text).toContain("corrosion, tannin, green chemistry");
    expect(text).toContain("Inhibition reached 92 % at 500 ppm.");
    expect(text).toContain("please consider our manuscript.");
    expect(text).not.toContain("not given");
    await staff.context().close();
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
