// RIS and BibTeX downloads next to each article, read back with citation-js (an independent, maintained parser).
import { describe, expect, it } from "vitest";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-ris";
import "@citation-js/plugin-bibtex";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { bodyText } from "#tests/api/body-text";

async function parsed(host: string, path: string) {
  const res = await request(host, path);
  const text = await bodyText(res);
  return { res, text, item: new Cite(text).data[0] as Record<string, any> };
}

const names = (item: Record<string, any>) => (item.author as { given?: string; family?: string }[]).map((a) => [a.given, a.family]);

describe("citation downloads", () => {
  for (const kind of ["ris", "bib"] as const) {
    it(`.${kind}: title, authors in order, journal, volume, issue, pages, year and DOI round-trip`, async () => {
      const j = await scholarlyJournal();
      await ensureIssue(j, 2024, 3, 2);
      const a = await fullArticle(j, { title: "Nitrogen {fixation} in <i>Vigna</i>: 50% & more_than $5 #1" });
      const { res, text, item } = await parsed(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.${kind}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(
        kind === "ris" ? "application/x-research-info-systems; charset=utf-8" : "application/x-bibtex; charset=utf-8",
      );
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${a.refnumber}.${kind}"`);
      expect(item.type).toBe("article-journal");
      expect(item.title).toBe("Nitrogen {fixation} in Vigna: 50% & more_than $5 #1");
      expect(names(item)).toEqual([
        ["Asha", "Verma"],
        ["Rahul", "Singh"],
        ["Aynur", "Məmmədova"],
      ]);
      expect(item["container-title"]).toBe("International Journal of Soil & Crop Science");
      expect(String(item.volume)).toBe("3");
      expect(String(item.issue)).toBe("2");
      expect(String(item.page).replace(/[–-]+/, "-")).toBe("73-80");
      expect(item.issued["date-parts"][0][0]).toBe(2024);
      expect(item.DOI).toBe(a.doi);
      expect(text).toContain(`https://${j.domain}/archives/2024/vol3/issue2/${a.refnumber}`);
    });
  }

  it(".bib keeps the title's case and names the month by macro; both files say noindex (issue 27 items 5, 6)", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, { title: "CuO nanoparticles of <i>Zingiber</i> remove Cr<sup>6+</sup>", publishdate: "2024-11-05" });
    const bibRes = await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.bib`);
    const bib = await bodyText(bibRes);
    // The braces and the month macro as bibtool reads them: citations.tools.test.ts.
    expect(new Cite(bib).data[0].issued["date-parts"][0]).toEqual([2024, 11]);
    expect(bibRes.headers.get("x-robots-tag")).toBe("noindex");
    // Also when the answer comes from the edge cache (the second request).
    for (let i = 0; i < 2; i++) {
      const risRes = await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.ris`);
      expect(risRes.headers.get("x-robots-tag")).toBe("noindex");
    }
  });

  it("answers 404 for a hidden article, a wrong issue or an unknown reference", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const hidden = await fullArticle(j, { status: "disabled" });
    const shown = await fullArticle(j);
    for (const path of [
      `/archives/2024/vol3/issue2/${hidden.refnumber}.ris`,
      `/archives/2024/vol3/issue1/${shown.refnumber}.bib`,
      "/archives/2024/vol3/issue2/NOPE.ris",
    ]) {
      expect((await request(j.host, path)).status, path).toBe(404);
    }
  });

  it("reads /archives URLs as the pages do: parts without digits are one answer, 404, for page, PDF, RIS and BibTeX", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const shown = await fullArticle(j);
    for (const suffix of ["", ".pdf", ".ris", ".bib"]) {
      for (const base of ["/archives/year/vol3/issue2", "/archives/2024/volume/issue2", "/archives/2024/vol3/issue"]) {
        const path = `${base}/${shown.refnumber}${suffix}`;
        expect((await request(j.host, path)).status, path).toBe(404);
      }
    }
  });
});
