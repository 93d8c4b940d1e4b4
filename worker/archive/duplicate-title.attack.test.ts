// Attack (issue 13, item 7): slipping a duplicate title past the rule with letter case outside ASCII, the other
// Unicode normal form, or invisible characters. Sent raw to the add-article call, also as a simultaneous pair.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createIssue, createJournal, db, getJson, pdfBytes, unique } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { articles } from "../core/data/schema";

async function journalWithIssue() {
  const j = await createJournal();
  await createIssue(j.id, 2025, 4, 1);
  return { j, token: await adminToken(j) };
}

function addArticle(c: { j: { host: string }; token: string }, title: string) {
  const n = unique("d").replace(/[^A-Za-z0-9-]/g, "");
  const fields = {
    title,
    abstract: "An abstract.",
    authorname: "A. One",
    refnumber: `REF-${n}`,
    txnid: `TXN-${n}`,
    ptype: "paid",
    pagenumber: "1-9",
    publishdate: "2025-02-03",
    year: "2025",
    volume: "4",
    issue: "1",
    email: "author@example.org",
  };
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("pdfFile", new File([pdfBytes(n)], "paper.pdf", { type: "application/pdf" }));
  return getJson(c.j.host, "/api/admin/archives/", { method: "POST", headers: bearer(c.token), body: f });
}

describe("attack: the same title in disguise", () => {
  it("refuses titles that differ only by non-ASCII case, normal form, width or invisible characters", async () => {
    const c = await journalWithIssue();
    const original = "Étude de la croissance à Straße Ölberg";
    expect((await addArticle(c, original)).status).toBe(201);
    const disguises = [
      "ÉTUDE DE LA CROISSANCE À STRASSE ÖLBERG", // non-ASCII upper case, ß folded to ss
      original.normalize("NFD"), // decomposed accents
      "Étu\u200Bde de la crois\u200Dsance à Straße\uFEFF Ölberg", // zero-width characters
      "Ｅｔｕｄｅ de la croissance à Straße Ölberg".replace("Ｅｔｕｄｅ", "Ｅ\u0301ｔｕｄｅ"), // full-width letters
      "<i>étude</i> de la   croissance à straße ölberg", // markup and spacing
    ];
    for (const title of disguises) expect([title, (await addArticle(c, title)).body]).toEqual([title, { error: "duplicate_title" }]);
    expect(await db.select().from(articles).where(eq(articles.journalId, c.j.id))).toHaveLength(1);
    // A different title still goes in.
    expect((await addArticle(c, "Étude de la croissance à Straße Ölberg, part 2")).status).toBe(201);
  });

  it("a simultaneous pair (NFC and NFD) stores one article", async () => {
    const c = await journalWithIssue();
    const title = "Résistance des matériaux composites";
    const [a, b] = await Promise.all([addArticle(c, title), addArticle(c, title.normalize("NFD"))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await db.select().from(articles).where(eq(articles.journalId, c.j.id))).toHaveLength(1);
  });

  it("refuses a title disguised by encoded invisibles or one look-alike letter of another script (issue 25, item 2)", async () => {
    const c = await journalWithIssue();
    const original = "Soil moisture of rice paddies in monsoon";
    expect((await addArticle(c, original)).status).toBe(201);
    const disguises = [
      `${original}&#847;`, // combining grapheme joiner, as a character reference
      `Soil moisture&#xFE0F; of rice paddies in monsoon`, // variation selector 16
      `Soil moisture of rice&#xE0041; paddies in monsoon`, // tag letter A
      `Soil &#x115F;moisture of rice paddies in monsoon`, // Hangul choseong filler
      `Soil moisture of rice &#x3164;paddies in monsoon`, // Hangul filler
      `Soil moisture of ri&#x180B;ce paddies in monsoon`, // Mongolian free variation selector
      `${original}&#x2800;`, // braille pattern blank
      "Soil moisture of rice paddies in mоnsoon", // one Cyrillic о
      "Sоil mоisture оf rice paddies in mоnsооn", // several Cyrillic о
      "Soil moisture of rice paddies in monsoοn", // Greek omicron
      "SOIL MOISTURE OF RICE PADDIES IN MОNSOON", // Cyrillic capital О, upper case
    ];
    for (const title of disguises) expect([title, (await addArticle(c, title)).body]).toEqual([title, { error: "duplicate_title" }]);
    const stored = await db.select({ title: articles.title }).from(articles).where(eq(articles.journalId, c.j.id));
    expect(stored).toEqual([{ title: original }]);
    // Greek or Cyrillic titles of their own, and Latin look-alikes within one script, are still different titles.
    for (const title of ["Type I collagen in monsoon soils", "Type 1 collagen in monsoon soils", "Влажность почвы рисовых полей"]) {
      expect([title, (await addArticle(c, title)).status]).toEqual([title, 201]);
    }
  });

  it("stores a title sent with encoded invisibles without them", async () => {
    const c = await journalWithIssue();
    const r = await addArticle(c, "Nitrogen&#8203; uptake&#847; of <i>Oryza&#xFE0F; sativa</i>&#x2060;");
    expect(r.status).toBe(201);
    const [row] = await db.select({ title: articles.title }).from(articles).where(eq(articles.journalId, c.j.id));
    expect(row.title).toBe("Nitrogen uptake of <i>Oryza sativa</i>");
  });
});
