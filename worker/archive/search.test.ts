import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createArticle, createJournal, getJson, d1Of } from "#tests/api/fixtures";
import { createAdmin, tokenFor } from "#tests/api/auth-fixtures";
import { HighlightedExcerpt } from "../../web/components/highlighted-excerpt";
import type { AdminSearchResults, SearchResults } from "#contract/api";

async function journalWithArticles() {
  const j = await createJournal();
  await createArticle(j.id, {
    title: "Soil salinity and <i>Oryza sativa</i> yield",
    authorname: "Aynur Məmmədova, Rahul Verma",
    keywords: "rice, salinity",
    refnumber: "AGR-001",
  });
  await createArticle(j.id, {
    title: "Groundwater arsenic in deltaic aquifers",
    abstract: "We measured salinity and arsenic in deltaic wells.",
    authorname: "Farhana Akter",
    refnumber: "ENV-002",
  });
  await createArticle(j.id, { title: "Salinity hidden study", status: "disabled", refnumber: "HID-003" });
  await createArticle(j.id, { title: "Unrelated protein folding", authorname: "Chinedu Okafor", refnumber: "BIO-004" });
  return j;
}

const search = async (host: string, q: string, page?: number) =>
  (await getJson<SearchResults>(host, `/api/search?q=${encodeURIComponent(q)}${page ? `&page=${page}` : ""}`)).body;
const refs = (body: SearchResults) => body.results.map((a) => a.refnumber);

