// Moving a journal in and out (issue 39), in a browser: a new journal made in the platform console, its admin
// uploads OJS's own 3.3 test issue on /admin/transfer, reads the check (dry run) per article, imports, follows the
// progress and sees the result on the public pages; the page, reloaded, still shows the job. Then the export of the
// journal and of every demo issue, validated by libxml2's xmllint against OJS's native.xsd.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { repoRoot } from "../../scripts/local-state";
import { repoScript } from "./support/repo-script";
import {
  describeViolations,
  fetchAs,
  launchBrowser,
  runAxe,
  screenshot,
  urlFor,
  watchConsole,
  DESKTOP,
  HOSTS,
  MOBILE,
} from "./support/browser";
import { DEMO_ADMIN, expectNoUnexpectedErrors, firstSignIn, RUN, SHOTS_ADMIN, TINY_PNG } from "./admin.fixtures";
import { zipSync } from "fflate";

const run = promisify(execFile);
const tmp = mkdtempSync(path.join(tmpdir(), "journal-edge-transfer-"));
const OPERATOR = { username: `mover-ops-${RUN.toLowerCase()}`, password: "operator-password-transfer" };
const HOST = `moving-${RUN.toLowerCase()}.localhost`;
const ADMIN = { username: `mover-${RUN.toLowerCase()}`, password: "" };
const SAMPLE = path.join(repoRoot, "tests/fixtures/ojs/ojs-3.3-testissue.xml");
const SCHEMA = path.join(repoRoot, "tests/schemas/ojs-native/native.xsd");

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

