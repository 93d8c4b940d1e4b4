// The first HTML of public pages, read exactly as a crawler without JavaScript gets it.
// Reads the built SPA shell (dist/client/index.html); tests/api/ensure-built-shell.ts builds it when missing.
import { describe, expect, it } from "vitest";
import { createArticle, createIssue, createJournal, db, putArticleFile, request, pdfBytes, unique } from "#tests/api/fixtures";
import { eq } from "drizzle-orm";
import { journalDomains } from "../core/data/schema";
import { citationText, pageRange, publicationDateParts, splitAuthors } from "#contract/citation";
import { normalizeDomain } from "#contract/host";
import { publicOrigin } from "../scholarly/origin";
import { FIXED_PAGE_IDS, PUBLIC_PAGES, type PageEntry } from "#contract/pages";
import en from "../../contract/i18n/catalogs/en.json";

async function page(host: string, path: string, headers: Record<string, string> = {}) {
  const res = await request(host, path, { headers });
  return { res, status: res.status, html: await res.text() };
}

/** All content values of <meta name|property="key">, in document order (entities decoded). */
function metas(html: string, key: string): string[] {
  const out: string[] = [];
  const re = /<meta\s+(?:name|property)="([^"]*)"\s+content="([^"]*)"\s*\/?>/g;
  for (const m of html.matchAll(re)) if (m[1] === key) out.push(decode(m[2]));
  return out;
}
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? null;
const titleOf = (html: string) => decode(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
/** The markup inside #root (the router state for hydration follows it). */
const rootOf = (html: string) =>
  /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="router-state">/.exec(html)?.[1] ?? "";
/** The document without the router state (JSON data for hydration: the same values the API answers with). */
const withoutState = (html: string) => html.replace(/<script type="application\/json" id="router-state">[\s\S]*?<\/script>/, "");

async function scholarlyJournal() {
  const j = await createJournal({
    websitename: "International Journal of Soil & Crop Science",
    issn: "E-ISSN: 2394-7500, P-ISSN: 2394-5869",
  });
  const domain = `www.${unique("soil")}.example.org`;
  // The configured primary domain differs from the host the request arrives on (an alias).
  const { db } = await import("#tests/api/fixtures");
  const { journals } = await import("../core/data/schema");
  const { eq } = await import("drizzle-orm");
  await db.update(journals).set({ domain }).where(eq(journals.id, j.id));
  await createIssue(j.id, 2024, 3, 2);
  return { ...j, domain };
}

describe("article page first HTML (no JavaScript)", () => {
  it("carries Google Scholar, Dublin Core, Open Graph and JSON-LD metadata, on the primary domain", async () => {
    const j = await scholarlyJournal();
    const a = await createArticle(j.id, {
      refnumber: "SCS-2024-017",
      title: "Effect of <i>Rhizobium</i> on pulse yield",
      abstract: "<p>We measured nitrogen fixation in <b>12</b> districts.</p>",
      authorname: "Asha Verma,  Rahul Singh , Li Wei",
      year: 2024,
      volume: 3,
      issue: 2,
      pagenumber: "73-80",
      publishdate: "2024-03-15",
      keywords: "soil, rhizobium",
      file: "SCS-2024-017.pdf",
    });
    const { status, html, res } = await page(j.host, "/archives/2024/vol3/issue2/SCS-2024-017");
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");

    const base = `https://${j.domain}/archives/2024/vol3/issue2/SCS-2024-017`;
    expect(titleOf(html)).toBe("Effect of Rhizobium on pulse yield | International Journal of Soil & Crop Science");
    expect(canonical(html)).toBe(base);
    expect(metas(html, "citation_title")).toEqual(["Effect of Rhizobium on pulse yield"]);
    expect(metas(html, "citation_author")).toEqual(["Verma, Asha", "Singh, Rahul", "Wei, Li"]);
    expect(metas(html, "citation_publication_date")).toEqual(["2024/03/15"]);
    expect(metas(html, "citation_journal_title")).toEqual(["International Journal of Soil & Crop Science"]);
    expect(metas(html, "citation_issn")).toEqual(["2394-7500", "2394-5869"]);
    expect(metas(html, "citation_volume")).toEqual(["3"]);
    expect(metas(html, "citation_issue")).toEqual(["2"]);
    expect(metas(html, "citation_firstpage")).toEqual(["73"]);
    expect(metas(html, "citation_lastpage")).toEqual(["80"]);
    expect(metas(html, "citation_pdf_url")).toEqual([`${base}.pdf`]);
    expect(metas(html, "citation_abstract_html_url")).toEqual([base]);
    expect(metas(html, "DC.title")).toEqual(["Effect of Rhizobium on pulse yield"]);
    expect(metas(html, "DC.creator")).toEqual(["Asha Verma", "Rahul Singh", "Li Wei"]);
    expect(metas(html, "DC.identifier")).toEqual([base]);
    expect(metas(html, "og:title")).toEqual(["Effect of Rhizobium on pulse yield"]);
    expect(metas(html, "og:url")).toEqual([base]);
    expect(metas(html, "og:type")).toEqual(["article"]);
    expect(metas(html, "description")[0]).toBe("We measured nitrogen fixation in 12 districts.");

    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ScholarlyArticle",
      name: "Effect of Rhizobium on pulse yield",
      author: [
        { "@type": "Person", name: "Asha Verma" },
        { "@type": "Person", name: "Rahul Singh" },
        { "@type": "Person", name: "Li Wei" },
      ],
      datePublished: "2024-03-15",
      pageStart: "73",
      pageEnd: "80",
      url: base,
      encoding: { contentUrl: `${base}.pdf` },
      isPartOf: {
        issueNumber: "2",
        isPartOf: { volumeNumber: "3", isPartOf: { "@type": "Periodical", issn: ["2394-7500", "2394-5869"] } },
      },
    });

    // Visible without JavaScript: title (rich text kept), authors, abstract, citation, PDF link.
    const root = rootOf(html);
    expect(root).toContain("Effect of <i>Rhizobium</i> on pulse yield");
    expect(root).toContain("Asha Verma, Rahul Singh, Li Wei");
    expect(root).toContain("<p>We measured nitrogen fixation in <b>12</b> districts.</p>");
    expect(root).toContain('href="/archives/2024/vol3/issue2/SCS-2024-017.pdf"');
    // The citation box, APA first (rendered by citeproc on the server), with RIS and BibTeX next to it.
    expect(root).toContain("How to cite this article</h2>");
    expect(root).toContain(
      "Verma, A., Singh, R., &amp; Wei, L. (2024). Effect of Rhizobium on pulse yield. International Journal of Soil &amp; Crop Science, 3(2), 73–80.",
    );
    expect(root).toContain('href="/archives/2024/vol3/issue2/SCS-2024-017.ris"');
    // The app hydrates from the external module.
    expect(html).toMatch(/<script type="module"[^>]*src="\/static\/[^"]+\.js"/);
    expect(a.id).toBeGreaterThan(0);
  });

  it("escapes every value: markup in titles, authors and abstracts cannot break out of attributes or the JSON-LD", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, {
      refnumber: "X-1",
      title: `Quotes " and ' and <script>alert(1)</script> & ampersands`,
      abstract: `Ends the block: </script><script>alert(2)</script> "quoted" <img src=x onerror=alert(3)>`,
      authorname: `O"Brien <b>, Smith & Sons`,
      year: 2024,
      volume: 3,
      issue: 2,
    });
    const { status, html: full } = await page(j.host, "/archives/2024/vol3/issue2/X-1");
    expect(status).toBe(200);
    // The router state carries the stored values as JSON, with no "<" that could end its element.
    const state = /<script type="application\/json" id="router-state">([\s\S]*?)<\/script>/.exec(full)![1];
    expect(state).not.toContain("<");
    expect(JSON.parse(state).loaderData.article.article.authorname).toBe(`O"Brien <b>, Smith & Sons`);
    const html = withoutState(full);
    expect(html).not.toContain("alert(1)");
    expect(html).not.toContain("<script>alert(2)");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("onerror=alert");
    expect(metas(html, "citation_author")).toEqual([`O"Brien <b>`, "Sons, Smith &"]);
    expect(metas(html, "citation_title")[0]).toBe(`Quotes " and ' and & ampersands`);
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(block).not.toContain("<");
    expect(JSON.parse(block).abstract).toContain('"quoted"');
    // The only scripts are the app's external module and data blocks (JSON-LD, the router state).
    const scripts = [...full.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    for (const attrs of scripts) expect(attrs).toMatch(/type="application\/(ld\+)?json"|src="\/static\//);
  });

  it("never builds absolute URLs from a forged Host or X-Forwarded-Host", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, { refnumber: "H-1", year: 2024, volume: 3, issue: 2, file: "H-1.pdf" });
    const { html } = await page(j.host, "/archives/2024/vol3/issue2/H-1", {
      "x-forwarded-host": "evil.example",
      forwarded: "host=evil.example",
    });
    expect(html).not.toContain("evil.example");
    expect(canonical(html)).toBe(`https://${j.domain}/archives/2024/vol3/issue2/H-1`);
    // A request on the journal's alias host still advertises the primary domain, not the alias.
    expect(html).not.toContain(`//${j.host}`);
  });

  it("uses the request's own origin in local development (*.localhost)", async () => {
    const host = `${unique("dev")}.localhost`;
    const j = await createJournal({ host, domain: "journal.example.org" });
    await createIssue(j.id, 2023, 1, 1);
    await createArticle(j.id, { refnumber: "L-1", year: 2023, volume: 1, issue: 1, file: "L-1.pdf" });
    const { html } = await page(host, "/archives/2023/vol1/issue1/L-1");
    expect(canonical(html)).toBe(`http://${host}/archives/2023/vol1/issue1/L-1`);
    expect(metas(html, "citation_pdf_url")).toEqual([`http://${host}/archives/2023/vol1/issue1/L-1.pdf`]);
  });

  it("leaves citation_pdf_url out when the article has no file", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, { refnumber: "NF-1", year: 2024, volume: 3, issue: 2, file: "" });
    const { html } = await page(j.host, "/archives/2024/vol3/issue2/NF-1");
    expect(metas(html, "citation_pdf_url")).toEqual([]);
    expect(rootOf(html)).not.toContain(".pdf");
  });

  // An article under another issue's URL redirects to its own (issue #27 item 11: visitor-addresses.test.ts).
  it("answers 404 (with the shell, for the SPA's 'Article not found!') for a missing or disabled article", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, { refnumber: "OFF-1", status: "disabled", year: 2024, volume: 3, issue: 2 });
    await createArticle(j.id, { refnumber: "ON-1", year: 2024, volume: 3, issue: 2 });
    for (const path of ["/archives/2024/vol3/issue2/NOPE", "/archives/2024/vol3/issue2/OFF-1", "/archives/x/vol3/issue2/ON-1"]) {
      const { status, html } = await page(j.host, path);
      expect(status, path).toBe(404);
      expect(html).toContain('<div id="root">');
      expect(titleOf(html)).toBe("Article not found! | International Journal of Soil & Crop Science");
      expect(metas(html, "robots")).toEqual(["noindex"]);
      expect(metas(html, "citation_title")).toEqual([]);
    }
  });

  it("redirects (301) any variant of the year, volume and issue digits to the canonical URL", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, { refnumber: "D-1", year: 2024, volume: 3, issue: 2 });
    const res = await request(j.host, "/archives/2024/3/2/D-1", { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/archives/2024/vol3/issue2/D-1");
  });
});

