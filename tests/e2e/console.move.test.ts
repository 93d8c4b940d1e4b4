// Moving a journal to another journal database from the console, in a browser (issue 42 item 3,
// docs/decisions/0280): the operator opens a journal made in the console, sees which database holds it and every
// database's size and journal count, moves it to the demo's empty JOURNALS_3 with a confirmation, follows the
// progress to "Moved" (the Workflow runs on its own), the journal's site answers throughout; then
// `npm run move-journal` moves it back, printing each phase, and is killed just after its switch (issue 46): the
// console says the move has stalled and its Resume button finishes it (docs/decisions/0306). Screenshots at 1280 and
// 375 px.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { spawn } from "node:child_process";
import path from "node:path";
import { repoScript } from "./support/repo-script";
import { repoRoot, toolEnv } from "../../scripts/local-state";
import { DESKTOP, MOBILE, describeViolations, launchBrowser, runAxe, screenshot, urlFor, watchConsole } from "./support/browser";
import { RUN } from "./admin.fixtures";

const PLATFORM = "platform.localhost";
const HOST = `move-${RUN.toLowerCase()}.localhost`;
const NAME = `Journal of Moving Things ${RUN}`;
const OPERATOR = { username: `mover-${RUN.toLowerCase()}`, password: "operator-password-move" };
const SHOTS = process.env.SHOTS_PLATFORM_DIR ?? "/tmp/shots-platform";

let browser: Browser;
let page: Page;
let persist = "";
const errors: string[] = [];

beforeAll(async () => {
  persist = inject("persistDir") ?? "";
  if (!persist) throw new Error("this test needs the server started by the e2e setup (not E2E_BASE_URL)");
  await repoScript("operator-create", ["--username", OPERATOR.username, "--password-stdin"], persist, `${OPERATOR.password}\n`);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  errors.push(...watchConsole(page));
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe("moving a journal in the console", () => {
  let journalId = 0;
  let from = "";

  it("shows the journal's database and moves it to JOURNALS_3, with live progress", { timeout: 180_000 }, async () => {
    await page.goto(urlFor("/", PLATFORM));
    await page.getByLabel("Username").fill(OPERATOR.username);
    await page.getByLabel("Password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Journals" }).waitFor();
    await page.getByLabel("Journal name").fill(NAME);
    await page.getByLabel("Contact e-mail").fill(`editor@${HOST}`);
    await page.getByLabel("Primary host").fill(HOST);
    await page.getByRole("button", { name: "Create journal" }).click();
    await page.waitForURL(/#\/journals\/\d+$/);
    journalId = Number(/#\/journals\/(\d+)$/.exec(page.url())![1]);

    const panel = page.locator("section.console-panel", { has: page.getByRole("heading", { name: "Database", exact: true }) });
    await panel.getByText(/This journal's rows are in JOURNALS_[12]\b/).waitFor();
    from = /in (JOURNALS_\d)/.exec((await panel.getByText(/This journal's rows are in/).textContent()) ?? "")![1];
    const table = panel.getByRole("table", { name: "Journal databases" });
    await table.getByRole("rowheader", { name: "JOURNALS_3" }).waitFor();
    expect(await table.getByRole("row").filter({ hasText: "JOURNALS_3" }).textContent()).toContain("closed (moves only)");
    await screenshot(page, "console-move-before-1280", SHOTS);

    page.once("dialog", (d) => {
      expect(d.message()).toContain(`from ${from} to JOURNALS_3`);
      void d.accept();
    });
    await panel.getByLabel("Move to…").selectOption("JOURNALS_3");
    await panel.getByRole("button", { name: "Move journal" }).click();
    await panel.getByText("Move started: it goes on if you close this page.").waitFor();
    // The site answers while it moves (a browser page: Node's fetch does not reach *.localhost).
    const site = await browser.newPage();
    expect((await site.goto(urlFor("/api/archives", HOST)))?.status()).toBe(200);
    await panel.getByText(/Switched: the journal is served from its new database|^Moved$/).waitFor({ timeout: 120_000 });
    await panel
      .getByText("This journal's rows are in JOURNALS_3")
      .waitFor({ timeout: 120_000 })
      .catch(async () => {
        await page.reload();
        await panel.getByText("This journal's rows are in JOURNALS_3").waitFor({ timeout: 30_000 });
      });
    await panel.getByText(/^Moved$/).waitFor({ timeout: 120_000 });
    expect(await panel.getByText(/Rows copied: [\d,]+ of [\d,]+/).textContent()).toMatch(/Rows copied: ([\d,]+) of \1/);
    expect(await runAxe(page).then(describeViolations)).toBe("");
    await screenshot(page, "console-move-done-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "console-move-done-375", SHOTS);
    await page.setViewportSize(DESKTOP);
    expect((await site.goto(urlFor("/api/archives", HOST)))?.status()).toBe(200);
    await site.close();
  });

  it("npm run move-journal moves it back, printing each phase; killed after its switch, the console resumes it", {
    timeout: 240_000,
  }, async () => {
    // The script, stopped (SIGKILL) as soon as it has switched: the old database still holds the journal's rows and
    // the move's triggers, and nothing runs the clean-up.
    const { NODE_ENV: _n, ...env } = toolEnv({ PERSIST_DIR: persist });
    const child = spawn(
      path.join(repoRoot, "node_modules/.bin/tsx"),
      [path.join(repoRoot, "scripts/move-journal.ts"), "--journal", String(journalId), "--to", from],
      {
        cwd: repoRoot,
        env,
      },
    );
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no switch within 120 s:\n${out}`)), 120_000);
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        if (/switch: journal \d+ now in/.test(out)) {
          clearTimeout(timer);
          child.kill("SIGKILL");
          resolve();
        }
      });
      child.on("exit", () => reject(new Error(`the script ended before its switch:\n${out}`)));
    });
    expect(out).toMatch(new RegExp(`Moving journal ${journalId} from JOURNALS_3 to ${from}`));
    for (const phase of ["copy:", "catch up:", "freeze:", "verify:", "switch:"]) expect(out).toContain(phase);
    expect(out).not.toContain("clean up:");

    await page.reload();
    const panel = page.locator("section.console-panel", { has: page.getByRole("heading", { name: "Database", exact: true }) });
    await panel.getByText(`This journal's rows are in ${from}`).waitFor();
    await panel.getByText(/^Switched: the journal is served from its new database/).waitFor();
    // Quiet for 45 s and no Workflow at work: the move is offered to resume (the panel reads it every second).
    await panel.getByText("This move has stopped making progress").waitFor({ timeout: 90_000 });
    expect(await runAxe(page).then(describeViolations)).toBe("");
    await screenshot(page, "console-move-stalled-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "console-move-stalled-375", SHOTS);
    await page.setViewportSize(DESKTOP);
    await panel.getByRole("button", { name: "Resume move" }).click();
    await panel.getByText(/^Moved$/).waitFor({ timeout: 120_000 });
    expect(await panel.getByText(/resumed once/).count()).toBe(1);
    await screenshot(page, "console-move-resumed-1280", SHOTS);
    // Finished: a new move is offered again.
    await panel.getByRole("button", { name: "Move journal" }).waitFor();
    expect(errors).toEqual([]);
  });
});
