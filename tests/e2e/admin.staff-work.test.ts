// Staff never lose work (issue 26 item 2): a session that ends mid-form asks for the password in place and then
// sends what was typed; a reload restores the form's local draft; leaving a changed form asks first.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fetchAs, launchBrowser, screenshot, urlFor, watchConsole, DESKTOP, HOSTS, MOBILE } from "./support/browser";
import { DEMO_ADMIN, expectNoUnexpectedErrors, login, makePdf, RUN, SESSION_KEY, SHOTS_ADMIN } from "./admin.fixtures";
import type { AdminArticle, AdminIssueArticles, ArchiveYear } from "#contract/api";

let browser: Browser;
let year: number;
let volume: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const [newest] = (await (await fetchAs("/api/archives/", HOSTS.main)).json()) as ArchiveYear[];
  year = newest.year;
  volume = newest.volume;
});
afterAll(async () => {
  await browser?.close();
});

const POLL = { timeout: 10_000, interval: 100 };

async function apiToken(): Promise<string> {
  const res = await fetchAs("/auth/login/", HOSTS.main, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

async function issueArticles(token: string): Promise<AdminIssueArticles> {
  const res = await fetchAs(`/api/admin/archives/${year}/${volume}/1`, HOSTS.main, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as AdminIssueArticles;
}

async function openAddForm(page: Page): Promise<void> {
  await page.goto(urlFor(`/admin/archives/add/${year}/${volume}/1`));
  await page.getByRole("textbox", { name: "Title" }).waitFor();
}

/** Every field of the add form, typed as staff type them. */
async function fillArticle(page: Page, n: string): Promise<Record<string, string>> {
  const fields = {
    authorname: "Asha Rao, Tomas Berg",
    refnumber: `KEEP-${RUN}-${n}`,
    pagenumber: "11-19",
    txnid: `TXN-KEEP-${RUN}-${n}`,
    email: "asha@example.org",
    country: "India",
    keywords: "soil, drafts",
    subject: "Soil science",
  };
  await page.getByRole("textbox", { name: "Title" }).click();
  await page.keyboard.type(`Kept work ${n} of `);
  await page.keyboard.press("Control+i");
  await page.keyboard.type("Oryza sativa");
  await page.keyboard.press("Control+i");
  await page.keyboard.type(` at pH < 5 & 37 °C ${RUN}`);
  await page.getByRole("textbox", { name: "Abstract" }).click();
  await page.keyboard.type(`Nothing typed is lost ${n}.`);
  await page.getByLabel("Author name").fill(fields.authorname);
  await page.getByLabel("Keywords").fill(fields.keywords);
  await page.getByLabel("Subject").fill(fields.subject);
  await page.getByLabel("Reference number").fill(fields.refnumber);
  await page.getByLabel("Page number").fill(fields.pagenumber);
  await page.getByLabel("Transaction ID").fill(fields.txnid);
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  await page.getByLabel("Country").fill(fields.country);
  return fields;
}

describe("a session that ends mid-form", () => {
  test("asks for the password in place, then the save goes through with every field intact", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    await login(page);
    await openAddForm(page);
    const fields = await fillArticle(page, "A");
    await page
      .getByLabel("Article PDF")
      .setInputFiles({ name: "kept.pdf", mimeType: "application/pdf", buffer: await makePdf(`Kept ${RUN}`) });

    // The session ends elsewhere (logout in another tab revokes the token on the server).
    const token = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "{}").token as string, SESSION_KEY);
    expect(
      (await fetchAs("/auth/logout", HOSTS.main, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBeLessThan(300);

    await page.getByRole("button", { name: "Submit" }).click();
    const ask = page.getByRole("dialog", { name: "Your session has ended. Please log in again." });
    await ask.waitFor();
    // Still on the form, nothing typed gone.
    expect(new URL(page.url()).pathname).toBe(`/admin/archives/add/${year}/${volume}/1`);
    expect(await page.getByLabel("Reference number").inputValue()).toBe(fields.refnumber);
    await screenshot(page, "staff-relogin-1280", SHOTS_ADMIN);

    // A wrong password says so and keeps asking.
    await ask.getByLabel("Password").fill("not-the-password");
    await ask.getByRole("button", { name: "Log in and continue" }).click();
    await ask.getByText("Invalid user and password").waitFor();
    await ask.getByLabel("Password").fill(DEMO_ADMIN.password);
    await ask.getByRole("button", { name: "Log in and continue" }).click();

    await page.getByRole("dialog", { name: "Article added successfully" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/archives/add/${year}/${volume}/1`);

    const api = await apiToken();
    const listed = (await issueArticles(api)).articles.find((a) => a.refnumber === fields.refnumber);
    expect(listed).toBeTruthy();
    const stored = (await (
      await fetchAs(`/api/admin/articles/${listed!.id}`, HOSTS.main, { headers: { authorization: `Bearer ${api}` } })
    ).json()) as AdminArticle;
    expect(stored).toMatchObject({ ...fields, title: `Kept work A of <em>Oryza sativa</em> at pH &lt; 5 &amp; 37 °C ${RUN}` });
    expect(stored.abstract).toBe("<p>Nothing typed is lost A.</p>");
    // The saved form left no draft behind.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("journal-edge:draft:")))).toEqual([]);
    await context.close();
    expectNoUnexpectedErrors(errors, [401]);
  });
});

describe("local drafts", () => {
  test("a reload restores what was typed; leaving a changed form asks first", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    await login(page);
    await openAddForm(page);
    const fields = await fillArticle(page, "B");
    // The draft is written as staff type; a reload (or a crash) brings it back.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("journal-edge:draft:")).length), POLL)
      .toBe(1);
    await page.reload();
    await page.getByText("Restored your unsaved changes from").waitFor();
    await page.getByText("The PDF file must be picked again.").waitFor();
    for (const [label, value] of [
      ["Reference number", fields.refnumber],
      ["Transaction ID", fields.txnid],
      ["Author name", fields.authorname],
      ["Page number", fields.pagenumber],
    ]) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
    }
    expect(await page.getByRole("textbox", { name: "Title" }).innerHTML()).toContain("<em>Oryza sativa</em> at pH &lt; 5 &amp; 37 °C");
    await screenshot(page, "staff-draft-restored-375", SHOTS_ADMIN);

    // Leaving through the admin's own links asks; "Cancel" stays with the form.
    const asked: string[] = [];
    page.once("dialog", (d) => {
      asked.push(d.message());
      void d.dismiss();
    });
    await page.getByRole("link", { name: "Back to the issue" }).click();
    await expect.poll(() => asked.length, POLL).toBe(1);
    expect(asked[0]).toContain("Leave this page?");
    expect(new URL(page.url()).pathname).toBe(`/admin/archives/add/${year}/${volume}/1`);
    expect(await page.getByLabel("Reference number").inputValue()).toBe(fields.refnumber);

    // Closing or reloading the tab asks too (the browser's own beforeunload prompt).
    const beforeUnload = await page.evaluate(() => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(beforeUnload).toBe(true);

    // "Discard draft" goes back to the empty form and stops asking.
    await page.getByRole("button", { name: "Discard draft" }).click();
    expect(await page.getByLabel("Reference number").inputValue()).toBe("");
    await page.getByRole("link", { name: "Back to the issue" }).click();
    await page.waitForURL((url) => url.pathname === `/admin/archives/${year}/${volume}/1`);
    expect(asked.length).toBe(1);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("journal-edge:draft:")))).toEqual([]);
    await context.close();
    expectNoUnexpectedErrors(errors);
  });
});

describe("admin search", () => {
  test("finds an article by its transaction id and by its author's e-mail (issue 26 item 3)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    await login(page);
    const ref = `KEEP-${RUN}-A`;
    for (const q of [`TXN-KEEP-${RUN}-A`, "asha@example.org"]) {
      await page.getByRole("searchbox").first().fill(q);
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === "/admin/search" && url.searchParams.get("q") === q);
      const row = page.locator("tbody tr", { hasText: ref });
      await row.first().waitFor();
      expect(await row.first().textContent(), q).toContain(`TXN-KEEP-${RUN}-A`);
    }
    await screenshot(page, "staff-search-email-1280", SHOTS_ADMIN);
    await context.close();
    expectNoUnexpectedErrors(errors);
  });
});

describe("article status in the issue table", () => {
  test("shows each article's status, disables one from the table, and a disabled one cannot be ticked (issue 26 item 4)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    await login(page);
    await page.goto(urlFor(`/admin/archives/${year}/${volume}/1`));
    const ref = `KEEP-${RUN}-A`;
    const row = page.locator("tbody tr", { hasText: ref });
    await row.waitFor();
    expect(await row.getByText("Enabled", { exact: true }).count()).toBe(1);
    await row.getByRole("button", { name: "Disable" }).click();
    await row.getByText("Disabled", { exact: true }).waitFor();
    await page.getByText(`${ref} is now disabled (hidden from the site).`).waitFor();
    expect(await row.getByRole("checkbox").isDisabled()).toBe(true);
    await screenshot(page, "staff-status-disabled-1280", SHOTS_ADMIN);
    // "Select all" ticks only published articles, so the index page never lists this one.
    await page.getByRole("checkbox", { name: "Select all articles" }).check();
    expect(await row.getByRole("checkbox").isChecked()).toBe(false);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Index Page" }).click()]);
    expect(download.suggestedFilename()).toBe("Index-Page.pdf");
    // Enabled again from the same place.
    await row.getByRole("button", { name: "Enable" }).click();
    await row.getByText("Enabled", { exact: true }).waitFor();
    await context.close();
    expectNoUnexpectedErrors(errors);
  });
});
