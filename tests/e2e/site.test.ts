// Each journal runs its own site (issue 37): roles in the browser and the API, a manager's instructions shown on
// /instructions (with and without JavaScript), an indexing partner with an image on the public grid; screenshots of
// every changed page at 375 and 1280 px (SHOTS_DIR / SHOTS_ADMIN).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  altHeaderHost,
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
import { DEMO_ADMIN, RUN, SHOTS_ADMIN, drawnPng, expectNoUnexpectedErrors, login, makePdf, multipart } from "./admin.fixtures";

let browser: Browser;
let managerToken = "";

const json = (token: string, body?: unknown) => ({
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: body === undefined ? undefined : JSON.stringify(body),
});

async function signIn(creds: { username: string; password: string }) {
  return fetchAs("/auth/login/", HOSTS.main, { ...json("", creds), headers: { "content-type": "application/json" } });
}

beforeAll(async () => {
  browser = await launchBrowser();
  managerToken = ((await (await signIn(DEMO_ADMIN)).json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
});

describe("roles", () => {
  const prod = { username: `prod-${RUN.toLowerCase()}`, password: "" };
  const own = `production line ${RUN}`;

  test("a Production account's first sign-in sets its own password; then it cannot reach Staff or Settings (UI and API)", async () => {
    const created = await fetchAs(
      "/api/admin/staff",
      HOSTS.main,
      json(managerToken, { username: prod.username, name: "Pia Production", role: "production" }),
    );
    expect(created.status).toBe(201);
    prod.password = ((await created.json()) as { oneTimePassword: string }).oneTimePassword;

    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const errors = watchConsole(page);
      page.setDefaultTimeout(20_000);
      const wide = viewport === DESKTOP;
      if (wide) {
        // The one-time password opens the account page and nothing else.
        await page.goto(urlFor("/admin/login"));
        await page.getByLabel("Username").fill(prod.username);
        await page.getByLabel("Password").fill(prod.password);
        await page.getByRole("button", { name: "Log in" }).click();
        await page.waitForURL((url) => url.pathname === "/admin/account");
        await page.getByText("You signed in with a one-time password").waitFor();
        await screenshot(page, "site-account-one-time-1280", SHOTS_ADMIN);
        await page.getByLabel("Current password").fill(prod.password);
        await page.getByLabel("New password", { exact: true }).fill(own);
        await page.getByLabel("New password again").fill(own);
        await page.getByRole("button", { name: "Change password" }).click();
        await page.getByText("Your password was changed.").waitFor();
        await page.goto(urlFor("/admin"));
        await page.getByRole("heading", { name: "Dashboard" }).waitFor();
      } else {
        await login(page, { username: prod.username, password: own });
      }
      const nav = page.getByRole("navigation", { name: "Admin sections" });
      expect(await nav.getByRole("link", { name: "Archives" }).count()).toBe(1);
      for (const hidden of ["Staff", "Settings", "Editors", "Indexing", "Pages"]) {
        expect(await nav.getByRole("link", { name: hidden }).count()).toBe(0);
      }
      expect(await page.locator(".tile--settings").count()).toBe(0);
      await screenshot(page, `site-production-dashboard-${viewport.width}`, SHOTS_ADMIN);
      // Typed in: the page says the role does not allow it.
      await page.goto(urlFor("/admin/staff"));
      await page.getByText("Your role does not allow this. Ask a journal manager.").waitFor();
      await screenshot(page, `site-production-staff-refused-${viewport.width}`, SHOTS_ADMIN);
      await page.goto(urlFor("/admin/settings"));
      await page.getByRole("heading", { name: "Settings" }).waitFor();
      expectNoUnexpectedErrors(errors, [403]);
      await context.close();
    }

    // The API refuses the same, whatever the UI shows.
    const token = ((await (await signIn({ username: prod.username, password: own })).json()) as { token: string }).token;
    const staff = await fetchAs("/api/admin/staff", HOSTS.main, { headers: { authorization: `Bearer ${token}` } });
    expect(staff.status).toBe(403);
    expect(await staff.json()).toEqual({ error: "forbidden_role" });
    const settings = await fetchAs("/api/settings", HOSTS.main, json(token, { websitename: "Taken over" }));
    expect(settings.status).toBe(403);
    // Issues and articles are Production's work.
    expect((await fetchAs("/api/admin/archives", HOSTS.main, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  test("the staff page shows each account's role and lets a manager change it", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await login(page);
      await page.goto(urlFor("/admin/staff"));
      await page.getByRole("heading", { name: "Staff", exact: true }).waitFor();
      const select = page.getByLabel(`Role of ${prod.username}`);
      // Production as created; the desktop pass makes it an Editor, which the phone pass then shows.
      expect(await select.inputValue()).toBe(viewport === DESKTOP ? "production" : "editor");
      if (viewport === DESKTOP) {
        await select.selectOption("editor");
        await page.getByText(`${prod.username} is now Editor`).waitFor();
        expect(describeViolations(await runAxe(page))).toBe("");
      }
      await screenshot(page, `site-staff-${viewport.width}`, SHOTS_ADMIN);
      if (viewport === MOBILE) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await context.close();
    }
  });
});

describe("site pages", () => {
  test("a manager edits the instructions; /instructions shows them, also without JavaScript", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(20_000);
    await login(page);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Pages" }).click();
    await page.getByRole("heading", { name: "Site pages" }).waitFor();
    const editor = page.getByRole("textbox", { name: "Instructions to authors text" });
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    const line = `Figures go at the end of the file (${RUN}).`;
    await page.keyboard.type(line);
    await screenshot(page, "site-pages-1280", SHOTS_ADMIN);
    expect(describeViolations(await runAxe(page))).toBe("");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Site pages updated successfully").waitFor();

    // In the browser, after a client-side visit ...
    await page.goto(urlFor("/instructions"));
    await page.getByText(line).waitFor();
    for (const fact of ["MS Word", "5 authors", "50 references", "Download copyright form"])
      expect(await page.getByText(fact).count()).toBeGreaterThan(0);
    await screenshot(page, "site-instructions-1280");
    // ... and in the Worker's first HTML, which is what a browser without JavaScript shows.
    const noJs = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(urlFor("/instructions"));
    expect(await plain.getByText(line).count()).toBe(1);
    await screenshot(plain, "site-instructions-375-nojs");
    await plain.goto(urlFor("/policies"));
    expect(await plain.getByRole("heading", { name: "Peer review" }).count()).toBe(1);
    await screenshot(plain, "site-policies-375-nojs");
    await noJs.close();
    expectNoUnexpectedErrors(errors);
    await context.close();

    for (const [path, name] of [
      ["/policies", "site-policies"],
      ["/contact", "site-contact"],
      ["/instructions", "site-instructions"],
    ] as const) {
      for (const viewport of [DESKTOP, MOBILE]) {
        const ctx = await browser.newContext({ viewport });
        const p = await ctx.newPage();
        await p.goto(urlFor(path));
        await p.locator("h1").first().waitFor();
        await screenshot(p, `${name}-${viewport.width}`);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await ctx.close();
      }
    }
  });

  test("a manager adds an indexing partner with an image; it appears on the public grid", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(20_000);
    await login(page);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Indexing" }).click();
    await page.getByRole("heading", { name: "Indexing partners" }).waitFor();
    const title = `Index ${RUN}`;
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Link").fill("https://index.example.org/journal");
    await page.getByLabel("Sort number").fill("1");
    await page.getByLabel("Image").setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: await drawnPng(page, 480, 120, RUN) });
    await page.getByRole("button", { name: "Add partner" }).click();
    await page.getByText(`${title} added`).waitFor();
    const row = page.getByRole("row").filter({ hasText: title });
    await row.locator("img.indexing-thumb").waitFor();
    await screenshot(page, "site-indexing-admin-1280", SHOTS_ADMIN);
    expect(describeViolations(await runAxe(page))).toBe("");

    await page.goto(urlFor("/indexing"));
    const card = page.locator(".indexing-grid li").filter({ hasText: title });
    await card.waitFor();
    const img = card.locator("img");
    await img.waitFor();
    await img.evaluate((el) => (el as HTMLImageElement).decode());
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(480);
    await screenshot(page, "site-indexing-public-1280");
    // The home page's grid follows too.
    await page.goto(urlFor("/"));
    expect(await page.locator(".indexing-grid li").filter({ hasText: title }).locator("img").count()).toBe(1);
    expectNoUnexpectedErrors(errors);

    // Disabled: gone from the public grid at once.
    await page.goto(urlFor("/admin/indexing"));
    await page.getByRole("switch", { name: `Status of ${title}: enabled` }).click();
    await page.getByText(`${title} hidden from the site`).waitFor();
    await page.goto(urlFor("/indexing"));
    await page.getByRole("heading", { name: /indexing and abstracting/i }).waitFor();
    expect(await page.locator(".indexing-grid li").filter({ hasText: title }).count()).toBe(0);
    await context.close();

    const phone = await browser.newContext({ viewport: MOBILE });
    const p = await phone.newPage();
    await login(p);
    await p.goto(urlFor("/admin/indexing"));
    await p.getByRole("heading", { name: "Indexing partners" }).waitFor();
    await screenshot(p, "site-indexing-admin-375", SHOTS_ADMIN);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await p.goto(urlFor("/admin/site"));
    await p.getByRole("heading", { name: "Site pages" }).waitFor();
    await screenshot(p, "site-pages-375", SHOTS_ADMIN);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await p.goto(urlFor("/indexing"));
    await screenshot(p, "site-indexing-public-375");
    await phone.close();
  });
});