describe("issue page first HTML", () => {
  it("has the issue title and the list of article links, by page number, public articles only", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, { refnumber: "I-2", title: "Second paper", pagenumber: "73-80", year: 2024, volume: 3, issue: 2 });
    await createArticle(j.id, {
      refnumber: "I-1",
      title: "First <i>paper</i>",
      pagenumber: "9-12",
      year: 2024,
      volume: 3,
      issue: 2,
      authorname: "A. Rao, B. Das",
    });
    await createArticle(j.id, { refnumber: "I-3", title: "Hidden paper", status: "disabled", year: 2024, volume: 3, issue: 2 });
    const { status, html } = await page(j.host, "/archives/2024/vol3/issue2");
    expect(status).toBe(200);
    expect(titleOf(html)).toBe("VOL. 3, ISSUE 2 (2024) | International Journal of Soil & Crop Science");
    expect(canonical(html)).toBe(`https://${j.domain}/archives/2024/vol3/issue2`);
    const root = rootOf(html);
    expect(root).toContain('<h1 class="page__title">VOL. 3, ISSUE 2 (2024)</h1>');
    // Attribute order is the renderer's business: find the title links by class, then read their href.
    const links = [...root.matchAll(/<a ([^>]*class="article-table__title"[^>]*)><span>([\s\S]*?)<\/span><\/a>/g)].map((m) => [
      /href="([^"]+)"/.exec(m[1])?.[1],
      m[2],
    ]);
    expect(links).toEqual([
      ["/archives/2024/vol3/issue2/I-1", "First <i>paper</i>"],
      ["/archives/2024/vol3/issue2/I-2", "Second paper"],
    ]);
    expect(root).toContain("A. Rao, B. Das");
    expect(root).not.toContain("Hidden paper");
  });

  it("answers 404 for an issue that does not exist", async () => {
    const j = await scholarlyJournal();
    const { status, html } = await page(j.host, "/archives/2019/vol9/issue9");
    expect(status).toBe(404);
    expect(html).toContain('<div id="root">');
  });
});

