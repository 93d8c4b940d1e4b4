// Issues as journals publish them, and the staff's smaller leftovers (issue 37 items 2 and 5, issue 38 item 7), in a
// browser: an issue's details and cover edited after it was made and shown on the public issue page and the archive
// list; a section in use deleted after moving its articles; an indexing partner deleted after a confirmation; the
// selection note for a disabled article; Add Article's affiliation and ORCID fields; the floating chat button clear of
// the citation text at 375 px. Screenshots at 375 and 1280 px (SHOTS_DIR / SHOTS_ADMIN).
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
import { DEMO_ADMIN, RUN, SHOTS_ADMIN, drawnPng, expectNoUnexpectedErrors, login, makePdf, multipart } from "./admin.fixtures";

let browser: Browser;
let token = "";
// An issue of this run only: year 2018, a volume no other file uses.
const YEAR = 2018;
const VOLUME = 500 + (Number.parseInt(RUN.slice(-4), 36) % 400);
const ISSUE_PATH = `/archives/${YEAR}/vol${VOLUME}/issue1`;
const ADMIN_ISSUE = `/admin/archives/${YEAR}/${VOLUME}/1`;
const refs = [`CV${RUN}A`, `CV${RUN}B`];
const articleIds: number[] = [];

const api = (path: string, method: string, body?: unknown) =>
  fetchAs(path, HOSTS.main, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetchAs("/auth/login/", HOSTS.main, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_ADMIN),
  });
  token = ((await res.json()) as { token: string }).token;
  const made = await api("/api/admin/create-issue", "POST", { year: YEAR, volume: VOLUME, issue: 1 });
  expect(made.status).toBe(201);
  // Published, so the public pages below show it (a new issue is the staff's until then: issue 48 item 8).
  const { id } = ((await made.json()) as { issue: { id: number } }).issue;
  expect((await api(`/api/admin/issues/${id}/publication`, "POST", { status: "published" })).status).toBe(200);
  for (const [i, ref] of refs.entries()) {
    const form = new FormData();
    const fields: Record<string, string> = {
      title: `Tidal marsh sediments ${i + 1} ${RUN}`,
      abstract: "An abstract.",
      authorname: "A. Author",
      refnumber: ref,
      pagenumber: `${i * 10 + 1}-${i * 10 + 9}`,
      publishdate: `${YEAR}-05-01`,
      year: String(YEAR),
      volume: String(VOLUME),
      issue: "1",
      ptype: "free",
      txnid: `TXCV${RUN}${i}`,
      email: "author@example.org",
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("pdfFile", new File([new Uint8Array(await makePdf(ref))], `${ref}.pdf`, { type: "application/pdf" }));
    const { body, type } = await multipart(form);
    const created = await fetchAs("/api/admin/archives", HOSTS.main, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": type },
      body,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    articleIds.push(((await created.json()) as { article?: { id: number }; id?: number }).article?.id ?? 0);
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe("an issue after it was made", () => {
  test("staff edit its title and date and upload a cover with its text; the public issue page and the archive list show it", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await login(page);
    await page.goto(urlFor(ADMIN_ISSUE));
    await page.getByRole("heading", { name: "Issue details" }).waitFor();
    await page.getByRole("button", { name: "Edit details and cover" }).click();
    const title = `Special Issue on Tidal Marshes ${RUN}`;
    const alt = `A blue sky over a yellow marsh, titled Tidal Marshes ${RUN}`;
    await page.getByLabel("Title (special issue)").fill(title);
    await page.getByLabel("Publication date").fill(`${YEAR}-05-31`);
    await page.getByLabel("Text for people who cannot see the cover").fill(alt);
    await page
      .getByLabel("Upload a cover")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await drawnPng(page, 300, 400, "MARSH") });
    await page.getByText("Cover uploaded").waitFor();
    await page.getByRole("button", { name: "Save details" }).click();
    await page.getByText("Issue updated successfully").waitFor();
    await page.getByRole("img", { name: alt }).first().waitFor();
    await screenshot(page, "issue-details-admin-1280", SHOTS_ADMIN);
    await page.setViewportSize(MOBILE);
    await screenshot(page, "issue-details-admin-375", SHOTS_ADMIN);
    expectNoUnexpectedErrors(errors);
    await context.close();

    // Without JavaScript (crawlers): the cover and its text are in the first HTML.
    const html = (await (await fetchAs(ISSUE_PATH, HOSTS.main)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(title);
    expect(html).toContain(`alt="${alt}"`);
    const archives = (await (await fetchAs("/archives", HOSTS.main)).text()).replace(/<!-- -->/g, "");
    expect(archives).toContain(`alt="${alt}"`);

    for (const viewport of [DESKTOP, MOBILE]) {
      const ctx = await browser.newContext({ viewport });
      const p = await ctx.newPage();
      await p.goto(urlFor(ISSUE_PATH));
      const cover = p.getByRole("img", { name: alt });
      await cover.waitFor();
      await cover.evaluate((el) => (el as HTMLImageElement).decode());
      expect(await cover.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(300);
      const box = (await cover.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(viewport === MOBILE ? 90 : 140);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(p, `issue-cover-${viewport.width}`);
      if (viewport === DESKTOP) expect(describeViolations(await runAxe(p))).toBe("");
      await p.goto(urlFor("/archives"));
      const thumb = p.getByRole("img", { name: alt });
      await thumb.scrollIntoViewIfNeeded();
      await thumb.evaluate((el) => (el as HTMLImageElement).decode());
      // The issue's link keeps SPEC's name; the cover stands beside it.
      await p.getByRole("link", { name: `VOL. ${VOLUME} : ISSUE 1`, exact: true }).waitFor();
      await screenshot(p, `archives-cover-${viewport.width}`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await ctx.close();
    }
  });

  test("a disabled article's box cannot be ticked, and the page says why (the Index Page and Certificates take enabled ones only)", async () => {
    expect((await api(`/api/admin/articles/${articleIds[1]}/status`, "POST", { status: "disabled" })).status).toBe(200);
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await login(page);
    await page.goto(urlFor(ADMIN_ISSUE));
    const box = page.getByLabel(`Select article ${refs[1]}`);
    await box.waitFor();
    expect(await box.isDisabled()).toBe(true);
    // Its checkbox is described by the note, so a screen reader says why too.
    const note = page.locator(`#${await box.getAttribute("aria-describedby")}`);
    expect(await note.textContent()).toContain(
      "Disabled articles cannot be ticked: the Index Page and Certificates include published (enabled) articles only.",
    );
    expect(await note.isVisible()).toBe(true);
    await page.getByLabel(`Select article ${refs[0]}`).check();
    await page.getByRole("button", { name: "Index Page" }).waitFor();
    await screenshot(page, "issue-selection-note-375", SHOTS_ADMIN);
    await context.close();
  });

  test("Add Article asks each author's affiliation and ORCID iD, like the edit form", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await login(page);
      await page.goto(urlFor(`/admin/archives/add/${YEAR}/${VOLUME}/1`));
      await page.getByLabel("Author name", { exact: true }).fill("Ana Lima, Bo Chen");
      await page.getByLabel("Affiliation of Ana Lima").fill("University of Porto");
      await page.getByLabel("ORCID iD of Bo Chen").fill("0000-0002-1825-0097");
      await screenshot(page, `add-article-authors-${viewport.width}`, SHOTS_ADMIN);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  });
});

describe("deleting, asked first", () => {
  test("a section in use: the admin says how many articles are in it and moves them before deleting it", async () => {
    const made: { id: number; title: string }[] = [];
    for (const t of [`Letters ${RUN}`, `Notes ${RUN}`]) {
      const r = await api("/api/admin/sections", "POST", { title: t });
      made.push(((await r.json()) as { section: { id: number; title: string } }).section);
    }
    expect((await api(`/api/admin/articles/${articleIds[0]}/section`, "POST", { sectionId: made[0].id })).status).toBe(200);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    page.on("dialog", (d) => void d.accept());
    await login(page);
    await page.goto(urlFor("/admin/archives"));
    await page.getByRole("button", { name: `Delete ${made[0].title}` }).click();
    await page.getByText(`1 article is in ${made[0].title}`).waitFor();
    await page.getByLabel(`Move the articles of ${made[0].title} to`).selectOption({ label: `To ${made[1].title}` });
    await screenshot(page, "section-delete-move-1280", SHOTS_ADMIN);
    await page.getByRole("button", { name: "Move and delete" }).click();
    await page.getByText(`${made[0].title} deleted (1 article moved)`).waitFor();
    expect(await page.getByRole("button", { name: `Delete ${made[0].title}` }).count()).toBe(0);
    const table = (await (await api(`/api/admin/archives/${YEAR}/${VOLUME}/1`, "GET")).json()) as {
      articles: { section_id: number | null }[];
    };
    expect(table.articles.map((a) => a.section_id)).toContain(made[1].id);
    // The other (now in use too): moved to no section, then gone.
    await page.getByRole("button", { name: `Delete ${made[1].title}` }).click();
    await page.getByLabel(`Move the articles of ${made[1].title} to`).selectOption({ label: "To no section" });
    await page.setViewportSize(MOBILE);
    await screenshot(page, "section-delete-move-375", SHOTS_ADMIN);
    await page.getByRole("button", { name: "Move and delete" }).click();
    await page.getByText(`${made[1].title} deleted (1 article moved)`).waitFor();
    expectNoUnexpectedErrors(errors, [409]);
    await context.close();
  });

  test("an indexing partner: asked first, then gone from the admin list and the public grid", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const title = `Marsh Index ${RUN}`;
    await page.goto(urlFor("/"));
    const form = new FormData();
    form.set("title", title);
    form.set("link", "https://marsh-index.example.org/");
    form.set("sortnumber", "999");
    form.set("imgFile", new File([new Uint8Array(await drawnPng(page, 480, 120, "MARSH"))], "logo.png", { type: "image/png" }));
    const { body, type } = await multipart(form);
    const made = await fetchAs("/api/indexing", HOSTS.main, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": type },
      body,
    });
    expect(made.status).toBe(201);
    const image = ((await made.json()) as { entry: { image_url: string } }).entry.image_url;
    let asked = "";
    page.on("dialog", (d) => {
      asked = d.message();
      void d.accept();
    });
    await login(page);
    await page.goto(urlFor("/admin/indexing"));
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByText(`${title} deleted`).waitFor();
    expect(asked).toContain(`Delete the indexing partner “${title}”?`);
    await page.getByRole("button", { name: `Delete ${title}` }).waitFor({ state: "detached" });
    await screenshot(page, "indexing-deleted-1280", SHOTS_ADMIN);
    await page.setViewportSize(MOBILE);
    await page
      .getByRole("button", { name: /^Delete / })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, "indexing-deleted-375", SHOTS_ADMIN);
    expect((await (await fetchAs("/indexing", HOSTS.main)).text()).includes(title)).toBe(false);
    expect((await fetchAs(image, HOSTS.main)).status).toBe(404);
    expectNoUnexpectedErrors(errors);
    await context.close();
  });
});

describe("the floating chat button at 375 px", () => {
  test("never covers the citation text: every line of it ends left of the button", async () => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await page.goto(urlFor(`${ISSUE_PATH}/${refs[0]}`));
    const text = page.locator(".cite-box__text");
    await text.scrollIntoViewIfNeeded();
    const fab = page.getByTestId("chat-fab");
    await fab.waitFor();
    // Scroll so the citation sits at the button's height, as a reader copying it would.
    const fabBox = (await fab.boundingBox())!;
    await page.evaluate((y) => {
      const el = document.querySelector(".cite-box__text")!;
      window.scrollBy(0, el.getBoundingClientRect().top - y);
    }, fabBox.y);
    const right = await text.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return Math.max(...Array.from(range.getClientRects(), (r) => r.right));
    });
    const after = (await fab.boundingBox())!;
    expect(right).toBeLessThanOrEqual(after.x);
    await screenshot(page, "article-citation-chat-375");
    await context.close();
  });
});
