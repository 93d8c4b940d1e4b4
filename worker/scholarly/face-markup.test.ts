// Stored rich text as Crossref face markup and JATS paragraphs; the whole deposit is schema-checked by xmllint in
// worker/scholarly/crossref.admin.test.ts, these pin the conversions a reader would notice.
import { describe, expect, it } from "vitest";
import { XMLValidator } from "fast-xml-parser";
import { JATS_FACES, faceMarkup, faceParagraphs } from "./face-markup";

const wellFormed = (xml: string) => XMLValidator.validate(`<x xmlns:jats="urn:jats">${xml}</x>`) === true;

describe("face markup", () => {
  it("keeps faces as elements, maps em/strong, turns <br> into a space and escapes text once", () => {
    expect(faceMarkup("Cr<sup>6+</sup> &amp; <em>E. coli</em><br><strong>H<sub>2</sub>O</strong> 5 &lt; 7")).toBe(
      "Cr<sup>6+</sup> &amp; <i>E. coli</i> <b>H<sub>2</sub>O</b> 5 &lt; 7",
    );
  });

  it("reads a bare '<' as text, and a tag typed as text stays text (issue 26: legacy rows were decoded once, by migration 0015)", () => {
    expect(faceMarkup("n < 5 and x<3")).toBe("n &lt; 5 and x&lt;3");
    expect(faceMarkup("Role of &lt;i&gt;E. coli&lt;/i&gt;")).toBe("Role of &lt;i&gt;E. coli&lt;/i&gt;");
  });

  it("splits paragraphs, closing and reopening a face that spans a break; drops empty ones", () => {
    const paragraphs = faceParagraphs("<b>One <i>two</i><p>three</p>four</b><p></p><p><i> </i></p><p>Last</p>", JATS_FACES);
    expect(paragraphs).toEqual([
      "<jats:bold>One <jats:italic>two</jats:italic></jats:bold>",
      "<jats:bold>three</jats:bold>",
      "<jats:bold>four</jats:bold>",
      "Last",
    ]);
    for (const p of paragraphs) expect(wellFormed(p), p).toBe(true);
  });
});
