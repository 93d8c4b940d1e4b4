// Copy-paste of Indic names: glyphs drawn out of logical order (pre-base vowel signs, reph) must read back in logical
// order in pdf.js (Firefox's viewer, which ignores /ActualText) and in poppler (pdftotext: copy-paste.tools.test.ts),
// from every document a name appears on. Per-cluster ToUnicode, docs/decisions/0058-copy-paste-of-indic-text.md.
import { describe, expect, it } from "vitest";
import { pdfText } from "./pdf-text.testing";
import { clusterTexts, shapeText } from "./text-shaping";
import { INDIC_NAMES, nfc, readsNamesBack } from "./copy-paste.testing";

/** The text pdf.js extracts, NFC with whitespace collapsed. */
const pdfjs = async (bytes: Uint8Array) => nfc((await pdfText(bytes)).text);

describe("copy-paste of Indic names in pdf.js", () => {
  readsNamesBack(pdfjs);

  it("gives each glyph text that spells the run in logical order when read in drawing order", () => {
    for (const name of [...INDIC_NAMES, "र्क्षि", "अमिताभ बच्चन", "রবীন্দ্রনাথ ঠাকুর", "क़िला", "ড়ি"]) {
      for (const run of shapeText(name, { bold: true })) {
        expect(nfc(run.glyphs.map((g) => g.text).join("")), name).toBe(nfc(run.text));
        // pdf.js glues a glyph whose text has a nonspacing mark to what comes before: never at a word's start.
        for (let i = 0; i < run.glyphs.length; i++) {
          if (i === 0 || /\s$/.test(run.glyphs[i - 1].text)) expect(run.glyphs[i].text, `${name} glyph ${i}`).not.toMatch(/\p{Mn}/u);
        }
      }
    }
    // Drawn ि क: the vowel sign's glyph reads "क", the consonant's "ि"; a glyph never stands for nothing.
    expect(clusterTexts("कि", [[0x93f], [0x915]], [{ advance: 266 }, { advance: 737 }])).toEqual(["क", "ि"]);
    // Reph drawn after म ा (zero advance): the virama goes to a glyph that takes no room.
    expect(clusterTexts("र्मा", [[0x92e], [0x93e], [0x930, 0x94d]], [{ advance: 597 }, { advance: 266 }, { advance: 0 }]).join("")).toBe(
      "र्मा",
    );
    // Glyphs that match no character of the text (a shaper's dotted circle) still leave the text whole.
    expect(clusterTexts("कि", [[0x25cc], [0x93f], [0x915]], [{ advance: 500 }, { advance: 266 }, { advance: 737 }]).join("")).toBe("कि");
  });
});
