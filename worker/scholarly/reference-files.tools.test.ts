// An article's references as BibTeX and RIS (issue 51 item 4), read by programs nobody here wrote: bibtool and
// bibutils' bib2xml for the .bib, bibutils' ris2xml for the .ris. Each reads every reference with the parts the
// platform's reading gives it (staff's correction included), a reference the parser could not split keeps its whole
// text, and LaTeX's special characters come back as typed.
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { adminToken, bearer } from "#tests/api/auth-fixtures";
import { bodyText } from "#tests/api/body-text";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import type { ReferencesAnswer } from "#contract/fulltext";
import type { StructuredReference } from "#contract/reference-parse";
import { bibtoolEntries, modsReferences, type ModsReference } from "./outside-readers.testing";

const REFERENCES = [
  "Rao AK, Singh P. Heavy metals in river sediments of Kerala. J Environ Sci. 2020;12(3):45-52.",
  "Okafor C, Bello T. Nitrogen fixation by Rhizobium in cowpea. Afr J Biotechnol. 2018;17(4):101-109. doi:10.5897/AJB2018.16000",
  "Smith, J., & Brown, L. (2019). Soil carbon & 50% of tillage_effects in loam. Journal of Agricultural Science, 157(2), 120–131.",
  "Personal communication with the district agricultural officer",
];

/** What a reader of the file should find for a reference the platform read into `r`. */
function expectSameParts(read: ModsReference, r: StructuredReference) {
  expect(read.title).toBe(r.title);
  expect(read.authors.map((a) => a.split(" ").pop())).toEqual(r.authors.map((a) => a.family.split(" ").pop()));
  expect(read.year).toBe(r.year);
  expect(read.host).toBe(r.source);
  expect(read.volume).toBe(r.volume);
  expect(read.issue).toBe(r.issue);
  expect(read.pages).toBe([r.fpage, r.lpage].filter(Boolean).join("-"));
  expect(read.doi).toBe(r.doi);
}

describe("an article's references as BibTeX and RIS", () => {
  it("bibtool, bib2xml and ris2xml read every reference in its parts, staff's correction included", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { referenceList: REFERENCES.join("\n") });
    const auth = bearer(await adminToken(j));
    const refsPath = `/api/admin/articles/${a.id}/references`;
    const read = (await (await request(j.host, refsPath, { headers: auth })).json()) as ReferencesAnswer;
    // Staff correct the first reference's journal name; the files carry the correction.
    const corrected = { ...read.references[0], source: "Journal of Environmental Sciences" };
    const put = await request(j.host, refsPath, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ references: [corrected] }),
    });
    expect(put.status).toBe(200);
    const refs = ((await put.json()) as ReferencesAnswer).references;
    expect(refs).toHaveLength(4);

    const base = `/archives/2024/vol3/issue2/${a.refnumber}.references`;
    const bibRes = await request(j.host, `${base}.bib`);
    expect(bibRes.status).toBe(200);
    expect(bibRes.headers.get("content-type")).toContain("application/x-bibtex");
    expect(bibRes.headers.get("content-disposition")).toBe(`attachment; filename="${a.refnumber}-references.bib"`);
    const bib = await bodyText(bibRes);
    const risRes = await request(j.host, `${base}.ris`);
    expect(risRes.status).toBe(200);
    expect(risRes.headers.get("content-type")).toContain("application/x-research-info-systems");
    const ris = await bodyText(risRes);

    // bibtool: four entries with distinct keys; journal articles are @article, the rest @misc.
    const entries = await bibtoolEntries(bib);
    expect(entries.map((e) => e.type)).toEqual(["article", "article", "article", "misc"]);
    expect(new Set(entries.map((e) => e.key)).size).toBe(4);

    for (const tool of ["bib2xml", "ris2xml"] as const) {
      const mods = await modsReferences(tool, tool === "bib2xml" ? bib : ris);
      expect(mods, tool).toHaveLength(4);
      for (let i = 0; i < 3; i++) expectSameParts(mods[i], refs[i]);
      expect(mods[0].host).toBe("Journal of Environmental Sciences");
      expect(mods[0]).toMatchObject({ title: "Heavy metals in river sediments of Kerala", year: "2020", volume: "12", pages: "45-52" });
      expect(mods[1].doi).toBe("10.5897/AJB2018.16000");
      // LaTeX's & % _ escaped in the .bib come back as typed.
      expect(mods[2].title).toContain("Soil carbon & 50% of tillage_effects");
      // The reference the parser could not split is kept whole.
      expect(mods[3].title, tool).toBe(REFERENCES[3]);
    }
  });

  it("an article without references has no such file, and an unknown article neither", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { referenceList: "" });
    expect((await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.references.bib`)).status).toBe(404);
    expect((await request(j.host, `/archives/2024/vol3/issue2/NO-SUCH-REF.references.ris`)).status).toBe(404);
    // The article's own citation files are as before.
    expect((await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.ris`)).status).toBe(200);
  });
});
