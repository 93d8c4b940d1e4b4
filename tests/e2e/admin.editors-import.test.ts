// Editors in bulk on /admin/transfer (issue 39 item 2, decisions 0273 and 0290), in a browser: the demo admin chooses a
// CSV of editors and a zip of their pictures (uploaded in parts, checked as a job), reads the check row by row, reloads
// and finds it again, imports, and finds the new editors on the board; a second check of the same file skips every row. Screenshots at 375 and 1280 px; axe finds nothing serious.
import { zipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeViolations, launchBrowser, runAxe, screenshot, urlFor, watchConsole, DESKTOP, MOBILE } from "./support/browser";
import { expectNoUnexpectedErrors, login, RUN, SHOTS_ADMIN, TINY_PNG } from "./admin.fixtures";

const NAME = `Import ${RUN}`;
const CSV = [
  "name,degree,post,content,picture,category,status,email",
  `Dr. ${NAME} Verma,PhD,Professor,"University of Pune, India",verma.png,associate editor,enabled,verma-${RUN.toLowerCase()}@example.org`,
  `${NAME} Roth,,Scientist,ETH Zürich,,assistant editor,,`,
  `${NAME} Nobody,,Dean,Somewhere,,assistant editor,,`,
].join("\n");
const PICTURES = Buffer.from(zipSync({ "verma.png": new Uint8Array(TINY_PNG) }));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function chooseFiles(page: Page) {
  await page.getByLabel("Editors (CSV)").setInputFiles({ name: "board.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await page.getByLabel("Pictures (zip, optional)").setInputFiles({ name: "pictures.zip", mimeType: "application/zip", buffer: PICTURES });
}

describe("importing editors on /admin/transfer", () => {
  test("check, import, then the same file again skips every row", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await login(page);
    await page.goto(urlFor("/admin/transfer"));
    await page.getByRole("heading", { name: "Import editors" }).waitFor();
    await chooseFiles(page);
    await page.getByRole("button", { name: "Check the editors" }).click();
    const summary = page.getByTestId("editors-summary");
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toBe("3 editors: 2 to be created, 1 skipped; 1 picture to store.");
    const report = page.getByTestId("editors-report");
    expect(
      await report
        .getByRole("row")
        .filter({ hasText: `${NAME} Nobody` })
        .textContent(),
    ).toContain("The designation must be one of Professor");
    await report.scrollIntoViewIfNeeded();
    await screenshot(page, "editors-import-check-1280", SHOTS_ADMIN);
    expect(describeViolations(await runAxe(page))).toBe("");

    // The check is a job in the page's address: a reload (or a browser closed and opened again) shows it as it was.
    expect(new URL(page.url()).searchParams.get("job")).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toBe("3 editors: 2 to be created, 1 skipped; 1 picture to store.");
    expect(await page.getByRole("region", { name: "Recent imports" }).textContent()).toContain("Editors: check");

    await page.getByRole("button", { name: "Import 2 editors" }).click();
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toBe("3 editors: 2 created, 1 skipped; 1 picture stored.");
    await page.goto(urlFor("/board"));
    await page.getByText(`Dr. ${NAME} Verma`).waitFor();
    expect(await page.getByText(`${NAME} Roth`).count()).toBe(1);

    await page.goto(urlFor("/admin/transfer"));
    await chooseFiles(page);
    await page.getByRole("button", { name: "Check the editors" }).click();
    await expect.poll(() => summary.textContent(), { timeout: 60_000 }).toBe("3 editors: 0 to be created, 3 skipped; 0 pictures to store.");
    expect(await page.getByRole("button", { name: /^Import/ }).isDisabled()).toBe(true);
    expectNoUnexpectedErrors(errors);
    await context.close();
  });

  test("reads on a phone", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await login(page);
    await page.goto(urlFor("/admin/transfer"));
    await chooseFiles(page);
    await page.getByRole("button", { name: "Check the editors" }).click();
    await page.getByTestId("editors-summary").waitFor();
    await page.getByTestId("editors-report").scrollIntoViewIfNeeded();
    await screenshot(page, "editors-import-check-375", SHOTS_ADMIN);
    // Nothing wider than the screen but the report's own scrolling table.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expectNoUnexpectedErrors(errors);
    await context.close();
  });
});