describe("GET /api/search?q=", () => {
  it("finds enabled articles by title, abstract, authors, keywords and refnumber, title matches first", async () => {
    const j = await journalWithArticles();
    const { status, body } = await getJson<SearchResults>(j.host, "/api/search?q=salinity");
    expect(status).toBe(200);
    expect(body).toMatchObject({ q: "salinity", page: 1, per_page: 20, count: 2, more: false, pages: 1 });
    expect(refs(body)).toEqual(["AGR-001", "ENV-002"]);
    expect(body.results[0]).toMatchObject({
      title: "Soil salinity and <i>Oryza sativa</i> yield",
      authorname: "Aynur Məmmədova, Rahul Verma",
      year: 2024,
      volume: 1,
      issue: 1,
    });
    expect(Object.keys(body.results[0]).sort()).toEqual([
      "authorname",
      "country",
      "excerpt",
      "file_url",
      "id",
      "issue",
      "pagenumber",
      "refnumber",
      "title",
      "volume",
      "year",
    ]);
    expect(refs(await search(j.host, "okafor"))).toEqual(["BIO-004"]);
    expect(refs(await search(j.host, "BIO-004"))).toEqual(["BIO-004"]);
    expect(refs(await search(j.host, "MƏMMƏDOVA"))).toEqual(["AGR-001"]);
    expect((await search(j.host, "Oryza")).count).toBe(1);
  });

  it("matches word beginnings from three letters; shorter words match whole words only", async () => {
    const j = await journalWithArticles();
    await createArticle(j.id, { title: "A note on sa and sal", refnumber: "NOTE-5" });
    expect(refs(await search(j.host, "ground"))).toEqual(["ENV-002"]);
    expect(refs(await search(j.host, "sal")).sort()).toEqual(["AGR-001", "ENV-002", "NOTE-5"]);
    expect(refs(await search(j.host, "sa"))).toEqual(["NOTE-5"]);
    expect(refs(await search(j.host, "a"))).toEqual(["NOTE-5"]);
    expect(refs(await search(j.host, "salinity arsenic"))).toEqual(["ENV-002"]);
  });

  it("finds every word a longer word begins, however many there are, in any script", async () => {
    const j = await journalWithArticles();
    await createArticle(j.id, { title: "Salinities of wells", abstract: "Groundwaters and ground-waters compared.", refnumber: "SAL-7" });
    // Many words beginning "zorb": more than the term list is expanded into, so FTS5's own prefix query answers.
    const many = Array.from({ length: 40 }, (_, i) => `zorb${String.fromCharCode(97 + (i % 26))}${i}`).join(" ");
    await createArticle(j.id, { title: "Zorb survey", abstract: many, refnumber: "ZRB-8" });
    await createArticle(j.id, { title: "Café culture in Zürich", authorname: "Ayşe Öztürk", refnumber: "CAF-9" });
    expect(refs(await search(j.host, "salinit")).sort()).toEqual(["AGR-001", "ENV-002", "SAL-7"]);
    expect(refs(await search(j.host, "salinities"))).toEqual(["SAL-7"]);
    expect(refs(await search(j.host, "groundwater"))).toEqual(["ENV-002", "SAL-7"]);
    expect(refs(await search(j.host, "ground-water"))).toEqual(["SAL-7"]);
    expect(refs(await search(j.host, "zorbz"))).toEqual(["ZRB-8"]);
    expect(refs(await search(j.host, "zorb"))).toEqual(["ZRB-8"]);
    expect(refs(await search(j.host, "zorbq16"))).toEqual(["ZRB-8"]);
    expect(refs(await search(j.host, "zorbq17"))).toEqual([]);
    // Words with letters beyond ASCII: the tokenizer folds the diacritics, a search does the same.
    expect(refs(await search(j.host, "zuri"))).toEqual(["CAF-9"]);
    expect(refs(await search(j.host, "zürich"))).toEqual(["CAF-9"]);
    expect(refs(await search(j.host, "öztü"))).toEqual(["CAF-9"]);
    expect(refs(await search(j.host, "cafe cult"))).toEqual(["CAF-9"]);
    expect(refs(await search(j.host, "məmməd"))).toEqual(["AGR-001"]);
    // Twelve words, each beginning other words: one statement within D1's 100 bound parameters.
    const twelve = "salinity deltaic arsenic wells measured groundwater aquifers zorbz salinit deltai arseni measur";
    expect(refs(await search(j.host, twelve))).toEqual([]);
    expect(refs(await search(j.host, "salinit deltai arseni measur groundwat aquifer"))).toEqual(["ENV-002"]);
  });

  it("searches quoted text as a phrase", async () => {
    const j = await journalWithArticles();
    await createArticle(j.id, { title: "Deltaic arsenic maps", refnumber: "MAP-6" });
    expect(refs(await search(j.host, "arsenic deltaic")).sort()).toEqual(["ENV-002", "MAP-6"]);
    expect(refs(await search(j.host, '"arsenic in deltaic"'))).toEqual(["ENV-002"]);
    expect(refs(await search(j.host, '"deltaic arsenic"'))).toEqual(["MAP-6"]);
    expect(refs(await search(j.host, '"deltaic arsen"'))).toEqual([]);
  });

  it("never shows another journal's article or a hidden one", async () => {
    const j = await journalWithArticles();
    const other = await createJournal();
    await createArticle(other.id, { title: "Salinity elsewhere", refnumber: "OTHER-1" });
    await createArticle(j.id, { title: "Salinity without a reference", refnumber: null });
    for (const q of ["salinity", "sal", "elsewhere", "hidden", "OTHER-1", "HID-003", "reference"]) {
      const found = refs(await search(j.host, q));
      expect(found, q).not.toContain("OTHER-1");
      expect(found, q).not.toContain("HID-003");
      expect(
        found.every((r) => r !== ""),
        q,
      ).toBe(true);
    }
    expect(refs(await search(other.host, "salinity"))).toEqual(["OTHER-1"]);
    // Staff see their own journal's hidden articles, still never another journal's.
    const admin = await createAdmin(j.id);
    const { body } = await getJson<AdminSearchResults>(j.host, "/api/admin/search?q=salinity", {
      headers: { Authorization: `Bearer ${await tokenFor(admin)}` },
    });
    expect(body.results.map((a) => a.refnumber).sort()).toEqual(["", "AGR-001", "ENV-002", "HID-003"]);
    expect(body.results.find((a) => a.refnumber === "HID-003")).toMatchObject({ status: "disabled" });
  });

  it("returns every match exactly once across pages of 20", async () => {
    const j = await createJournal();
    // 47 matches, many with the same text (tied ranks), plus rows that do not match.
    for (let i = 0; i < 47; i++)
      await createArticle(j.id, { title: `Estuary survey ${i}`, abstract: "Tides in the estuary.", refnumber: `EST-${i}` });
    for (let i = 0; i < 5; i++) await createArticle(j.id, { title: `River survey ${i}`, refnumber: `RIV-${i}` });
    const first = await search(j.host, "estuary");
    expect(first).toMatchObject({ count: 47, more: false, pages: 3 });
    const seen: string[] = [];
    for (let page = 1; page <= first.pages; page++) {
      const body = await search(j.host, "estuary", page);
      expect(body.page).toBe(page);
      expect(body.results.length).toBe(page < 3 ? 20 : 7);
      seen.push(...refs(body));
    }
    expect(new Set(seen).size).toBe(47);
    expect(seen.sort()).toEqual(Array.from({ length: 47 }, (_, i) => `EST-${i}`).sort());
    expect((await search(j.host, "estuary", 4)).results).toEqual([]);
  });

  it("pages a broad search (more than 1,000 matches): short-field matches first, no article twice", async () => {
    const j = await createJournal();
    // 1,050 matching articles in one statement; every 7th holds the word in its title, the rest in the abstract.
    await d1Of(j)
      .prepare(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1050)
      INSERT INTO articles (journal_id, refnumber, title, title_text, abstract, abstract_text, year, volume, issue, creation, modification)
      SELECT ?1, 'W-' || i, t, t, a, a, 2024, 1, 1, '2026-01-01', '2026-01-01'
      FROM (SELECT i, CASE WHEN i % 7 = 0 THEN 'Wetland study ' || i ELSE 'Study ' || i END AS t,
                   CASE WHEN i % 7 = 0 THEN 'Plain text.' ELSE 'Plain wetland text.' END AS a FROM n)`)
      .bind(j.id)
      .run();
    const first = await search(j.host, "wetland");
    expect(first).toMatchObject({ count: 1000, more: true, pages: 50 });
    const seen: string[] = [];
    for (let page = 1; page <= 50; page++) seen.push(...refs(await search(j.host, "wetland", page)));
    expect(seen.length).toBe(1000);
    expect(new Set(seen).size).toBe(1000);
    const titled = seen.slice(0, 150);
    expect(titled.every((r) => Number(r.slice(2)) % 7 === 0)).toBe(true);
    expect(seen.slice(150).every((r) => Number(r.slice(2)) % 7 !== 0)).toBe(true);
    expect((await search(j.host, "wetland", 51)).results).toEqual([]);
  });

  it("highlights matched words in a plain-text excerpt: markup in the article stays text", async () => {
    const j = await createJournal();
    await createArticle(j.id, {
      title: "Why <script>alert(1)</script> tags leak",
      abstract:
        "<p>Pages that print &lt;script&gt;alert(1)&lt;/script&gt; or &lt;img src=x onerror=alert(2)&gt; beside a leak are unsafe.</p>",
      refnumber: "XSS-1",
    });
    const body = await search(j.host, "leak");
    expect(refs(body)).toEqual(["XSS-1"]);
    const hit = body.results[0];
    expect(hit.title).not.toMatch(/<script/i);
    const text = hit.excerpt.map((p) => p.text).join("");
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).not.toMatch(/[\u0000-\u0008]/);
    expect(hit.excerpt.filter((p) => p.hit).map((p) => p.text)).toEqual(["leak"]);
    const html = renderToStaticMarkup(createElement(HighlightedExcerpt, { parts: hit.excerpt }));
    // Escaped as text ("<" as &lt;; a ">" in text needs no escape, and Preact leaves it), never as elements.
    expect(html).toMatch(/&lt;script(>|&gt;)alert\(1\)&lt;\/script(>|&gt;)/);
    expect(html).toMatch(/&lt;img src=x onerror=alert\(2\)(>|&gt;)/);
    expect(html).not.toMatch(/<(script|img)/i);
    expect(html).toContain("<mark>leak</mark>");
    expect(html.match(/<[a-z]+/g)).toEqual(["<p", "<mark"]);
  });

  it("answers an empty result, not an error, for punctuation or nothing", async () => {
    const j = await journalWithArticles();
    for (const q of ["", "  ", "!!!", '""', "-- * ()", "…", "؟"]) {
      const { status, body } = await getJson<SearchResults>(j.host, `/api/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body, q).toMatchObject({ count: 0, more: false, pages: 0, results: [] });
    }
    expect((await getJson(j.host, "/api/search")).body).toMatchObject({ q: "", count: 0, results: [] });
  });

  it("never fails on hostile or odd queries", async () => {
    const j = await journalWithArticles();
    const odd = [
      '"',
      '"salinity',
      "salinity-",
      "-salinity",
      "*",
      "sal*",
      "NEAR(",
      ")(",
      "AND OR NOT",
      "title:salinity",
      "search_scope:p1",
      "{search_scope}: x",
      "^x",
      "{}[]",
      "'; DROP TABLE articles; --",
      "ə",
      "%",
      "x".repeat(600),
      "a ".repeat(300),
    ];
    for (const q of odd) {
      const { status, body } = await getJson<SearchResults>(j.host, `/api/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.results.length).toBeLessThanOrEqual(body.count);
      expect(body.q.length).toBeLessThanOrEqual(500);
    }
    expect((await search(j.host, '"salinity')).count).toBe(2);
    expect((await search(j.host, "p" + j.id)).count).toBe(0);
  });

  it("rejects a page that is not a whole number from 1", async () => {
    const j = await journalWithArticles();
    // Digits only: Number() would read "1e4" as 10000 and "0x10" as 16 (issue 25 item 9).
    for (const page of ["0", "-1", "1.5", "x", "99999999", "1e4", "0x10", "1e1", " 2", "+3", "2.0", "０２"]) {
      const { status, body } = await getJson(j.host, `/api/search?q=salinity&page=${page}`);
      expect(status, page).toBe(400);
      expect(body).toEqual({ error: "invalid_page" });
    }
  });

  it("keeps both indexes in sync when an article changes or is hidden", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { title: "Mangrove carbon stocks", refnumber: "MG-1" });
    const b = await createArticle(j.id, { title: "Coastal survey", abstract: "Mangrove roots.", refnumber: "MG-2" });
    // MG-1 holds the word in its title: first, though older.
    expect(refs(await search(j.host, "mangrove"))).toEqual(["MG-1", "MG-2"]);
    const { db } = await import("#tests/api/fixtures");
    const { articles } = await import("../core/data/schema");
    const { eq } = await import("drizzle-orm");
    await db
      .update(articles)
      .set({ titleText: "Seagrass carbon stocks", title: "Seagrass carbon stocks", abstractText: "Near mangrove." })
      .where(eq(articles.id, a.id));
    expect(refs(await search(j.host, "mangrove"))).toEqual(["MG-2", "MG-1"]);
    expect(refs(await search(j.host, "seagrass"))).toEqual(["MG-1"]);
    await db.update(articles).set({ status: "disabled" }).where(eq(articles.id, a.id));
    expect(await search(j.host, "seagrass")).toMatchObject({ count: 0, results: [] });
    expect(refs(await search(j.host, "carbon"))).toEqual([]);
    await db.update(articles).set({ status: "enabled" }).where(eq(articles.id, a.id));
    expect(refs(await search(j.host, "carbon"))).toEqual(["MG-1"]);
    await db.delete(articles).where(eq(articles.id, a.id));
    expect(await search(j.host, "seagrass")).toMatchObject({ count: 0, results: [] });
    await db.update(articles).set({ refnumber: null }).where(eq(articles.id, b.id));
    expect(await search(j.host, "coastal")).toMatchObject({ count: 0, results: [] });
    // A word an edit brings in is found by the words it begins with, beside those already indexed.
    await createArticle(j.id, { title: "Seagrass meadows", refnumber: "MG-3" });
    const c = await createArticle(j.id, { title: "Coastal notes", refnumber: "MG-4" });
    await db.update(articles).set({ abstractText: "Seagrasses here." }).where(eq(articles.id, c.id));
    expect(refs(await search(j.host, "seagras"))).toEqual(["MG-3", "MG-4"]);
  });
});
