// Search folds letters people cannot type (issue #27 item 12): in the index (migration 0050) and in the query
// (search-folding.ts) alike, so a name typed on an ordinary keyboard finds the article and the exact spelling
// still does; the excerpt highlights the folded match.
import { describe, expect, it } from "vitest";
import { createArticle, createJournal, getJson, unique } from "#tests/api/fixtures";
import { db } from "#tests/api/fixtures";
import { articles } from "../core/data/schema";
import { eq } from "drizzle-orm";
import type { SearchResults } from "#contract/api";
import { LETTER_FOLDS } from "./search-folding";

const search = async (host: string, q: string) => (await getJson<SearchResults>(host, `/api/search?q=${encodeURIComponent(q)}`)).body;
const refs = (body: SearchResults) => body.results.map((a) => a.refnumber).sort();

describe("search folds letters as people type them", () => {
  it("finds Işık, Məmmədov and Cəfərov typed as Isik, Mammadov, Cafarov, and by their own spelling", async () => {
    const j = await createJournal();
    await createArticle(j.id, { refnumber: "AZ-1", authorname: "Şükrü Işık, Elvin Məmmədov", title: "Cotton yield in Mil" });
    await createArticle(j.id, { refnumber: "AZ-2", authorname: "Nigar Cəfərova", title: "Pomegranate storage" });
    await createArticle(j.id, { refnumber: "EN-3", authorname: "John Smith", title: "Wheat rust" });
    for (const q of ["Isik", "isik", "ISIK", "Işık", "IŞIK", "Sukru Isik"]) expect(refs(await search(j.host, q)), q).toEqual(["AZ-1"]);
    for (const q of ["Mammadov", "Məmmədov", "Memmedov", "mammad"]) expect(refs(await search(j.host, q)), q).toEqual(["AZ-1"]);
    for (const q of ["Cafarov", "Cafarova", "Cəfərova"]) expect(refs(await search(j.host, q)), q).toEqual(["AZ-2"]);
  });

  it("folds every letter of the table, upper and lower case, in titles, abstracts and keywords", async () => {
    const j = await createJournal();
    const cases = Object.entries(LETTER_FOLDS).map(([letter, typed], i) => ({
      letter,
      typed,
      ref: `F-${i}`,
      word: unique("zq").replace(/\W/g, ""),
    }));
    for (const [i, c] of cases.entries()) {
      const field = (["title", "abstract", "keywords"] as const)[i % 3];
      const text = `${c.word}${c.letter}x`;
      await createArticle(j.id, { refnumber: c.ref, [field]: field === "keywords" ? text : `Study of ${text}` });
    }
    for (const c of cases) {
      expect(refs(await search(j.host, `${c.word}${c.typed}x`)), `${c.letter} typed as ${c.typed}`).toEqual([c.ref]);
      expect(refs(await search(j.host, `${c.word}${c.letter}x`)), `${c.letter} as written`).toEqual([c.ref]);
    }
  });

  it("keeps the index in step when an article is edited, and highlights the folded word in the excerpt", async () => {
    const j = await createJournal();
    const a = await createArticle(j.id, { refnumber: "ED-1", abstract: "Samples from Ørsted and Łódź were compared." });
    const hit = (await search(j.host, "Lodz")).results[0];
    expect(hit?.refnumber).toBe("ED-1");
    expect(hit.excerpt.filter((p) => p.hit).map((p) => p.text)).toEqual(["Łódź"]);
    await db.update(articles).set({ abstractText: "Samples from Straße 9 were compared." }).where(eq(articles.id, a.id));
    expect(refs(await search(j.host, "Lodz"))).toEqual([]);
    expect(refs(await search(j.host, "strasse"))).toEqual(["ED-1"]);
    expect(refs(await search(j.host, "Straße"))).toEqual(["ED-1"]);
  });

  it("highlights a name with ə typed either way", async () => {
    const j = await createJournal();
    await createArticle(j.id, { refnumber: "HL-1", abstract: "Samples collected by Məmmədov in Quba." });
    for (const q of ["Mammadov", "Memmedov", "Məmmədov"]) {
      const hit = (await search(j.host, q)).results[0];
      expect(
        hit?.excerpt.filter((p) => p.hit).map((p) => p.text),
        q,
      ).toEqual(["Məmmədov"]);
    }
  });

  it("expands a folded prefix from the term list (mamma finds Məmmədova and Mammadli)", async () => {
    const j = await createJournal();
    await createArticle(j.id, { refnumber: "P-1", authorname: "Aynur Məmmədova" });
    await createArticle(j.id, { refnumber: "P-2", authorname: "Orxan Mammadli" });
    expect(refs(await search(j.host, "mamma"))).toEqual(["P-1", "P-2"]);
  });
});
