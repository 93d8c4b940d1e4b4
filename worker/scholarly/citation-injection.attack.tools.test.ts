// Issue 25 item 3, written as the attack, read by two independent BibTeX readers: every .bib of a stored title or
// author name that tries to close its value and open a record of its own reads as exactly one entry, with the full
// title and authors, in bibtool and bibutils' bib2xml (citation-js: citation-injection.attack.test.ts).
import { describe, expect, it } from "vitest";
import { ATTACKS, bibOf, bibutilsText } from "./citation-injection.testing";
import { bib2xmlEntries, bibtoolEntries } from "./outside-readers.testing";

describe("BibTeX record injection (issue 25 item 3)", () => {
  for (const attack of ATTACKS) {
    it(`${attack.name}: one entry, full title and authors in bibtool and bib2xml`, async () => {
      const bib = await bibOf(attack.title, attack.authorname);

      const bibtool = await bibtoolEntries(bib);
      expect(bibtool.map((e) => e.type)).toEqual(["article"]);
      expect(Object.keys(bibtool[0].fields)).not.toContain("note");
      expect(Object.keys(bibtool[0].fields)).not.toContain("x");

      const mods = await bib2xmlEntries(bib);
      expect(mods).toHaveLength(1);
      expect(bibutilsText(mods[0].title)).toBe(attack.title);
      expect(mods[0].authors).toHaveLength(attack.authors.length);
    });
  }
});
