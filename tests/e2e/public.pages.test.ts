// Every public route of SPEC §2 on the demo data, as a reader sees it (Chromium at 1280 px), with an axe-core
// check and screenshots at 1280 and 375 px (SHOTS_DIR, default /tmp/shots).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { ArchiveYear, PublicEditor as Editor, IndexingEntry, SearchResults, Settings } from "#contract/api";
import { richTextToPlain } from "#contract/rich-text";
import { SUBMIT_COUNTRIES } from "#contract/constants";
import {
  articleAuthorNames,
  describeViolations,
  DESKTOP,
  fetchAs,
  launchBrowser,
  MOBILE,
  openPage,
  runAxe,
  screenshot,
  settle,
  type OpenedPage,
} from "./support/browser";
import { apiJson, articleWithFile, latestIssue, settingsOf } from "./support/demo-data";

let browser: Browser;
let settings: Settings;

beforeAll(async () => {
  browser = await launchBrowser();
  settings = await settingsOf();
});
afterAll(async () => {
  await browser?.close();
});

const text = (page: Page, selector: string) => page.locator(selector).innerText();
const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();

/** Opens a page, lets its data load, checks axe and console errors, saves both widths' screenshots. */
async function visit(path: string, name: string, opts: { allowErrors?: RegExp; waitFor?: string } = {}): Promise<OpenedPage> {
  const mobile = await openPage(browser, path, { viewport: MOBILE, waitFor: opts.waitFor });
  await settle(mobile.page);
  await screenshot(mobile.page, `${name}-375`);
  await mobile.close();

  const opened = await openPage(browser, path, { viewport: DESKTOP, waitFor: opts.waitFor });
  await settle(opened.page);
  await screenshot(opened.page, `${name}-1280`);
  const violations = await runAxe(opened.page);
  expect(describeViolations(violations), `axe on ${path}`).toBe("");
  const errors = opened.errors.filter((e) => !opts.allowErrors?.test(e));
  expect(errors, `console errors on ${path}`).toEqual([]);
  return opened;
}

