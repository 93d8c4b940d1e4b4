// Issue 25 item 3, written as the attack: stored titles and author names that try to close a BibTeX value and
// open a record of their own, and control characters aimed at RIS readers. Every .bib must read as exactly one
// entry, with the full title and authors, in citation-js AND in two independent readers (bibtool, bib2xml: in
// citation-injection.attack.tools.test.ts).
import { describe, expect, it } from "vitest";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-ris";
import "@citation-js/plugin-bibtex";
import { request } from "#tests/api/fixtures";
import { ensureIssue, fullArticle, scholarlyJournal } from "#tests/api/scholarly-fixtures";
import { ATTACKS, bibOf } from "./citation-injection.testing";
import { bodyText } from "#tests/api/body-text";

const fullName = (p: { given?: string; family?: string; literal?: string; "non-dropping-particle"?: string }) =>
  p.literal ?? [p.given, p["non-dropping-particle"], p.family].filter(Boolean).join(" ");

describe("BibTeX record injection (issue 25 item 3)", () => {
  for (const attack of ATTACKS) {
    it(`${attack.name}: one entry, full title and authors in citation-js`, async () => {
      const bib = await bibOf(attack.title, attack.authorname);
      const items = new Cite(bib).data as Record<string, any>[];
      expect(items).toHaveLength(1);
      expect(items[0].title).toBe(attack.title);
      expect((items[0].author as any[]).map(fullName)).toEqual(attack.authors);
    });
  }
});

describe("control characters in RIS (issue 25 item 3)", () => {
  it("U+0085, U+001E and friends never reach the .ris; the title and authors stay whole", async () => {
    const j = await scholarlyJournal();
    await ensureIssue(j, 2024, 3, 2);
    const a = await fullArticle(j, {
      title: "Next\u0085line and record\u001Eseparator \u0007bell\u009Bcsi",
      authorname: "Asha\u001E Verma, Rahul\u0085 Singh",
      abstract: "<p>Line\u2028separated\u2029text\u000Bhere.</p>",
      authorDetails: "[]",
    });
    const res = await request(j.host, `/archives/2024/vol3/issue2/${a.refnumber}.ris`);
    const ris = await bodyText(res);
    // Only CR LF end lines; no other C0 or C1 control, nor Unicode's line and paragraph separators.
    expect(ris.replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/);
    expect(ris.split("\r\n").filter((l) => l.startsWith("TY  - "))).toHaveLength(1);
    const items = new Cite(ris).data as Record<string, any>[];
    expect(items).toHaveLength(1);
    expect(items[0].title).toBe("Next line and record separator bell csi");
    expect((items[0].author as any[]).map(fullName)).toEqual(["Asha Verma", "Rahul Singh"]);
    expect(items[0].abstract).toBe("Line separated text here.");
  });
});