describe("article PDF next to the abstract page", () => {
  it("serves the article's file at /archives/{year}/{vol}/{issue}/{ref}.pdf, with ranges", async () => {
    const j = await scholarlyJournal();
    const a = await createArticle(j.id, { refnumber: "P-1", year: 2024, volume: 3, issue: 2, file: "stored-name.pdf" });
    await putArticleFile(j.id, { year: 2024, volume: 3, issue: 2, file: "stored-name.pdf" });
    const res = await request(j.host, "/archives/2024/vol3/issue2/P-1.pdf");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe('inline; filename="P-1.pdf"');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdfBytes("stored-name.pdf"));
    const part = await request(j.host, "/archives/2024/vol3/issue2/P-1.pdf", { headers: { range: "bytes=0-4" } });
    expect(part.status).toBe(206);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe("%PDF-");
    expect(a.file).toBe("stored-name.pdf");
  });

  it("is 404 for a disabled article, an article without a file, another issue, or another journal", async () => {
    const j = await scholarlyJournal();
    const other = await createJournal();
    await createArticle(j.id, { refnumber: "Q-OFF", status: "disabled", year: 2024, volume: 3, issue: 2, file: "Q-OFF.pdf" });
    await putArticleFile(j.id, { year: 2024, volume: 3, issue: 2, file: "Q-OFF.pdf" });
    await createArticle(j.id, { refnumber: "Q-NOFILE", year: 2024, volume: 3, issue: 2, file: "" });
    await createArticle(j.id, { refnumber: "Q-OK", year: 2024, volume: 3, issue: 2, file: "Q-OK.pdf" });
    await putArticleFile(j.id, { year: 2024, volume: 3, issue: 2, file: "Q-OK.pdf" });
    for (const [host, path] of [
      [j.host, "/archives/2024/vol3/issue2/Q-OFF.pdf"],
      [j.host, "/archives/2024/vol3/issue2/Q-NOFILE.pdf"],
      [j.host, "/archives/2024/vol3/issue1/Q-OK.pdf"],
      [other.host, "/archives/2024/vol3/issue2/Q-OK.pdf"],
    ]) {
      const res = await request(host, path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: "not_found" });
    }
    expect((await request(j.host, "/archives/2024/vol3/issue2/Q-OK.pdf")).status).toBe(200);
  });
});