describe("public pages on the demo data", () => {
  it("/ shows the journal, its ISSN on two lines, the fixed claims, the home content and the indexing grid", async () => {
    const { page, close } = await visit("/", "home", { waitFor: ".hero__title" });
    expect(await text(page, "h1")).toBe(settings.websitename);
    const issnLines = await texts(page, "[data-testid=home-issn] p");
    const [first, second] = settings.issn.split(",").map((s) => s.trim());
    expect(issnLines).toHaveLength(2);
    expect(issnLines[0]).toContain(first);
    expect(issnLines[1]).toContain(second);
    expect(await texts(page, ".claims li")).toEqual(["Indexed", "Refereed", "Peer Reviewed"]);
    const firstSentence = richTextToPlain(settings.home_content).split(". ")[0];
    expect(await text(page, "main")).toContain(firstSentence);
    const indexing = await apiJson<IndexingEntry[]>("/api/indexing/");
    await page.waitForSelector(".indexing-grid li");
    expect(await page.locator(".indexing-grid li").count()).toBe(indexing.length);
    await close();
  });

  it("/board groups enabled editors under the three headings, with pictures (default avatar when none)", async () => {
    const { page, close } = await visit("/board", "board", { waitFor: ".editor-card" });
    const editors = await apiJson<Editor[]>("/api/editors/");
    expect(await texts(page, ".board-group__title")).toEqual(["Editor-in-Chief", "Associate Editors", "Assistant Editors"]);
    expect(await page.locator(".editor-card").count()).toBe(editors.length);
    const chief = editors.find((e) => e.category === "chief editor")!;
    const chiefCard = page.locator(".editor-list--chief .editor-card").first();
    expect(await chiefCard.locator(".editor-card__name").innerText()).toBe(`${chief.name}${chief.degree ? ` (${chief.degree})` : ""}`);
    const withoutPicture = editors.filter((e) => !e.picture);
    expect(await page.locator('img.editor-card__photo[src="/img/avatar.png"]').count()).toBe(withoutPicture.length);
    // Every picture actually loads.
    const broken = await page.$$eval("img.editor-card__photo", (imgs) =>
      (imgs as HTMLImageElement[]).filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src),
    );
    expect(broken).toEqual([]);
    await close();
  });

  it("/archives has one frame per year titled '{year} ISSUES' with a link per issue 'VOL. {volume} : ISSUE {n}'", async () => {
    const { page, close } = await visit("/archives", "archives", { waitFor: ".year-frame" });
    const years = await apiJson<ArchiveYear[]>("/api/archives/");
    const distinct = [...new Set(years.map((y) => y.year))];
    expect(await texts(page, ".year-frame__title")).toEqual(distinct.map((y) => `${y} ISSUES`));
    const links = await page.locator(".year-frame__issues a").evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    const expected = years.flatMap((y) =>
      Array.from({ length: y.total_issues }, (_, i) => [
        `VOL. ${y.volume} : ISSUE ${i + 1}`,
        `/archives/${y.year}/vol${y.volume}/issue${i + 1}`,
      ]),
    );
    expect(links).toEqual(expected);
    await close();
  });

  it("an issue page has its title, the four columns, and per article: Abstract, Download, Pages, citation", async () => {
    const issue = await latestIssue();
    const path = `/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}`;
    const { page, close } = await visit(path, "issue", { waitFor: ".article-table" });
    expect(await text(page, "h1")).toBe(`VOL. ${issue.volume}, ISSUE ${issue.issue} (${issue.year})`);
    // One table, or one per section (issue 37 item 5: the demo's newest issue has sections): each with SPEC's columns.
    const tables = await page.locator(".article-table").count();
    expect(await texts(page, ".article-table thead th")).toEqual(
      Array.from({ length: tables }, () => ["S.No.", "Title", "Authors Name", "Country"]).flat(),
    );
    const rows = page.locator(".article-table tbody tr");
    expect(await rows.count()).toBe(issue.articles.length);
    // S.No. runs on across the tables.
    for (let i = 0; i < issue.articles.length; i++) expect(await rows.nth(i).locator("td").first().innerText()).toBe(String(i + 1));
    for (const a of issue.articles) {
      const href = `${path}/${encodeURIComponent(a.refnumber)}`;
      const row = page.locator(".article-table tbody tr", { has: page.locator(`a[href="${href}"]`) });
      expect(await row.locator(".article-table__title").innerText()).toBe(richTextToPlain(a.title));
      expect(await row.locator(".article-table__authors").innerText()).toBe(
        a.authorname
          .split(",")
          .map((s) => s.trim())
          .join(", "),
      );
      expect(await row.locator(".article-table__country").innerText()).toBe(a.country);
      expect(await row.getByRole("link", { name: "Abstract" }).getAttribute("href")).toBe(href);
      expect(await row.getByRole("link", { name: "Download" }).count()).toBe(a.file_url ? 1 : 0);
      expect(await row.locator(".article-table__pages").innerText()).toBe(`Pages: ${a.pagenumber}`);
      const cite = await row.locator(".article-table__cite").innerText();
      expect(cite).toContain("How to cite this article:");
      expect(cite).toContain(`${settings.websitename}. ${a.year};${a.volume}(${a.issue}):${a.pagenumber}.`);
    }
    // Articles are in page-number order (inside each section's table).
    for (let t = 0; t < tables; t++) {
      const pages = await page.locator(".article-table").nth(t).locator(".article-table__pages").allInnerTexts();
      const firstPages = pages.map((p) => parseInt(p.replace("Pages: ", ""), 10));
      expect([...firstPages].sort((x, y) => x - y)).toEqual(firstPages);
    }
    await close();
  });

  it("an article page shows title, authors, abstract, Download, pages and the citation", async () => {
    const a = await articleWithFile();
    const path = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(a.refnumber)}`;
    const { page, close } = await visit(path, "article", { waitFor: ".article-view__authors" });
    expect(await text(page, "h1")).toBe(richTextToPlain(a.title));
    // The names, without the affiliations' numbers after them (decision 0387).
    expect(await articleAuthorNames(page)).toBe(
      a.authorname
        .split(",")
        .map((s) => s.trim())
        .join(", "),
    );
    // Paragraphs and line breaks render as new lines; the words must all be there.
    expect((await text(page, ".article-view__abstract")).replace(/\s+/g, " ")).toContain(richTextToPlain(a.abstract).slice(0, 80));
    const download = page.getByRole("link", { name: "Download", exact: true });
    expect(await download.getAttribute("href")).toBe(`${path}.pdf`);
    expect(await text(page, ".article-view__facts")).toContain(a.pagenumber);
    // The cite box opens on APA (CSL, rendered on the server): "Journal, volume(issue), first–last."
    expect(await text(page, ".cite-box")).toContain(`${a.volume}(${a.issue}), ${a.pagenumber.replace("-", "\u2013")}.`);
    expect(await page.title()).toBe(`${richTextToPlain(a.title)} | ${settings.websitename}`);
    // The PDF behind the Download link is served.
    const pdf = await fetchAs(`${path}.pdf`);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    await close();
  });

  it("a missing article answers 404 and shows 'Article not found!'", async () => {
    const issue = await latestIssue();
    const path = `/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}/NO-SUCH-REF`;
    const { page, status, close } = await visit(path, "article-not-found", { allowErrors: /404/, waitFor: "h1" });
    expect(status).toBe(404);
    await page.getByText("Article not found!").waitFor();
    expect(await text(page, "h1")).toBe("Article not found!");
    await close();
  });

  it("/pdf asks for a reference number, then lists the article, a certificate per author, the cover page and the board", async () => {
    const a = await articleWithFile();
    const { page, close } = await visit("/pdf", "pdf-form", { waitFor: "#refno" });
    expect(await text(page, "h1")).toBe("DOWNLOAD PUBLICATION CERTIFICATE");
    await page.fill("#refno", a.refnumber);
    await page.keyboard.press("Enter");
    await page.waitForSelector(".doc-table tbody tr");
    expect(new URL(page.url()).search).toBe(`?refno=${encodeURIComponent(a.refnumber)}`);
    const rows = await page.locator(".doc-table tbody tr").evaluateAll((trs) =>
      trs.map((tr) => {
        const link = tr.querySelector("a")!;
        return { doc: tr.children[1].textContent, href: link.getAttribute("href"), download: link.getAttribute("download") };
      }),
    );
    const ref = a.refnumber;
    const authors = a.authorname
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    expect(rows).toEqual([
      {
        doc: "Article — Full text (PDF)",
        href: `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(ref)}.pdf`,
        download: `${ref}.pdf`,
      },
      ...authors.map((author) => ({
        doc: `Certificate — ${author}`,
        href: `/api/pdf/certificate/${encodeURIComponent(ref)}/${encodeURIComponent(author)}`,
        download: `certificate-${ref}.pdf`,
      })),
      { doc: "Cover Page", href: `/api/pdf/coverpage/${encodeURIComponent(ref)}`, download: `coverpage-${ref}.pdf` },
      { doc: "Editorial Board", href: "/api/pdf/editorialboard", download: "Editorial-Board.pdf" },
    ]);
    await close();
    const listed = await visit(`/pdf?refno=${encodeURIComponent(ref)}`, "pdf-article", { waitFor: ".doc-table" });
    await listed.close();
  });

  it("/search shows the count, the query and the issue-style table; nothing found gives the SPEC sentence", async () => {
    const a = await articleWithFile();
    const word = richTextToPlain(a.title)
      .split(/\s+/)
      .find((w) => /^[A-Za-z]{6,}$/.test(w))!;
    const results = await apiJson<SearchResults>(`/api/search?q=${encodeURIComponent(word)}`);
    const { page, close } = await visit(`/search?q=${encodeURIComponent(word)}`, "search", { waitFor: "[data-testid=search-summary]" });
    const summary = await text(page, "[data-testid=search-summary]");
    expect(summary).toContain(String(results.count));
    expect(summary).toContain(word);
    expect(await texts(page, ".article-table thead th")).toEqual(["S.No.", "Title", "Authors Name", "Country"]);
    expect(await page.locator(".article-table tbody tr").count()).toBe(results.results.length);
    await close();

    const empty = await visit("/search?q=qqqzzzxxy", "search-empty", { waitFor: "[data-testid=search-summary]" });
    await empty.page.getByText("Sorry, nothing matched your search terms. Please try again with different keywords.").waitFor();
    expect(await text(empty.page, "[data-testid=search-summary]")).toContain("0 results");
    await empty.close();
  });

  it("/instructions has the fee table (India in rupees, others in dollars), the limits, MS Word and the copyright form", async () => {
    const { page, close } = await visit("/instructions", "instructions", { waitFor: "[data-testid=fee-india]" });
    const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 }).format(
      Number(settings.fee_rupee),
    );
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(
      Number(settings.fee_dollar),
    );
    expect(await text(page, "[data-testid=fee-india]")).toBe(inr);
    expect(await text(page, "[data-testid=fee-other]")).toBe(usd);
    const body = await text(page, "main");
    expect(body).toContain("at most 5 authors");
    expect(body).toContain("at most 50 references");
    expect(body).toContain("MS Word");
    const href = await page.getByRole("link", { name: /copyright form/i }).getAttribute("href");
    const form = await fetchAs(href!);
    expect(form.status).toBe(200);
    expect(form.headers.get("content-type")).toContain("application/pdf");
    await close();
  });

  it("/indexing shows 'INDEXING AND ABSTRACTING' and every enabled partner", async () => {
    const { page, close } = await visit("/indexing", "indexing", { waitFor: ".indexing-grid" });
    expect(await text(page, "h1")).toBe("INDEXING AND ABSTRACTING");
    const indexing = await apiJson<IndexingEntry[]>("/api/indexing/");
    expect(await texts(page, ".indexing-grid__title")).toEqual(indexing.map((e) => e.title));
    await close();
  });

  it("/contact shows the address and the chat phone", async () => {
    const { page, close } = await visit("/contact", "contact", { waitFor: ".contact-card" });
    const address = await text(page, ".contact-card__address");
    for (const line of richTextToPlain(settings.address.replace(/<br\s*\/?>/g, "\n")).split(/\s{2,}|\n/))
      expect(address.replace(/\s+/g, " ")).toContain(line.trim().slice(0, 20));
    expect(await text(page, "[data-testid=contact-page-phone]")).toBe(settings.whatsup_number);
    await close();
  });

  it("/article is the Submit Online form with every SPEC field and the nine countries", async () => {
    const { page, close } = await visit("/article", "submit-online", { waitFor: "form" });
    for (const label of ["Name", "Email", "Country", "Phone", "Institute Address", "Title of the Submission", "Article File"]) {
      expect(await page.getByLabel(label, { exact: false }).count(), label).toBeGreaterThan(0);
    }
    expect(await page.locator("#sub-country option").allInnerTexts()).toEqual(["Select Country", ...SUBMIT_COUNTRIES]);
    expect(await page.locator("#sub-address").evaluate((el) => el.tagName)).toBe("TEXTAREA");
    expect(await page.locator("#sub-file").getAttribute("accept")).toContain("application/pdf");
    expect(await page.getByRole("button", { name: "Submit", exact: true }).count()).toBe(1);
    await close();
  });

  it("the second demo journal shows its own name and ISSN", async () => {
    const j2 = await settingsOf("journal2.localhost");
    const opened = await openPage(browser, "/", { host: "journal2.localhost", waitFor: ".hero__title" });
    await settle(opened.page);
    expect(await text(opened.page, "h1")).toBe(j2.websitename);
    expect(await text(opened.page, ".masthead__name")).toBe(j2.websitename);
    await screenshot(opened.page, "journal2-home-1280");
    expect(opened.errors).toEqual([]);
    await opened.close();
  });
});
