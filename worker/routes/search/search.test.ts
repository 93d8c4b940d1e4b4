import { describe, expect, it } from "vitest";
import { createArticle, createJournal, getJson } from "../../../tests/api/fixtures";

async function journalWithArticles() {
  const j = await createJournal();
  await createArticle(j.id, { title: "Soil salinity and <i>Oryza sativa</i> yield", authorname: "Aynur Məmmədova, Rahul Verma", keywords: "rice, salinity", refnumber: "AGR-001" });
  await createArticle(j.id, { title: "Groundwater arsenic in deltaic aquifers", abstract: "We measured salinity and arsenic.", authorname: "Farhana Akter", refnumber: "ENV-002" });
  await createArticle(j.id, { title: "Salinity hidden study", status: "disabled", refnumber: "HID-003" });
  await createArticle(j.id, { title: "Unrelated protein folding", authorname: "Chinedu Okafor", refnumber: "BIO-004" });
  return j;
}

describe("GET /api/search?q=", () => {
  it("finds enabled articles by title, abstract, authors, keywords and refnumber, title matches first", async () => {
    const j = await journalWithArticles();
    const { status, body } = await getJson(j.host, "/api/search?q=salinity");
    expect(status).toBe(200);
    expect(body.q).toBe("salinity");
    expect(body.count).toBe(2);
    expect(body.results.map((a: { refnumber: string }) => a.refnumber)).toEqual(["AGR-001", "ENV-002"]);
    expect((await getJson(j.host, "/api/search/?q=okafor")).body.results[0].refnumber).toBe("BIO-004");
    expect((await getJson(j.host, "/api/search?q=BIO-004")).body.count).toBe(1);
    expect((await getJson(j.host, `/api/search?q=${encodeURIComponent("MƏMMƏDOVA")}`)).body.results[0].refnumber).toBe("AGR-001");
    expect((await getJson(j.host, "/api/search?q=Oryza")).body.count).toBe(1);
  });

  it("matches word prefixes and requires every word", async () => {
    const j = await journalWithArticles();
    expect((await getJson(j.host, "/api/search?q=ground")).body.count).toBe(1);
    expect((await getJson(j.host, "/api/search?q=salinity arsenic")).body.results.map((a: { refnumber: string }) => a.refnumber)).toEqual(["ENV-002"]);
  });

  it("never fails on hostile or odd queries", async () => {
    const j = await journalWithArticles();
    const odd = ['"', '"salinity', "salinity-", "-salinity", "*", "sal*", "NEAR(", ")(", "AND OR NOT", "title:salinity", "^x", "{}[]", "'; DROP TABLE articles; --", "ə", "%", "x".repeat(600), "a ".repeat(300)];
    for (const q of odd) {
      const { status, body } = await getJson(j.host, `/api/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.count).toBe(body.results.length);
      expect(body.q.length).toBeLessThanOrEqual(500);
    }
    expect((await getJson(j.host, "/api/search?q=%22salinity")).body.count).toBe(2);
  });

  it("answers an empty result for an empty or missing query", async () => {
    const j = await journalWithArticles();
    expect((await getJson(j.host, "/api/search")).body).toEqual({ q: "", count: 0, results: [] });
    expect((await getJson(j.host, "/api/search?q=%20%20")).body.count).toBe(0);
  });

  it("keeps the index in sync when an article changes", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { title: "Mangrove carbon stocks", refnumber: "MG-1" });
    expect((await getJson(j.host, "/api/search?q=mangrove")).body.count).toBe(1);
    const { db } = await import("../../../tests/api/fixtures");
    const { articles } = await import("../../data/schema");
    const { eq } = await import("drizzle-orm");
    await db.update(articles).set({ titleText: "Seagrass carbon stocks", title: "Seagrass carbon stocks" }).where(eq(articles.id, a.id));
    expect((await getJson(j.host, "/api/search?q=mangrove")).body.count).toBe(0);
    expect((await getJson(j.host, "/api/search?q=seagrass")).body.count).toBe(1);
    await db.delete(articles).where(eq(articles.id, a.id));
    expect((await getJson(j.host, "/api/search?q=seagrass")).body.count).toBe(0);
  });
});