async function xmllint(file: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run("xmllint", ["--nonet", "--noout", "--huge", "--schema", SCHEMA, file]);
    return { ok: true, output: stdout + stderr };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** Signs in; the account's first sign-in replaces its one-time password (issue 37 item 2) and keeps the new one. */
async function signIn(page: Page, host: string, creds: { username: string; password: string }) {
  if (!ADMIN_HAS_OWN_PASSWORD) {
    creds.password = await firstSignIn(page, host, creds);
    ADMIN_HAS_OWN_PASSWORD = true;
    return;
  }
  await page.goto(urlFor("/admin/login", host));
  await page.getByLabel("Username").fill(creds.username);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
}
let ADMIN_HAS_OWN_PASSWORD = false;
/** The journal the console made (its id, for the console's own import screen). */
let JOURNAL_ID = 0;

let browser: Browser;

beforeAll(async () => {
  const persist = inject("persistDir");
  if (!persist) throw new Error("this test needs the server started by the e2e setup (not E2E_BASE_URL)");
  await repoScript("operator-create", ["--username", OPERATOR.username, "--password-stdin"], persist, `${OPERATOR.password}\n`);

  // A new, empty journal on its own host, and its first admin (the console's calls).
  const { token } = await json<{ token: string }>(
    await fetchAs("/api/platform/auth/login", "platform.localhost", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OPERATOR),
    }),
  );
  const ops = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const { journal } = await json<{ journal: { id: number } }>(
    await fetchAs("/api/platform/journals", "platform.localhost", {
      method: "POST",
      headers: ops,
      body: JSON.stringify({
        name: `Moving In ${RUN}`,
        abbreviation: "",
        issnPrint: "",
        issnOnline: "",
        contactEmail: "editor@example.org",
        primaryHost: HOST,
      }),
    }),
  );
  JOURNAL_ID = journal.id;
  const staff = await json<{ oneTimePassword: string }>(
    await fetchAs(`/api/platform/journals/${journal.id}/staff`, "platform.localhost", {
      method: "POST",
      headers: ops,
      body: JSON.stringify({ username: ADMIN.username, name: "Moving Admin" }),
    }),
  );
  ADMIN.password = staff.oneTimePassword;
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe("import and export in the admin", () => {
  test("upload OJS's sample, read the check per article, import, follow the progress, see the result", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(30_000);
    await signIn(page, HOST, ADMIN);
    await page.getByRole("link", { name: "Import / export" }).click();
    await page.getByRole("heading", { name: "Import and export" }).waitFor();

    await page.getByLabel("Archive file").setInputFiles(SAMPLE);
    await page.getByLabel("Rule").selectOption("id");
    await page.getByLabel("Prefix").fill("MI-");
    await page.getByRole("button", { name: "Check the file" }).click();
    const summary = page.getByTestId("import-summary");
    await summary.filter({ hasText: "2 articles: 2 will be created, 0 will be updated, 0 skipped; 2 PDFs to store." }).waitFor();
    expect(new URL(page.url()).searchParams.get("job")).toMatch(/^[0-9a-f-]{36}$/);
    const report = page.getByTestId("import-report");
    expect(await report.getByText("Issues to create: 2014/1/2").count()).toBe(1);
    expect(await report.getByRole("cell", { name: "MI-17" }).count()).toBe(1);
    expect(await report.getByText(/Antimicrobial, heavy metal resistance/).count()).toBe(1);
    expect(await report.getByText(/Not kept: .*earlier publication version/).count()).toBe(1);
    const violations = await runAxe(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, "transfer-check-1280", SHOTS_ADMIN);
    // Nothing was written by the check.
    expect((await fetchAs("/api/archives/", HOST)).status).toBe(200);
    expect(await (await fetchAs("/api/archives/", HOST)).json()).toEqual([]);

    await page.getByRole("button", { name: "Import 2 articles" }).click();
    await summary.filter({ hasText: "2 were created" }).waitFor();
    expect(await summary.textContent()).toContain("2 PDFs stored");
    await screenshot(page, "transfer-import-1280", SHOTS_ADMIN);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "transfer-import-375", SHOTS_ADMIN);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);

    // The job outlives the page: reloaded, the address still shows its report; it is in the recent imports.
    await page.reload();
    await summary.filter({ hasText: "2 were created" }).waitFor();
    const jobs = page.getByRole("region", { name: "Recent imports" });
    expect(await jobs.getByRole("row").count()).toBe(3);

    // The public pages show the imported issue, with its PDFs.
    const issue = await (await fetchAs("/archives/2014/vol1/issue2", HOST)).text();
    expect(issue).toContain("Signalling Theory Dividends");
    expect(issue).toContain("Alan Mwandenga");
    expect((await fetchAs("/assets/archives/2014/vol1issue2/MI-1.pdf", HOST)).status).toBe(200);

    // The export, downloaded from the page, is valid OJS Native XML.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "OJS Native XML" }).click()]);
    const file = path.join(tmp, "journal.xml");
    await download.saveAs(file);
    const check = await xmllint(file);
    expect(check.output).toContain("validates");
    await context.close();
    expectNoUnexpectedErrors(errors);
  });

  test("the export of every demo issue validates against OJS's native.xsd", async () => {
    const { token } = await json<{ token: string }>(
      await fetchAs("/auth/login/", HOSTS.main, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEMO_ADMIN),
      }),
    );
    const issues = await json<{ year: number; volume: number; issue: number; articles: number }[]>(
      await fetchAs("/api/admin/archives/", HOSTS.main, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(issues.length).toBeGreaterThanOrEqual(11);
    for (const i of issues) {
      const res = await fetchAs(`/api/admin/transfer/export?issue=${i.year}/${i.volume}/${i.issue}`, HOSTS.main, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const file = path.join(tmp, `issue-${i.year}-${i.volume}-${i.issue}.xml`);
      writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      const check = await xmllint(file);
      expect(check.ok, check.output).toBe(true);
    }
  });
});