describe("other public pages", () => {
  it("give every SPEC route its title, description and canonical link", async () => {
    const j = await scholarlyJournal();
    const expected: Record<string, string> = {
      "/": "International Journal of Soil & Crop Science",
      "/board": "Editorial Board | International Journal of Soil & Crop Science",
      "/archives": "Archives | International Journal of Soil & Crop Science",
      "/instructions": "Instructions to Authors | International Journal of Soil & Crop Science",
      "/indexing": "Indexing and Abstracting | International Journal of Soil & Crop Science",
      "/contact": "Contact Us | International Journal of Soil & Crop Science",
      "/article": "Submit Online | International Journal of Soil & Crop Science",
      "/pdf": "Download Publication Certificate | International Journal of Soil & Crop Science",
      "/search": "Search | International Journal of Soil & Crop Science",
    };
    for (const [path, title] of Object.entries(expected)) {
      const { status, html } = await page(j.host, path);
      expect(status, path).toBe(200);
      expect(titleOf(html), path).toBe(title);
      expect(metas(html, "description")[0], path).toBeTruthy();
      expect(canonical(html), path).toBe(`https://${j.domain}${path}`);
    }
    // Trailing slashes are the same page.
    expect(titleOf((await page(j.host, "/board/")).html)).toBe(expected["/board"]);
  });

  it("give link previews the page's title and the journal's own cover on every page, not only articles (issue 27 item 6)", async () => {
    const j = await scholarlyJournal();
    for (const path of ["/", "/board", "/archives", "/archives/2024/vol3/issue2", "/pdf"]) {
      const { html } = await page(j.host, path);
      expect(metas(html, "og:title"), path).toEqual([titleOf(html)]);
      expect(metas(html, "og:url"), path).toEqual([canonical(html)]);
      expect(metas(html, "og:image"), path).toEqual([`https://${j.domain}/assets/branding/cover.svg`]);
      expect(metas(html, "twitter:card"), path).toEqual(["summary"]);
    }
    // Pages without a canonical address (a 404) carry no card.
    expect(metas((await page(j.host, "/archives/2024/vol3/issue2/NOPE-1")).html, "og:image")).toEqual([]);
  });

  it("serves every fixed page of the registry at its path, with its title, in the header and sitemap as declared", async () => {
    const j = await scholarlyJournal();
    const sitemap = await (await request(j.host, "/sitemaps/pages.xml")).text();
    const home = (await page(j.host, "/")).html;
    for (const id of FIXED_PAGE_IDS) {
      const entry: PageEntry = PUBLIC_PAGES[id];
      const { status, html } = await page(j.host, entry.path);
      expect(status, id).toBe(200);
      expect(titleOf(html), id).toBe(
        entry.head?.title
          ? `${en[entry.head.title]} | International Journal of Soil & Crop Science`
          : "International Journal of Soil & Crop Science",
      );
      expect(sitemap.includes(`<loc>https://${j.domain}${entry.path}</loc>`), id).toBe(Boolean(entry.sitemap));
      if (entry.nav) expect(home, id).toContain(`href="${entry.path}"`);
      if (entry.nav) expect(home, id).toContain(`>${en[entry.nav].toUpperCase()}</a>`);
    }
  });

  it("keeps search results and personal download pages out of search engines", async () => {
    const j = await scholarlyJournal();
    expect(metas((await page(j.host, "/search?q=soil")).html, "robots")).toEqual(["noindex, follow"]);
    expect(metas((await page(j.host, "/pdf?refno=ABC")).html, "robots")).toEqual(["noindex, follow"]);
    expect(metas((await page(j.host, "/admin/login")).html, "robots")).toEqual(["noindex, nofollow"]);
  });

  it("answers unknown pages with 404 and the shell; unknown static files with a plain 404", async () => {
    const j = await scholarlyJournal();
    const { status, html } = await page(j.host, "/no-such-page");
    expect(status).toBe(404);
    expect(html).toContain('<div id="root">');
    const file = await request(j.host, "/no-such-image.png");
    expect(file.status).toBe(404);
    expect(file.headers.get("content-type") ?? "").not.toContain("text/html");
  });

  it("writes the header branch into <html>: default unless the host's stored flag says alt", async () => {
    const j = await scholarlyJournal();
    const { html } = await page(j.host, "/");
    expect(html).toMatch(/<html[^>]*data-header="default"/);

    await db.update(journalDomains).set({ altHeader: true }).where(eq(journalDomains.domain, j.host));
    expect((await page(j.host, "/board")).html).toMatch(/<html[^>]*data-header="alt"/);
  });
});

