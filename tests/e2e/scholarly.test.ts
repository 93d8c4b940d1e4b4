// What indexers and reference managers get from the running demo site (issue 10), as a new user would try it:
// robots.txt, sitemaps, OAI-PMH, the feed, citation downloads, real 404s, and the demo PDFs' metadata (pdfinfo).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { ArchiveYear, Article, IssueArticles } from "#contract/api";
import { fetchAs, HOSTS, launchBrowser, openPage, urlFor } from "./support/browser";
import { apiJson, latestIssue } from "./support/demo-data";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (n) => ["sitemap", "url", "header"].includes(n),
});
let browser: Browser;
let article: Article;

beforeAll(async () => {
  browser = await launchBrowser();
  const first = (await latestIssue()).articles[0];
  article = await apiJson<Article>(`/api/archives/${first.id}`);
});
afterAll(async () => {
  await browser?.close();
});

describe("indexer endpoints on the demo", () => {
  it("robots.txt, the sitemap index and its children, the feed and OAI-PMH Identify answer for both journals", async () => {
    for (const host of [HOSTS.main, HOSTS.second]) {
      const robots = await (await fetchAs("/robots.txt", host)).text();
      expect(robots).toContain(`Sitemap: ${urlFor("/sitemap.xml", host)}`);
      const index = await (await fetchAs("/sitemap.xml", host)).text();
      expect(XMLValidator.validate(index)).toBe(true);
      const children = parser.parse(index).sitemapindex.sitemap as { loc: string }[];
      expect(children.length).toBeGreaterThanOrEqual(2);
      const child = await fetchAs(new URL(children[1].loc).pathname, host);
      expect(child.status).toBe(200);
      const feed = await fetchAs("/feed.xml", host);
      expect(feed.headers.get("content-type")).toContain("application/atom+xml");
      const identify = await (await fetchAs("/oai?verb=Identify", host)).text();
      expect(identify).toContain("<protocolVersion>2.0</protocolVersion>");
    }
    // A full OAI harvest of the second journal lists exactly its public articles, named after the journal's primary
    // host (its Domain setting), whichever of its hosts answers (issue 40 item 2).
    const { domain } = (await (await fetchAs("/api/settings/", HOSTS.second)).json()) as { domain: string };
    expect(domain).not.toBe("");
    const oai = parser.parse(await (await fetchAs("/oai?verb=ListIdentifiers&metadataPrefix=oai_dc", HOSTS.second)).text())["OAI-PMH"];
    expect(oai.ListIdentifiers.header.length).toBeGreaterThanOrEqual(8);
    for (const h of oai.ListIdentifiers.header) expect(h.identifier.startsWith(`oai:${domain}:JEMS-`), h.identifier).toBe(true);
  });

  it("serves RIS and BibTeX next to the article and links them from the article page with the four citation styles", async () => {
    const base = `/archives/${article.year}/vol${article.volume}/issue${article.issue}/${article.refnumber}`;
    const ris = await fetchAs(`${base}.ris`);
    expect(ris.headers.get("content-type")).toContain("application/x-research-info-systems");
    expect(await ris.text()).toContain(`DO  - ${article.doi}`);
    const opened = await openPage(browser, base);
    const page = opened.page;
    await page.screenshot({ path: "/tmp/shots/scholarly-cite-box.png", fullPage: true }).catch(() => undefined);
    await page.getByRole("heading", { name: "How to cite this article" }).waitFor();
    for (const style of ["APA", "Vancouver", "Harvard", "IEEE"]) await page.getByRole("radio", { name: style }).click();
    await page
      .locator(".cite-box")
      .screenshot({ path: "/tmp/shots/scholarly-cite-ieee.png" })
      .catch(() => undefined);
    // The demo's DOIs are not registered with Crossref yet: no style prints them (issue 40 item 5).
    const ieee = await page.locator(".cite-box__text").textContent();
    expect(ieee).toMatch(/^.+, “.+,” .+ vol\. \d+, no\. \d+, pp\. \d+–\d+, .+\d{4}\.$/);
    expect(ieee).not.toContain("doi");
    expect(await page.getByRole("link", { name: "RIS" }).getAttribute("href")).toBe(`${base}.ris`);
    expect(await page.getByRole("link", { name: "BibTeX" }).getAttribute("href")).toBe(`${base}.bib`);
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it("answers real 404s for missing static files and .html paths (the asset layer too)", async () => {
    for (const p of ["/static/nope", "/static/nope.js", "/nope.html", "/archives/index.html"]) {
      expect([p, (await fetchAs(p)).status]).toEqual([p, 404]);
    }
  });

  it("demo article PDFs carry their publication date as CreationDate", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "pdfinfo-"));
    // Seeded articles only: other e2e files upload their own PDFs (another producer) over some of them.
    let checked = 0;
    // Every issue (the admin e2e flow may create a newer issue holding only its own upload), until a few checked.
    const items = [];
    for (const y of await apiJson<ArchiveYear[]>("/api/archives/")) {
      for (let n = 1; n <= y.total_issues; n++) {
        const issue = await apiJson<IssueArticles>(`/api/archives/${y.year}/${y.volume}/${n}`).catch(() => null);
        items.push(...(issue?.articles ?? []).filter((x) => x.file_url));
      }
    }
    for (const item of items) {
      if (checked >= 5) break;
      const a = await apiJson<Article>(`/api/archives/${item.id}`);
      const file = path.join(dir, `${a.refnumber}.pdf`);
      writeFileSync(file, new Uint8Array(await (await fetchAs(a.file_url!)).arrayBuffer()));
      const info = execFileSync("pdfinfo", ["-isodates", file], { encoding: "utf8" });
      if (!/^Producer:\s+journal-edge demo data$/m.test(info)) continue;
      expect(/^CreationDate:\s+(\S+)/m.exec(info)?.[1], a.refnumber).toMatch(new RegExp(`^${a.publishdate}T09:00:00`));
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(1);
  });
});
