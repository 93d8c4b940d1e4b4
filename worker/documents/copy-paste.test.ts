// Copy-paste of Indic names: glyphs drawn out of logical order (pre-base vowel signs, reph) must read back in logical
// order in pdf.js (Firefox's viewer, which ignores /ActualText) and in poppler (pdftotext: copy-paste.tools.test.ts),
// from every document a name appears on. Per-cluster ToUnicode, docs/decisions/0058-copy-paste-of-indic-text.md.
import { describe, expect, it } from "vitest";
import { pdfText } from "./pdf-text.testing";
import { clusterTexts, shapeText } from "./text-shaping";
import {
  APPOINTED,
  BOARD_NAMES,
  INDIC_NAMES,
  MIXED_AUTHORS,
  SHARED_GLYPH_NAME,
  certificateOf,
  expectAuthorListInOrder,
  indicAppointment,
  indicBoard,
  mixedCoverPage,
  mixedIndexPage,
  nfc,
} from "./copy-paste.testing";

/** The text pdf.js extracts, NFC with whitespace collapsed. */
const pdfjs = async (bytes: Uint8Array) => nfc((await pdfText(bytes)).text);

describe("copy-paste of Indic names", () => {
  it.each(INDIC_NAMES)("reads %s back in logical order from a certificate, in pdf.js", async (name) => {
    const text = await pdfjs(await certificateOf(name));
    expect(text).toContain(nfc(name));
    // Nothing read twice (ActualText and ToUnicode) and no stray characters around the name.
    expect(text.split(nfc(name)).length).toBe(2);
  });

  it("reads a Latin and Indic author list back in order from the cover page and the index page", async () => {
    const cover = await pdfjs(await mixedCoverPage());
    expectAuthorListInOrder(cover);
    expectAuthorListInOrder(await pdfjs(await mixedIndexPage()));
    // On the cover the list has room to run on unbroken.
    expect(cover).toContain(nfc(MIXED_AUTHORS.join(", ")));
  });

  it("reads Indic editors' names back from the editorial board and an appointment certificate", async () => {
    const board = await pdfjs(await indicBoard());
    for (const name of BOARD_NAMES) expect(board).toContain(nfc(name));
    expect(await pdfjs(await indicAppointment())).toContain(APPOINTED);
  });

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

  it("keeps a glyph that stands for different text in different words apart (own code, same outline)", async () => {
    expect(await pdfjs(await certificateOf(SHARED_GLYPH_NAME, false))).toContain(SHARED_GLYPH_NAME);
  });
});
