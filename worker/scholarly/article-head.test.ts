// The richer head metadata of an article page (issue 10), collected with workerd's HTMLRewriter (an HTML parser
// independent of the code that writes the tags).
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { decodeHTMLAttribute } from "entities/decode";
import { db, request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { articles } from "../core/data/schema";

interface Head {
  metas: [string, string][];
  jsonLd: any;
}

async function headOf(host: string, path: string): Promise<Head> {
  const metas: [string, string][] = [];
  let ld = "";
  const res = await request(host, path);
  expect(res.status).toBe(200);
  await new HTMLRewriter()
    .on("meta", {
      element(e) {
        const key = e.getAttribute("name") ?? e.getAttribute("property");
        // HTMLRewriter hands attribute values over raw; decode them as a browser would.
        if (key) metas.push([key, decodeHTMLAttribute(e.getAttribute("content") ?? "")]);
      },
    })
    .on('script[type="application/ld+json"]', {
      text(t) {
        ld += t.text;
      },
    })
    .transform(res)
    .text();
  return { metas, jsonLd: JSON.parse(ld) };
}

const values = (h: Head, key: string) => h.metas.filter(([k]) => k === key).map(([, v]) => v);

describe("article head metadata", () => {
  it("has the whole abstract, DOI, publisher, abbreviation, affiliations and ORCID after each author, references, rights and licence", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const long = `${"Nitrogen fixation by root nodules was measured in twelve districts. ".repeat(8)}The end.`;
    const a = await fullArticle(j, { abstract: `<p>${long}</p>` });
    const h = await headOf(j.host, `/archives/2024/vol3/issue2/${a.refnumber}`);
    const origin = `https://${j.domain}`;

    expect(values(h, "citation_abstract")).toEqual([long.trim()]);
    expect(values(h, "og:description")).toEqual([long.trim()]);
    expect(values(h, "citation_doi")).toEqual([a.doi]);
    expect(values(h, "citation_publisher")).toEqual(["Soil <Society> Press"]);
    expect(values(h, "citation_journal_abbrev")).toEqual(["Int. J. Soil Crop Sci."]);
    expect(values(h, "citation_issn")).toEqual(["2049-3630", "2434-561X"]);
    expect(values(h, "citation_reference")).toEqual([
      "Smith J. Soil nitrogen. Soil Biol. 2019;12:1-9.",
      "Rao A. Pulses in India. Agron J. 2020;4:20-29.",
    ]);
    // Institution and ORCID directly after their author, in authorname order.
    const authorBlock = h.metas.filter(([k]) => /^citation_author/.test(k));
    expect(authorBlock).toEqual([
      ["citation_author", "Verma, Asha"],
      ["citation_author_institution", "University of Pune"],
      ["citation_author_orcid", "https://orcid.org/0000-0002-1825-0097"],
      ["citation_author", "Singh, Rahul"],
      ["citation_author", "Məmmədova, Aynur"],
      ["citation_author_institution", "Baku State University"],
      ["citation_author_orcid", "https://orcid.org/0000-0002-1694-233X"],
    ]);
    expect(values(h, "DC.identifier")).toEqual([`${origin}/archives/2024/vol3/issue2/${a.refnumber}`, `https://doi.org/${a.doi}`]);
    expect(values(h, "DC.rights")).toEqual(["https://creativecommons.org/licenses/by-nc/4.0/"]);
    expect(values(h, "DC.publisher")).toEqual(["Soil <Society> Press"]);

    expect(h.jsonLd).toMatchObject({
      "@type": "ScholarlyArticle",
      license: "https://creativecommons.org/licenses/by-nc/4.0/",
      publisher: { "@type": "Organization", name: "Soil <Society> Press" },
      sameAs: `https://doi.org/${a.doi}`,
      inLanguage: "en",
      author: [
        { name: "Asha Verma", sameAs: "https://orcid.org/0000-0002-1825-0097", affiliation: { name: "University of Pune" } },
        { name: "Rahul Singh" },
        { name: "Aynur Məmmədova", sameAs: "https://orcid.org/0000-0002-1694-233X" },
      ],
    });
    expect(h.jsonLd.author[1].sameAs).toBeUndefined();
  });

  it("writes references and titles as plain text, authors as Family, Given, and the image, dates and full headline (issue 27 items 1, 4, 6)", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const title = `Removal of Cr<sup>6+</sup> by <i>Zingiber officinale</i> extract: ${"a long and careful title ".repeat(5)}end`;
    const a = await fullArticle(j, {
      title,
      authorname: "Maria van der Berg, Li Wei, Plato",
      referenceList:
        "Rao A. Studies on soil. <i>Sci. Rep.</i> 10: 1-9.\nKhan B. Smith &amp; Sons. J. Chem. 4: 20-29.\nLee C. Plain & typed. Soil. 12:1-9.",
      modification: "2025-02-03T04:05:06.000Z",
    });
    const h = await headOf(j.host, `/archives/2024/vol3/issue2/${a.refnumber}`);
    const plain = [
      "Rao A. Studies on soil. Sci. Rep. 10: 1-9.",
      "Khan B. Smith & Sons. J. Chem. 4: 20-29.",
      "Lee C. Plain & typed. Soil. 12:1-9.",
    ];
    expect(values(h, "citation_reference")).toEqual(plain);
    expect(h.jsonLd.citation.map((c: { name: string }) => c.name)).toEqual(plain);
    expect(values(h, "citation_author")).toEqual(["van der Berg, Maria", "Wei, Li", "Plato"]);
    const plainTitle = `Removal of Cr6+ by Zingiber officinale extract: ${"a long and careful title ".repeat(5)}end`;
    expect(values(h, "citation_title")).toEqual([plainTitle]);
    expect(h.jsonLd.headline).toBe(plainTitle);
    expect(h.jsonLd.dateModified).toBe("2025-02-03T04:05:06.000Z");
    // The journal's own cover (its drawn default until one is uploaded), never a picture shared by every journal.
    expect(h.jsonLd.image).toBe(`https://${j.domain}/assets/branding/cover.svg`);
    expect(values(h, "og:image")).toEqual([`https://${j.domain}/assets/branding/cover.svg`]);
    expect(values(h, "twitter:card")).toEqual(["summary"]);
    // The image is there to be fetched.
    expect((await request(j.host, "/assets/branding/cover.svg")).headers.get("content-type")).toContain("image/svg+xml");
  });

  it("decodes named entities (&szlig;) in meta tags; a tag typed as text stays text (issue 26)", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j);
    // Legacy rows with entity-encoded markup are decoded once by migration 0015; since then "&lt;i&gt;" is text.
    await db.update(articles).set({ title: "Role of <i>E. coli</i> &lt;i&gt; in Gro&szlig;stadt soils" }).where(eq(articles.id, a.id));
    const h = await headOf(j.host, `/archives/2024/vol3/issue2/${a.refnumber}`);
    expect(values(h, "citation_title")).toEqual(["Role of E. coli <i> in Großstadt soils"]);
    expect(values(h, "og:title")).toEqual(["Role of E. coli <i> in Großstadt soils"]);
  });
});