describe("helpers", () => {
  it("origin: configured domain over https, request origin only on local hosts", () => {
    expect(publicOrigin({ domain: "Journal.Example.org" }, "http://alias.example/x")).toBe("https://journal.example.org");
    expect(publicOrigin({ domain: "https://journal.example.org/home" }, "http://alias.example/x")).toBe("https://journal.example.org");
    expect(publicOrigin({ domain: "" }, "http://alias.example/x")).toBeNull();
    expect(publicOrigin({ domain: "journal.example.org" }, "http://localhost:8787/x")).toBe("http://localhost:8787");
    expect(publicOrigin({ domain: "journal.example.org" }, "http://journal2.localhost:8787/x")).toBe("http://journal2.localhost:8787");
    expect(normalizeDomain("bad domain<script>")).toBeNull();
  });

  it("citations: authors, pages, dates", () => {
    expect(splitAuthors(" A. Rao,B. Das ,, C.  Iyer ")).toEqual(["A. Rao", "B. Das", "C. Iyer"]);
    expect(pageRange("73-80")).toEqual({ first: "73", last: "80" });
    expect(pageRange("73 \u2013 80")).toEqual({ first: "73", last: "80" });
    expect(pageRange("12")).toEqual({ first: "12", last: "12" });
    expect(pageRange("")).toBeNull();
    expect(publicationDateParts("2024-3-5")).toEqual(["2024", "03", "05"]);
    expect(publicationDateParts("2024-03-15T10:00:00.000Z")).toEqual(["2024", "03", "15"]);
    expect(publicationDateParts("15/03/2024")).toEqual(["2024", "03", "15"]);
    expect(publicationDateParts("soon")).toBeNull();
    expect(
      citationText(
        { title: "Why <i>soil</i>?", authorname: "A. Rao, B. Das", year: 2024, volume: 3, issue: 2, pagenumber: "73-80" },
        "J. Soil",
      ),
    ).toBe("A. Rao, B. Das. Why soil? J. Soil. 2024;3(2):73-80.");
  });
});

