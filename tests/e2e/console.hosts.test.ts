// A journal's own domain from the console (issue 52), in a browser against `npm start`, whose Cloudflare API is the
// local stand-in (tests/cloudflare-api-standin-server.ts): the operator adds a host, sees the DNS records its owner
// must set (with copy buttons), watches it become active through Refresh while readers reach the journal only then,
// sees the mail records Email Service needs on the journal's sending domain (checked against the stand-in's DNS over
// HTTPS, where none is set), and removes the host.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { repoScript } from "./support/repo-script";
import { DESKTOP, MOBILE, describeViolations, fetchAs, launchBrowser, runAxe, screenshot, urlFor, watchConsole } from "./support/browser";
import { RUN } from "./admin.fixtures";

const PLATFORM = "platform.localhost";
// Not under *.localhost (the platform's own domain under npm start): a custom hostname.
const HOST = `e2e-${RUN.toLowerCase()}.journal.example`;
const OPERATOR = { username: `hosts-${RUN.toLowerCase()}`, password: "operator-password-e2e" };
const SHOTS = process.env.SHOTS_PLATFORM_DIR ?? "/tmp/shots-platform";

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  const persist = inject("persistDir");
  if (!persist) throw new Error("this test needs the server started by the e2e setup (not E2E_BASE_URL)");
  await repoScript("operator-create", ["--username", OPERATOR.username, "--password-stdin"], persist, `${OPERATOR.password}\n`);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: urlFor("", PLATFORM) });
  page = await context.newPage();
  errors.push(...watchConsole(page));
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

const dnsPanel = () => page.getByRole("region", { name: `DNS for ${HOST}` });

describe("a journal's own domain in the console", () => {
  it("adds a host and shows the DNS records its owner must set, pending, while readers get nothing there", async () => {
    await page.goto(urlFor("/", PLATFORM));
    await page.getByLabel("Username").fill(OPERATOR.username);
    await page.getByLabel("Password").fill(OPERATOR.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Journals" }).waitFor();
    const id = await page.evaluate(async () => {
      const token = sessionStorage.getItem("journal-edge.operator");
      const r = await fetch("/api/platform/journals", { headers: { Authorization: `Bearer ${token}` } });
      const { journals } = (await r.json()) as { journals: { id: number; hosts: { host: string }[] }[] };
      return journals.find((j) => j.hosts.some((h) => h.host === "journal2.localhost"))!.id;
    });
    await page.goto(urlFor(`/#/journals/${id}`, PLATFORM));
    await page.getByRole("heading", { name: "Hosts" }).waitFor();
    await page.getByLabel("New host").fill(HOST);
    await page.getByRole("button", { name: "Add host" }).click();
    await dnsPanel().waitFor();
    const panel = dnsPanel();
    await expect.poll(() => panel.getByTestId("host-status").textContent()).toMatch(/^Pending/);
    expect(await panel.getByTestId("certificate-status").textContent()).toBe("waiting for its TXT record");
    const text = (await panel.textContent()) ?? "";
    expect(text).toContain("CNAME");
    expect(text).toContain("hosts.platform.localhost");
    expect(text).toContain(`_cf-custom-hostname.${HOST}`);
    expect(text).toContain(`_acme-challenge.${HOST}`);
    // A copy button puts the record's value on the clipboard.
    await panel.getByRole("button", { name: `Copy CNAME value for ${HOST}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("hosts.platform.localhost");
    expect(await runAxe(page).then(describeViolations)).toBe("");
    await screenshot(page, "console-host-pending-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "console-host-pending-375", SHOTS);
    await page.setViewportSize(DESKTOP);
    // Not active yet: the host is nobody's (not the default journal's either).
    expect((await fetchAs("/api/settings/", HOST)).status).toBe(404);
  });

  it("becomes active through Refresh (the stand-in validates on its second read), and then serves the journal", async () => {
    const panel = dnsPanel();
    for (let i = 0; i < 2; i++) {
      await panel.getByRole("button", { name: `Refresh ${HOST}` }).click();
      await page.getByText(`Cloudflare asked about ${HOST}`).waitFor();
    }
    await expect.poll(() => panel.getByTestId("host-status").textContent()).toBe("Active: the host answers readers");
    expect(await panel.getByTestId("certificate-status").textContent()).toBe("active");
    // Only the CNAME stays to keep.
    expect(await panel.getByText("_acme-challenge").count()).toBe(0);
    await screenshot(page, "console-host-active-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "console-host-active-375", SHOTS);
    await page.setViewportSize(DESKTOP);
    const settings = await fetchAs("/api/settings/", HOST);
    expect(settings.status).toBe(200);
    const journal2 = (await (await fetchAs("/api/settings/", "journal2.localhost")).json()) as { websitename: string };
    expect(((await settings.json()) as { websitename: string }).websitename).toBe(journal2.websitename);
  });

  it("shows the mail records Email Service needs on the journal's sending domain, checks them, and says how mail goes meanwhile", async () => {
    // The journal's sending domain, as the contract's GET lists it (docs/decisions/0395).
    const domain = await page.evaluate(async () => {
      const token = sessionStorage.getItem("journal-edge.operator");
      const id = location.hash.split("/").pop();
      const r = await fetch(`/api/platform/journals/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await r.json()) as { journal: { mail?: { domain: string } } }).journal.mail!.domain;
    });
    const panel = page.getByRole("region", { name: `Mail records for ${domain}` });
    await panel.waitFor();
    const text = (await panel.textContent()) ?? "";
    for (const name of [`cf-bounce.${domain}`, `cf-bounce._domainkey.${domain}`, `_dmarc.${domain}`]) expect(text).toContain(name);
    expect(text).toContain("route1.mx.cloudflare.net");
    // The stand-in's DNS has none of the records: after a check each is said missing, and the mail goes from the
    // platform's address with the journal's name and its Reply-To.
    await panel.getByRole("button", { name: `Check mail records of ${domain}` }).click();
    await page.getByText(`Mail records of ${domain} checked`).waitFor();
    await expect.poll(() => panel.getByTestId("mail-status").textContent()).toMatch(/^Not ready/);
    expect(await panel.getByTestId("mail-missing").textContent()).toBe("Still missing: bounce MX, SPF, DKIM, DMARC.");
    expect(await panel.getByTestId("mail-sends-as").textContent()).toContain("journals@platform.localhost");
    await panel.getByRole("button", { name: `Copy SPF value for cf-bounce.${domain}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("v=spf1 include:_spf.mx.cloudflare.net ~all");
    expect(await runAxe(page).then(describeViolations)).toBe("");
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "console-mail-domain-1280", SHOTS);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "console-mail-domain-375", SHOTS);
    await page.setViewportSize(DESKTOP);
  });

  it("removes the host: its row and DNS records go, and the domain answers no journal", async () => {
    const row = page.getByRole("row").filter({ hasText: HOST });
    await row.getByRole("button", { name: "Remove" }).click();
    await page.getByText(`${HOST} removed`).waitFor();
    expect(await dnsPanel().count()).toBe(0);
    expect(await page.getByRole("cell", { name: HOST, exact: true }).count()).toBe(0);
    // The host no longer reaches journal 2 (an unknown host gets the default journal or "No journal here").
    const journal2 = (await (await fetchAs("/api/settings/", "journal2.localhost")).json()) as { websitename: string };
    const after = await fetchAs("/api/settings/", HOST);
    if (after.status === 200) expect(((await after.json()) as { websitename: string }).websitename).not.toBe(journal2.websitename);
    expect(errors).toEqual([]);
  });
});
