// The operator's console, the leftovers of issues 37 and 38 in a browser: a staff account created with its role, the
// journals list linking to each journal's site and admin, tables readable at 375 px (one card per row, nothing cut),
// and one journal restored from a backup the console downloaded — over the same journal after typing its slug, and an
// altered copy refused until "trust this backup" is ticked (docs/decisions/0260). Screenshots in SHOTS_PLATFORM_DIR.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { repoScript } from "./support/repo-script";
import { DESKTOP, MOBILE, describeViolations, fetchAs, launchBrowser, runAxe, screenshot, urlFor, watchConsole } from "./support/browser";
import { RUN } from "./admin.fixtures";

const PLATFORM = "platform.localhost";
const HOST = `restore-${RUN.toLowerCase()}.localhost`;
const NAME = `Journal of Restored Things ${RUN}`;
const OPERATOR = { username: `ops-r-${RUN.toLowerCase()}`, password: "operator-password-restore" };
const SHOTS = process.env.SHOTS_PLATFORM_DIR ?? "/tmp/shots-platform";
const tmp = mkdtempSync(path.join(tmpdir(), "journal-edge-console-restore-"));

let browser: Browser;
let page: Page;
let journalId = 0;
let backupFile = "";
const errors: string[] = [];

/** Nothing of the page is wider than the viewport, and every button in a console table is whole on screen. */
async function fitsWidth(p: Page, width: number) {
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const cut = await p.evaluate(
    (w) =>
      Array.from(document.querySelectorAll(".console-table button, .console-table select, .console-table a"))
        .map((el) => ({ text: el.textContent?.trim() ?? "", box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.left < 0 || box.right > w + 0.5)
        .map(({ text }) => text),
    width,
  );
  expect(cut).toEqual([]);
}

beforeAll(async () => {
  const persist = inject("persistDir");
  if (!persist) throw new Error("this test needs the server started by the e2e setup (not E2E_BASE_URL)");
  await repoScript("operator-create", ["--username", OPERATOR.username, "--password-stdin"], persist, `${OPERATOR.password}\n`);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  page = await context.newPage();
  errors.push(...watchConsole(page));
  await page.goto(urlFor("/", PLATFORM));
  await page.getByLabel("Username").fill(OPERATOR.username);
  await page.getByLabel("Password").fill(OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Journals" }).waitFor();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("the console's journals and staff", () => {
  it("the journals list links to each journal's site and admin, and reads whole at 375 px", async () => {
    await page.getByLabel("Journal name").fill(NAME);
    await page.getByLabel("Primary host").fill(HOST);
    await page.getByRole("button", { name: "Create journal" }).click();
    await page.waitForURL(/#\/journals\/\d+$/);
    journalId = Number(/#\/journals\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole("link", { name: "← Journals" }).click();
    const site = page.getByRole("link", { name: `Site of ${NAME}` });
    await site.waitFor();
    const port = new URL(urlFor("/", PLATFORM)).port;
    expect(await site.getAttribute("href")).toBe(`http://${HOST}${port ? `:${port}` : ""}/`);
    expect(await page.getByRole("link", { name: `Admin of ${NAME}` }).getAttribute("href")).toBe(
      `http://${HOST}${port ? `:${port}` : ""}/admin`,
    );
    // The link leads to the journal's own site.
    const home = await fetchAs("/", HOST);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(NAME);
    await screenshot(page, "console-journals-links-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await fitsWidth(page, MOBILE.width);
    await screenshot(page, "console-journals-375", SHOTS);
    await page.setViewportSize(DESKTOP);
  });

  it("creates a staff account with the role chosen; its role can be changed from the table; nothing is cut at 375 px", async () => {
    await page.goto(urlFor(`/#/journals/${journalId}`, PLATFORM));
    await page.getByRole("heading", { name: "Staff accounts" }).waitFor();
    await page.getByLabel("Staff username").fill("prod-person");
    await page.getByLabel("Display name").fill("Pat Production");
    await page.locator("select[name=staffRole]").selectOption({ label: "Production" });
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByTestId("one-time-password").waitFor();
    const role = page.getByLabel("Role of prod-person");
    await role.waitFor();
    expect(await role.inputValue()).toBe("production");
    await role.selectOption({ label: "Editor" });
    await page.getByText("prod-person is now Editor").waitFor();
    const staff = await fetchAs(`/api/platform/journals/${journalId}/staff`, PLATFORM, {
      headers: { authorization: `Bearer ${await page.evaluate(() => sessionStorage.getItem("journal-edge.operator"))}` },
    });
    const accounts = ((await staff.json()) as { staff: { username: string; role: string }[] }).staff;
    expect(accounts.find((a) => a.username === "prod-person")?.role).toBe("editor");
    expect(describeViolations(await runAxe(page))).toBe("");
    await screenshot(page, "console-staff-roles-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await page.getByRole("button", { name: "Reset password" }).first().scrollIntoViewIfNeeded();
    await fitsWidth(page, MOBILE.width);
    await screenshot(page, "console-staff-375", SHOTS);
    await page.setViewportSize(DESKTOP);
  });
});

describe("restore one journal from the console", () => {
  it("over the same journal: the backup is checked, the slug typed, progress shown, then the counts", async () => {
    await page.goto(urlFor(`/#/journals/${journalId}`, PLATFORM));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download backup" }).click()]);
    backupFile = path.join(tmp, download.suggestedFilename());
    await download.saveAs(backupFile);
    await page.getByText("Backup downloaded").waitFor();

    await page.getByRole("link", { name: "← Journals" }).click();
    await page.getByRole("heading", { name: "Restore a journal from a backup" }).waitFor();
    await page.getByLabel("Backup file").setInputFiles(backupFile);
    await page.getByRole("button", { name: "Upload and check" }).click();
    await page.getByRole("heading", { name: "What the backup holds" }).waitFor();
    expect(await page.getByTestId("restore-signature").textContent()).toBe("Signed by this platform, nothing altered");
    await page.getByLabel(/^Over the same journal/).check();
    const restore = page.getByRole("button", { name: "Restore over the journal" });
    expect(await restore.isDisabled()).toBe(true);
    const slug = (await page.locator(".console-restore-plan label code").textContent())!.trim();
    await page.getByLabel(/Type the journal's slug/).fill(`${slug}-wrong`);
    expect(await restore.isDisabled()).toBe(true);
    await page.getByLabel(/Type the journal's slug/).fill(slug);
    await screenshot(page, "console-restore-plan-1280", SHOTS);
    await restore.click();
    const result = page.getByTestId("restore-result");
    await result.waitFor();
    expect(await result.textContent()).toMatch(
      new RegExp(`Restored over the journal ${slug} \\(#${journalId}\\): \\d+ rows and \\d+ files`),
    );
    expect(await page.locator(".console-restore-log li").count()).toBeGreaterThan(1);
    await screenshot(page, "console-restore-done-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await fitsWidth(page, MOBILE.width);
    await screenshot(page, "console-restore-done-375", SHOTS);
    await page.setViewportSize(DESKTOP);
    // In the audit trail, with the operator's name.
    await page.goto(urlFor("/#/audit", PLATFORM));
    await page
      .getByRole("cell", { name: /journal\.restore/ })
      .first()
      .waitFor();
  });

  it("an altered backup says why and restores only once 'trust this backup' is ticked (as a new journal)", async () => {
    // Edit the journal's name inside the tar, keeping its length (the tar stays readable; the signature does not hold).
    const bytes = readFileSync(backupFile);
    const text = bytes.toString("latin1");
    const at = text.lastIndexOf(`Restored Things ${RUN}`);
    expect(at).toBeGreaterThan(0);
    bytes.write(`Tampered Things ${RUN}`.slice(0, `Restored Things ${RUN}`.length), at, "latin1");
    const altered = path.join(tmp, "altered.tar");
    writeFileSync(altered, bytes);

    await page.goto(urlFor("/", PLATFORM));
    await page.getByLabel("Backup file").setInputFiles(altered);
    await page.getByRole("button", { name: "Upload and check" }).click();
    const signature = page.getByTestId("restore-signature");
    await signature.waitFor();
    expect(await signature.textContent()).toMatch(/^Does not hold: .*altered/);
    const restore = page.getByRole("button", { name: "Restore as a new journal" });
    expect(await restore.isDisabled()).toBe(true);
    const trust = page.getByLabel(/^Trust this backup/);
    await trust.check();
    await screenshot(page, "console-restore-trust-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await fitsWidth(page, MOBILE.width);
    await screenshot(page, "console-restore-trust-375", SHOTS);
    await page.setViewportSize(DESKTOP);
    await restore.click();
    const result = page.getByTestId("restore-result");
    await result.waitFor();
    expect(await result.textContent()).toMatch(/Restored as a new journal .*-restored.*you trusted it/);
    const errorsSeen = errors.filter((e) => !/Failed to load resource/.test(e));
    expect(errorsSeen).toEqual([]);
  });
});
