// Copy-paste of Indic names: glyphs drawn out of logical order (pre-base vowel signs, reph) must read back in logical
// order in pdf.js (Firefox's viewer, which ignores /ActualText) and in poppler (pdftotext), from every document a
// name appears on. Per-cluster ToUnicode, docs/decisions/0058-copy-paste-of-indic-text.md.
import { describe, expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { buildCoverPage } from "./cover-page";
import { buildIndexPage } from "./index-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildAppointmentCertificate } from "./appointment-certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_EDITORS, SAMPLE_VERIFICATION } from "./sample-documents";
import { pdfText } from "./pdf-text.testing";
import { fileCheck } from "./file-check.testing";
import { clusterTexts, shapeText } from "./text-shaping";

/** Names with pre-base vowel signs (ि ি ে ৈ ৌ), reph (र्म), conjuncts (प्र শ্র) and a word-initial conjunct. */
const INDIC_NAMES = ["किरण शर्मा", "प्रिया मिश्रा", "দেবাশিস রায়", "শ্রীকান্ত", "कार्तिकेय", "সৈকত মৈত্র", "কৌশিক"];
const MIXED_AUTHORS = ["John Smith", "किरण शर्मा", "Maria Rossi", "দেবাশিস রায়", "শ্রীকান্ত"];

const nfc = (s: string) => s.normalize("NFC").replace(/\s+/g, " ");

/** The text pdf.js and poppler's pdftotext extract, each NFC with whitespace collapsed. */
async function readers(bytes: Uint8Array): Promise<{ pdfjs: string; poppler: string }> {
  const poppler = await fileCheck("pdftotext", bytes);
  expect(poppler.ok, poppler.output).toBe(true);
  return { pdfjs: nfc((await pdfText(bytes)).text), poppler: nfc(poppler.output) };
}

async function expectClean(bytes: Uint8Array): Promise<void> {
  const check = await fileCheck("qpdf-check", bytes);
  expect(check.ok, check.output).toBe(true);
}

describe("copy-paste of Indic names", () => {
  it.each(INDIC_NAMES)("reads %s back in logical order from a certificate, in pdf.js and poppler", async (name) => {
    const bytes = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: name,
      chief: SAMPLE_CHIEF,
      verification: SAMPLE_VERIFICATION,
    });
    const { pdfjs, poppler } = await readers(bytes);
    expect(pdfjs).toContain(nfc(name));
    expect(poppler).toContain(nfc(name));
    // Nothing read twice (ActualText and ToUnicode) and no stray characters around the name.
    expect(pdfjs.split(nfc(name)).length).toBe(2);
    expect(poppler.split(nfc(name)).length).toBe(2);
    await expectClean(bytes);
  });

  it("reads a Latin and Indic author list back in order from the cover page and the index page", async () => {
    const article = { ...SAMPLE_ARTICLE, authors: MIXED_AUTHORS };
    const list = nfc(MIXED_AUTHORS.join(", "));
    for (const bytes of [
      await buildCoverPage({ branding: SAMPLE_BRANDING, article }),
      await buildIndexPage({ branding: SAMPLE_BRANDING, articles: [article] }),
    ]) {
      const { pdfjs, poppler } = await readers(bytes);
      // The index page wraps the list in a narrow column: compare its words in order.
      const words = list.split(" ");
      for (const text of [pdfjs, poppler]) {
        const got = text.split(" ");
        let at = got.indexOf(words[0]);
        expect(at, text).toBeGreaterThanOrEqual(0);
        for (const w of words.slice(1)) expect(got[++at], `${w} in ${text}`).toBe(w);
      }
      await expectClean(bytes);
    }
    // On the cover the list has room to run on unbroken.
    const cover = await readers(await buildCoverPage({ branding: SAMPLE_BRANDING, article }));
    expect(cover.pdfjs).toContain(list);
    expect(cover.poppler).toContain(list);
  });

  it("reads Indic editors' names back from the editorial board and an appointment certificate", async () => {
    const editors = SAMPLE_EDITORS.slice(0, 6).map((e, i) => (i < 3 ? { ...e, name: INDIC_NAMES[i] } : e));
    const board = await readers(await buildEditorialBoard({ branding: SAMPLE_BRANDING, editors }));
    for (const name of INDIC_NAMES.slice(0, 3)) {
      expect(board.pdfjs).toContain(nfc(name));
      expect(board.poppler).toContain(nfc(name));
    }
    const appointment = await buildAppointmentCertificate({
      branding: SAMPLE_BRANDING,
      editor: { ...SAMPLE_EDITORS[1], name: "শ্রীকান্ত মৈত্র" },
      chief: SAMPLE_CHIEF,
      verification: SAMPLE_VERIFICATION,
    });
    const { pdfjs, poppler } = await readers(appointment);
    expect(pdfjs).toContain("শ্রীকান্ত মৈত্র");
    expect(poppler).toContain("শ্রীকান্ত মৈত্র");
    await expectClean(appointment);
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
    // The vowel sign ি is drawn first in দে… and in শি…: one glyph that reads "দ" in one word and "শ" in another.
    const bytes = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: "দিশা শিশির",
      chief: null,
      verification: SAMPLE_VERIFICATION,
    });
    const { pdfjs, poppler } = await readers(bytes);
    expect(pdfjs).toContain("দিশা শিশির");
    expect(poppler).toContain("দিশা শিশির");
    await expectClean(bytes);
  });
});