describe("issues as journals publish them", () => {
  test("a special issue of a chosen year, with sections: the public table of contents is grouped in the sections' order", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.setDefaultTimeout(20_000);
    await login(page);
    await page.goto(urlFor("/admin/archives"));
    await page.getByRole("heading", { name: "Archives" }).waitFor();
    // Sections first: two of this run's own, the second moved above the first.
    const [first, second] = [`Research ${RUN}`, `Reviews ${RUN}`];
    for (const name of [first, second]) {
      await page.getByLabel("New section").fill(name);
      await page.getByRole("button", { name: "Add section" }).click();
      await page.getByText(`${name} added`).waitFor();
    }
    await page.getByRole("button", { name: `Move ${second} up` }).click();
    await page.getByText(`${second} moved up`).waitFor();

    // A back issue: the year is chosen on the form.
    const volume = 90 + Math.floor(Math.random() * 9);
    const title = `Special Issue on Soil ${RUN}`;
    await page.getByRole("button", { name: "Add New" }).click();
    await page.getByLabel("Volume", { exact: true }).fill(String(volume));
    await page.getByLabel("Issue", { exact: true }).fill("1");
    await page.getByLabel("Year", { exact: true }).fill("2019");
    await page.getByLabel("Title (special issue)").fill(title);
    await page.getByLabel("Publication date").fill("2019-06-30");
    await screenshot(page, "site-add-issue-1280", SHOTS_ADMIN);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Issue created successfully").waitFor();
    await page.getByRole("cell", { name: title }).waitFor();
    await screenshot(page, "site-archives-sections-1280", SHOTS_ADMIN);

    // Three articles, through the API as the add form sends them.
    const articles = [
      { ref: `S${RUN}A`, title: `Rhizobia in dry soils ${RUN}`, pages: "10-19" },
      { ref: `S${RUN}B`, title: `A review of soil carbon ${RUN}`, pages: "1-9" },
      { ref: `S${RUN}C`, title: `Fungal mats ${RUN}`, pages: "20-25" },
    ];
    for (const [i, a] of articles.entries()) {
      const form = new FormData();
      const fields: Record<string, string> = {
        title: a.title,
        abstract: "An abstract.",
        authorname: "A. Author",
        refnumber: a.ref,
        pagenumber: a.pages,
        publishdate: "2019-06-30",
        year: "2019",
        volume: String(volume),
        issue: "1",
        ptype: "free",
        txnid: `TX${RUN}${i}`,
        email: "author@example.org",
      };
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set("pdfFile", new File([new Uint8Array(await makePdf(a.title))], `${a.ref}.pdf`, { type: "application/pdf" }));
      const { body, type } = await multipart(form);
      const res = await fetchAs("/api/admin/archives", HOSTS.main, {
        method: "POST",
        headers: { authorization: `Bearer ${managerToken}`, "content-type": type },
        body,
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    // Each article's section, chosen in the issue's staff table.
    await page.goto(urlFor(`/admin/archives/2019/${volume}/1`));
    for (const [ref, section] of [
      [articles[0].ref, first],
      [articles[1].ref, second],
      [articles[2].ref, first],
    ] as const) {
      await page.getByLabel(`Section of ${ref}`).selectOption({ label: section });
      await page.getByText(`${ref}: ${section}`).waitFor();
    }
    // Published from its page (a new issue is the staff's until then: issue 48 item 8), so the public page shows it.
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Publish issue" }).click();
    await page.getByText("Issue published").waitFor();
    await screenshot(page, "site-issue-sections-admin-1280", SHOTS_ADMIN);
    expectNoUnexpectedErrors(errors);
    await context.close();

    // The public page, as crawlers and browsers without JavaScript get it, and in the browser at both widths.
    const html = (await (await fetchAs(`/archives/2019/vol${volume}/issue1`, HOSTS.main)).text()).replace(/<!-- -->/g, "");
    const order = [title, `>${second}</h2>`, articles[1].title, `>${first}</h2>`, articles[0].title, articles[2].title];
    const at = order.map((t) => html.indexOf(t));
    expect(at.every((x) => x > 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    for (const viewport of [DESKTOP, MOBILE]) {
      const ctx = await browser.newContext({ viewport });
      const p = await ctx.newPage();
      await p.goto(urlFor(`/archives/2019/vol${volume}/issue1`));
      await p.getByRole("heading", { name: second }).waitFor();
      expect(await p.getByRole("columnheader", { name: "S.No." }).count()).toBe(viewport === DESKTOP ? 2 : 0);
      await screenshot(p, `site-issue-sections-${viewport.width}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (viewport === DESKTOP) expect(describeViolations(await runAxe(p))).toBe("");
      await ctx.close();
    }
  });
});

describe("the journal's logo", () => {
  test("an uploaded wide logo is readable, at its own shape, in both header branches at 375 and 1280 px", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(urlFor("/"));
    const form = new FormData();
    form.set("imgFile", new File([new Uint8Array(await drawnPng(page, 480, 120, "JOURNAL LOGO"))], "logo.png", { type: "image/png" }));
    const { body, type } = await multipart(form);
    const up = await fetchAs("/api/settings/images/logo", HOSTS.main, {
      method: "POST",
      headers: { authorization: `Bearer ${managerToken}`, "content-type": type },
      body,
    });
    expect(up.status).toBe(200);
    await context.close();
    try {
      for (const [host, selector, branch] of [
        [HOSTS.main, "[data-testid=masthead-logo]", "default"],
        [altHeaderHost(), "[data-testid=banner-logo]", "alt"],
      ] as const) {
        for (const viewport of [DESKTOP, MOBILE]) {
          const ctx = await browser.newContext({ viewport, deviceScaleFactor: 2 });
          const p = await ctx.newPage();
          await p.goto(urlFor("/", host));
          const img = p.locator(selector);
          await img.waitFor();
          await img.evaluate((el) => (el as HTMLImageElement).decode());
          const box = (await img.boundingBox())!;
          const ratio = box.width / box.height;
          // 480 × 120 drawn: shown at its own 4:1 shape (within the padding of the banner's white ground), never squeezed.
          expect(ratio, `${branch} at ${viewport.width}`).toBeGreaterThan(branch === "alt" ? 3 : 3.8);
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
          await screenshot(p, `site-logo-${branch}-${viewport.width}`);
          await ctx.close();
        }
      }
    } finally {
      // Back to the drawn logo, so the other files' checks of the header see the demo as seeded.
      await fetchAs("/api/settings/images/logo", HOSTS.main, { method: "DELETE", headers: { authorization: `Bearer ${managerToken}` } });
    }
  });
});