describe("import and export in the console", () => {
  test("the operator checks OJS's sample for the journal (already imported: nothing to create), follows it, and exports", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport, acceptDownloads: true });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(urlFor("/", "platform.localhost"));
      await page.getByLabel("Username").fill(OPERATOR.username);
      await page.getByLabel("Password").fill(OPERATOR.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Journals" }).waitFor();
      await page.goto(urlFor(`/#/journals/${JOURNAL_ID}`, "platform.localhost"));
      await page.getByRole("heading", { name: "Import and export" }).waitFor();
      await page.getByLabel("Archive file").setInputFiles(SAMPLE);
      await page.getByRole("button", { name: "Check the file" }).click();
      const report = page.getByTestId("console-import-report");
      await report.waitFor({ timeout: 120_000 });
      // The admin imported the same file above: a second import creates nothing.
      expect(await report.textContent()).toMatch(/Check of OJS Native XML .*: \d+ article\(s\), 0 to create, \d+ to update, \d+ skipped/);
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "OJS Native XML" }).click();
      expect((await download).suggestedFilename()).toMatch(/\.xml$/);
      await report.scrollIntoViewIfNeeded();
      await screenshot(page, `console-transfer-${viewport.width}`, SHOTS_ADMIN);
      expect(describeViolations(await runAxe(page))).toBe("");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expectNoUnexpectedErrors(errors);
      await context.close();
    }
  }, 300_000);

  test("the operator imports the journal's editors: upload in parts, check as a job, report, import, then reopens it", async () => {
    const csv = [
      "name,degree,post,content,picture,category,status,email",
      `Dr. Console ${RUN},PhD,Professor,"University of Pune, India",console.png,chief editor,enabled,console-${RUN.toLowerCase()}@example.org`,
      `Board ${RUN} Roth,,Scientist,ETH Zürich,,associate editor,,`,
      `Board ${RUN} Nobody,,Dean,Somewhere,,assistant editor,,`,
    ].join("\n");
    const pictures = Buffer.from(zipSync({ "console.png": new Uint8Array(TINY_PNG) }));
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await page.goto(urlFor("/", "platform.localhost"));
      await page.getByLabel("Username").fill(OPERATOR.username);
      await page.getByLabel("Password").fill(OPERATOR.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Journals" }).waitFor();
      await page.goto(urlFor(`/#/journals/${JOURNAL_ID}`, "platform.localhost"));
      await page.getByRole("heading", { name: "Import editors" }).waitFor();
      await page.getByLabel("Editors (CSV)").setInputFiles({ name: "board.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page
        .getByLabel("Pictures (zip, optional)")
        .setInputFiles({ name: "pictures.zip", mimeType: "application/zip", buffer: pictures });
      await page.getByRole("button", { name: "Check the editors" }).click();
      const summary = page.getByTestId("console-editors-summary");
      const first = viewport === DESKTOP;
      await expect
        .poll(() => summary.textContent(), { timeout: 60_000 })
        .toBe(
          first
            ? "Check of Editors CSV board.csv: 3 editors, 2 to be created, 1 skipped; 1 picture to store."
            : "Check of Editors CSV board.csv: 3 editors, 0 to be created, 3 skipped; 0 pictures to store.",
        );
      const report = page.getByTestId("console-editors-report");
      expect(
        await report
          .getByRole("row")
          .filter({ hasText: `Board ${RUN} Nobody` })
          .textContent(),
      ).toContain("The designation must be one of Professor");
      if (first) {
        await page.getByRole("button", { name: "Import 2 editors" }).click();
        await expect
          .poll(() => summary.textContent(), { timeout: 60_000 })
          .toBe("Import of Editors CSV board.csv: 3 editors, 2 created, 1 skipped; 1 picture stored.");
        // The board shows them on the journal's own host.
        const board = await fetchAs("/api/editors/", HOST);
        expect(JSON.stringify(await board.json())).toContain(`Dr. Console ${RUN}`);
        // A reload loses nothing: the recent imports list reopens the check with its report.
        await page.reload();
        const recent = page.getByTestId("console-recent-imports");
        await recent.waitFor();
        expect(await recent.textContent()).toContain("Editors: import");
        await recent
          .getByRole("row")
          .filter({ hasText: "Editors: check" })
          .first()
          .getByRole("button", { name: /^Show the report/ })
          .click();
        await expect
          .poll(() => summary.textContent(), { timeout: 30_000 })
          .toContain("Check of Editors CSV board.csv: 3 editors, 2 to be created");
      } else {
        // Already imported at the first width: the same file again creates nothing.
        const section = page.getByRole("region", { name: "Import editors" });
        expect(await section.getByRole("button", { name: /^Import/ }).isDisabled()).toBe(true);
      }
      await report.scrollIntoViewIfNeeded();
      await screenshot(page, `console-editors-import-${viewport.width}`, SHOTS_ADMIN);
      expect(describeViolations(await runAxe(page))).toBe("");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      expectNoUnexpectedErrors(errors);
      await context.close();
    }
  }, 300_000);
});
