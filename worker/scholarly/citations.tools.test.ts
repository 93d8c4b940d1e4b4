// The .bib next to each article as bibtool (Debian) reads it: the title braced twice, so BibTeX styles that
// lower-case titles leave it as it is, and the month as BibTeX's macro (citation-js's reading: citations.test.ts).
import { describe, expect, it } from "vitest";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { bibtoolEntries } from "./outside-readers.testing";

describe("citation downloads in bibtool", () => {
  it(".bib keeps the title's case and names the month by macro (issue 27 item 5)", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { title: "CuO nanoparticles of <i>Zingiber</i> remove Cr<sup>6+</sup>", publishdate: "2024-11-05" });
    const bibRes = await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.bib`);
    expect(bibRes.status).toBe(200);
    const entries = await bibtoolEntries(await bibRes.text());
    expect(entries).toHaveLength(1);
    // Braced twice: BibTeX styles that lower-case titles leave a braced group as it is.
    expect(entries[0].fields.title).toBe("{{CuO nanoparticles of Zingiber remove Cr6+}}");
    expect(entries[0].fields.month).toBe("nov");
  });
});
