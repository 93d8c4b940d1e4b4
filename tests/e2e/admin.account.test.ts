// A staff member changes their own password from the account page (docs/decisions/0181): the current password
// first, the new one twice; the other sessions end, this one goes on, and the new password signs in.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
import { DEMO_ADMIN, expectNoUnexpectedErrors, login, RUN, SHOTS_ADMIN } from "./admin.fixtures";

let browser: Browser;
/** A staff account of its own, so the demo admin's password stays as the other tests expect it. */
const account = { username: `acct-${RUN.toLowerCase()}`, password: "" };

async function signIn(creds: { username: string; password: string }): Promise<Response> {
  return fetchAs("/auth/login/", HOSTS.main, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(creds),
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { token } = (await (await signIn(DEMO_ADMIN)).json()) as { token: string };
  const created = await fetchAs("/api/admin/staff", HOSTS.main, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ username: account.username, name: "Mira Account" }),
  });
  account.password = ((await created.json()) as { oneTimePassword: string }).oneTimePassword;
});
afterAll(async () => {
  await browser?.close();
});

describe("your account", () => {
  test("changes the password: a wrong current one and a mismatch are refused in place; other sessions end", async () => {
    // Another session of the same account (a second browser), which the change must end.
    const elsewhere = ((await (await signIn(account)).json()) as { token: string }).token;
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(15_000);
    // A one-time password opens only Your account (issue 37 item 2): the sign-in lands there.
    await page.goto(urlFor("/admin/login"));
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/account");
    await page.getByText("You signed in with a one-time password").waitFor();
    await page.getByRole("link", { name: "Mira Account" }).click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    expect(await page.getByText(`Signed in as ${account.username}`).count()).toBe(1);

    const next = `river stone ${RUN}`;
    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill(next);
    await page.getByLabel("New password again").fill(`${next}!`);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The two new passwords are not the same.").waitFor();

    await page.getByLabel("New password again").fill(next);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("This is not your current password.").waitFor();
    expect(await page.getByLabel("Current password").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Current password").fill(account.password);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password was changed.").waitFor();
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    await screenshot(page, "account-changed-1280", SHOTS_ADMIN);
    expect(describeViolations(await runAxe(page))).toBe("");

    // This session goes on; the other one ended; the old password no longer signs in, the new one does.
    await page.getByRole("link", { name: "Archives" }).click();
    await page.getByRole("heading", { name: "Archives" }).waitFor();
    const verify = (token: string) => fetchAs("/auth/verify-token/", HOSTS.main, { headers: { authorization: `Bearer ${token}` } });
    expect((await verify(elsewhere)).status).toBe(401);
    expect((await signIn(account)).status).toBe(401);
    expect((await signIn({ ...account, password: next })).status).toBe(200);
    // No draft of a password is ever kept in the browser.
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(next);
    expectNoUnexpectedErrors(errors, [422]);
    await context.close();
  });

  test("an admin resets the account's password on the Staff page: a one-time password, shown once, that sign out everywhere ends", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await login(page);
    await page.getByRole("link", { name: "Staff" }).click();
    const row = page.getByRole("row").filter({ hasText: account.username });
    await row.getByRole("button", { name: "Reset password" }).click();
    const shown = page.getByRole("status").filter({ hasText: `One-time password for ${account.username}` });
    const oneTime = (await shown.locator("code").textContent())!.trim();
    expect(oneTime).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await shown.textContent()).toContain("Your account");
    await screenshot(page, "staff-reset-1280", SHOTS_ADMIN);
    // The one-time password opens (once, to choose a new one) ...
    const opened = await signIn({ ...account, password: oneTime });
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(true);
    // ... and dies with "sign out everywhere" (issue 37 item 2): a new reset is needed.
    await row.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.getByText(`${account.username} is signed out everywhere`).waitFor();
    expect((await signIn({ ...account, password: oneTime })).status).toBe(401);
    await context.close();
  });

  test("reads well on a phone", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await login(page);
    await page.goto(page.url().replace(/\/admin\/?$/, "/admin/account"));
    await page.getByRole("heading", { name: "Change password" }).waitFor();
    await screenshot(page, "account-375", SHOTS_ADMIN);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});
