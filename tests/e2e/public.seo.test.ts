// What a crawler gets from the running site with no JavaScript at all: the first HTML of article and issue
// pages (meta tags, JSON-LD, visible content), the PDF next to the abstract page, 404s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Article, Settings } from "#contract/api";
import { richTextToPlain } from "#contract/rich-text";
import { articleAuthorNames, fetchAs, launchBrowser, openPage, urlFor } from "./support/browser";
import { articleWithFile, latestIssue, settingsOf } from "./support/demo-data";

let browser: Browser;
let settings: Settings;
let article: Article;
let path: string;

beforeAll(async () => {
  browser = await launchBrowser();
  settings = await settingsOf();
  article = await articleWithFile();
  path = `/archives/${article.year}/vol${article.volume}/issue${article.issue}/${encodeURIComponent(article.refnumber)}`;
});
afterAll(async () => {
  await browser?.close();
});

describe("first HTML for crawlers", () => {
  it("an article page carries the scholarly meta tags and its content without JavaScript", async () => {
    const res = await fetchAs(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    const meta = (name: string) =>
      [...html.matchAll(new RegExp(`<meta name="${name.replace(".", "\\.")}" content="([^"]*)">`, "g"))].map((m) => m[1]);
    expect(meta("citation_title")).toHaveLength(1);
    expect(meta("citation_author")).toHaveLength(article.authorname.split(",").filter((s) => s.trim()).length);
    expect(meta("citation_journal_title")).toEqual([settings.websitename.replace(/&/g, "&amp;")]);
    expect(meta("citation_volume")).toEqual([String(article.volume)]);
    expect(meta("citation_issue")).toEqual([String(article.issue)]);
    expect(meta("citation_firstpage")).toEqual([article.pagenumber.split("-")[0]]);
    expect(meta("citation_publication_date")[0]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    // Local development: absolute URLs use the request's own origin.
    expect(meta("citation_pdf_url")).toEqual([urlFor(`${path}.pdf`)]);
    expect(html).toContain(`<link rel="canonical" href="${urlFor(path)}">`);
    expect(meta("DC.title")).toHaveLength(1);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(ld["@type"]).toBe("ScholarlyArticle");
    expect(ld.name).toBe(richTextToPlain(article.title));
  });

  it("a browser with JavaScript disabled shows the title, authors and abstract", async () => {
    const { page, close } = await openPage(browser, path, { javaScript: false });
    expect(await page.title()).toBe(`${richTextToPlain(article.title)} | ${settings.websitename}`);
    expect(await page.locator("h1").innerText()).toBe(richTextToPlain(article.title));
    // The names, without the affiliations' numbers after them (decision 0387).
    expect(await articleAuthorNames(page)).toBe(
      article.authorname
        .split(",")
        .map((s) => s.trim())
        .join(", "),
    );
    // Paragraphs and line breaks render as new lines; the words must all be there.
    const abstractText = (await page.locator(".article-view__abstract").innerText()).replace(/\s+/g, " ");
    expect(abstractText).toContain(richTextToPlain(article.abstract).slice(0, 60));
    expect(await page.getByRole("link", { name: "Download", exact: true }).getAttribute("href")).toBe(`${path}.pdf`);
    await close();
  });

  it("serves the article's PDF next to its abstract page", async () => {
    const res = await fetchAs(`${path}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("an issue page lists its articles as links in the first HTML", async () => {
    const issue = await latestIssue();
    const issuePath = `/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}`;
    const html = await (await fetchAs(issuePath)).text();
    expect(html).toContain(`<title>VOL. ${issue.volume}, ISSUE ${issue.issue} (${issue.year}) | `);
    for (const a of issue.articles) expect(html).toContain(`href="${issuePath}/${encodeURIComponent(a.refnumber)}"`);
  });

  it("missing articles and unknown pages answer 404", async () => {
    expect((await fetchAs(`/archives/${article.year}/vol${article.volume}/issue${article.issue}/NOPE-404`)).status).toBe(404);
    expect((await fetchAs("/definitely-not-a-page")).status).toBe(404);
    expect((await fetchAs(`/archives/${article.year}/vol${article.volume}/issue${article.issue}/NOPE-404.pdf`)).status).toBe(404);
  });

  it("every public route has its own title and a canonical link", async () => {
    for (const [p, title] of [
      ["/", settings.websitename],
      ["/board", `Editorial Board | ${settings.websitename}`],
      ["/archives", `Archives | ${settings.websitename}`],
      ["/instructions", `Instructions to Authors | ${settings.websitename}`],
      ["/indexing", `Indexing and Abstracting | ${settings.websitename}`],
      ["/contact", `Contact Us | ${settings.websitename}`],
      ["/article", `Submit Online | ${settings.websitename}`],
      ["/pdf", `Download Publication Certificate | ${settings.websitename}`],
      ["/search", `Search | ${settings.websitename}`],
    ]) {
      const html = await (await fetchAs(p)).text();
      expect(html, p).toContain(`<title>${title.replace(/&/g, "&amp;")}</title>`);
      expect(html, p).toContain(`<link rel="canonical" href="${urlFor(p)}">`);
      expect(html, p).toMatch(/<meta name="description" content="[^"]+">/);
    }
  });
});
