// robots.txt, the sitemaps and the Atom feed, read with independent parsers (fast-xml-parser, rss-parser).
import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import Parser from "rss-parser";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["sitemap", "url", "entry", "author", "link"].includes(name),
});

async function xmlOf(host: string, path: string) {
  const res = await request(host, path);
  const text = await res.text();
  expect(XMLValidator.validate(text), `${path} well-formed`).toBe(true);
  return { res, text, doc: parser.parse(text) };
}

describe("robots.txt", () => {
  it("allows the public site, disallows /admin and /api/, and names the sitemap on the journal's origin", async () => {
    const j = await scholarlyJournal();
    const res = await request(j.host, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const lines = (await res.text()).split("\n").map((l) => l.trim());
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: https://${j.domain}/sitemap.xml`);
  });
});

describe("sitemaps", () => {
  it("index lists a child per volume; children list issue pages, public article pages and PDFs with lastmod, never hidden ones", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2023, 2, 1);
    await ensureIssue(j, 2024, 3, 1);
    const issue2 = await ensureIssue(j, 2024, 3, 2);
    await fullArticle(j, { year: 2023, volume: 2, issue: 1, modification: "2023-05-01T10:00:00.000Z" });
    const late = await fullArticle(j, { modification: "2024-06-01T10:00:00.000Z" });
    await fullArticle(j, { file: "", modification: "2024-04-01T10:00:00.000Z" });
    await fullArticle(j, { status: "disabled" });
    await fullArticle(j, { refnumber: "", file: "" });

    const index = await xmlOf(j.host, "/sitemap.xml");
    expect(index.res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(index.doc.sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const children = index.doc.sitemapindex.sitemap as { loc: string; lastmod: string }[];
    const origin = `https://${j.domain}`;
    expect(children.map((s) => s.loc)).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/vol2.xml`,
      `${origin}/sitemaps/vol3.xml`,
    ]);
    // A volume's lastmod is its latest change: an article edited, or an issue created (here: today).
    const latest = [issue2.creation, "2024-06-01T10:00:00.000Z"].sort().at(-1);
    expect(children[2].lastmod).toBe(latest);

    const vol3 = await xmlOf(j.host, "/sitemaps/vol3.xml");
    const urls = (vol3.doc.urlset.url as { loc: string; lastmod?: string }[]).map((u) => u.loc);
    const pub = j.publicRefs.filter((r) => r !== j.publicRefs[0]); // the volume 3 ones
    expect(urls).toContain(`${origin}/archives/2024/vol3/issue1`);
    expect(urls).toContain(`${origin}/archives/2024/vol3/issue2`);
    for (const ref of pub) expect(urls).toContain(`${origin}/archives/2024/vol3/issue2/${ref}`);
    expect(urls).toContain(`${origin}/archives/2024/vol3/issue2/${late.refnumber}.pdf`);
    expect(urls.filter((u) => u.endsWith(".pdf"))).toHaveLength(1); // the article without a file has no PDF entry
    for (const ref of j.hiddenRefs) expect(vol3.text).not.toContain(ref);
    expect(urls).toHaveLength(2 + pub.length + 1);
    const issueEntry = (vol3.doc.urlset.url as { loc: string; lastmod?: string }[]).find((u) => u.loc.endsWith("/issue2"));
    expect(issueEntry?.lastmod).toBe(latest);
    const articleEntry = (vol3.doc.urlset.url as { loc: string; lastmod?: string }[]).find((u) => u.loc.endsWith(`/${late.refnumber}`));
    expect(articleEntry?.lastmod).toBe("2024-06-01T10:00:00.000Z");

    const pages = await xmlOf(j.host, "/sitemaps/pages.xml");
    expect((pages.doc.urlset.url as { loc: string }[]).map((u) => u.loc)).toContain(`${origin}/board`);
    expect((await request(j.host, "/sitemaps/vol9.xml")).status).toBe(404);
  });
});

describe("Atom feed", () => {
  it("lists the latest 50 public articles, newest first, with title, authors, link, summary and dates", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    for (let i = 1; i <= 52; i++) await fullArticle(j, { publishdate: `2024-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, "0")}` });
    await fullArticle(j, { status: "disabled", publishdate: "2025-01-01" });
    const res = await request(j.host, "/feed.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const text = await res.text();
    const feed = await new Parser().parseString(text);
    expect(feed.title).toBe("International Journal of Soil & Crop Science");
    expect(feed.items).toHaveLength(50);
    for (const ref of j.hiddenRefs) expect(text).not.toContain(ref);
    const dates = feed.items.map((i) => i.isoDate ?? "");
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = feed.items[0];
    expect(first.link).toMatch(new RegExp(`^https://${j.domain.replace(/\./g, "\\.")}/archives/2024/vol3/issue2/SCS-`));
    expect(first.title).toMatch(/^Effect of Rhizobium on pulse yield & soil /);
    expect(first.summary ?? first.contentSnippet).toContain("We measured nitrogen fixation in 12 districts <with> care. Second paragraph");
    const doc = parser.parse(text);
    expect(doc.feed["@xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(doc.feed.entry[0].author.map((a: { name: string }) => a.name)).toEqual(["Asha Verma", "Rahul Singh", "Aynur Məmmədova"]);
    expect(doc.feed.entry[0].published).toMatch(/^2024-\d\d-\d\dT00:00:00Z$/);
    expect(doc.feed.entry[0].updated).toBeTruthy();
  });

  it("is linked from every page's head", async () => {
    const j = await scholarlyJournal();
    for (const path of ["/", "/board", "/archives"]) {
      const html = await (await request(j.host, path)).text();
      expect(html).toMatch(/<link rel="alternate" type="application\/atom\+xml" title="Latest articles" href="\/feed.xml"/);
    }
  });
});