describe("page data for client-side navigation (/_data)", () => {
  const dataOf = (host: string, route: string, path: string) => request(host, `/_data?route=${route}&path=${encodeURIComponent(path)}`);

  it("answers one route's loader data: the same the first HTML carried", async () => {
    const j = await scholarlyJournal();
    await createArticle(j.id, { refnumber: "N-1", title: "Navigated <i>paper</i>", year: 2024, volume: 3, issue: 2, file: "N-1.pdf" });
    const path = "/archives/2024/vol3/issue2/N-1";
    const res = await dataOf(j.host, "article", path);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { article: { refnumber: string }; head: { title: string; canonical: string; tags: string } };
    expect(body.article.refnumber).toBe("N-1");
    expect(body.head.title).toBe("Navigated paper | International Journal of Soil & Crop Science");
    expect(body.head.canonical).toBe(`https://${j.domain}${path}`);
    expect(body.head.tags).toContain('<meta name="citation_pdf_url" content="https://');
    const { html } = await page(j.host, path);
    const state = JSON.parse(/<script type="application\/json" id="router-state">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(state.loaderData.article).toEqual(body);
  });

  it("answers 404 with 'Article not found!' data for a missing article, and 4xx for bad requests", async () => {
    const j = await scholarlyJournal();
    const missing = await dataOf(j.host, "article", "/archives/2024/vol3/issue2/NOPE");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      article: null,
      head: { title: "Article not found! | International Journal of Soil & Crop Science", robots: "noindex" },
    });
    const { status, html } = await page(j.host, "/archives/2024/vol3/issue2/NOPE");
    expect(status).toBe(404);
    expect(rootOf(html)).toContain("Article not found!");
    expect((await dataOf(j.host, "no-such-route", "/")).status).toBe(400);
    expect((await dataOf(j.host, "article", "//evil.example/x")).status).toBe(400);
    // A route that is not part of the page the path names.
    expect((await dataOf(j.host, "article", "/board")).status).toBe(404);
  });
});
