// Test helper: the documents copy-paste is checked on, shared by copy-paste.test.ts (pdf.js) and
// copy-paste.tools.test.ts (poppler's pdftotext and qpdf).
import { expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { buildCoverPage } from "./cover-page";
import { buildIndexPage } from "./index-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildAppointmentCertificate } from "./appointment-certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_EDITORS, SAMPLE_VERIFICATION } from "./sample-documents";

/** Names with pre-base vowel signs (ि ি ে ৈ ৌ), reph (र्म), conjuncts (प्र শ্র) and a word-initial conjunct. */
export const INDIC_NAMES = ["किरण शर्मा", "प्रिया मिश्रा", "দেবাশিস রায়", "শ্রীকান্ত", "कार्तिकेय", "সৈকত মৈত্র", "কৌশিক"];
export const MIXED_AUTHORS = ["John Smith", "किरण शर्मा", "Maria Rossi", "দেবাশিস রায়", "শ্রীকান্ত"];
/** The editors' names on the board (the first three Indic names) and on an appointment certificate. */
export const BOARD_NAMES = INDIC_NAMES.slice(0, 3);
export const APPOINTED = "শ্রীকান্ত মৈত্র";
/** A name whose vowel sign ি is drawn first in দি… and in শি…: one glyph that reads "দ" in one word and "শ" in another. */
export const SHARED_GLYPH_NAME = "দিশা শিশির";

export const nfc = (s: string) => s.normalize("NFC").replace(/\s+/g, " ");

export const certificateOf = (author: string, chief = true) =>
  buildCertificate({
    branding: SAMPLE_BRANDING,
    article: SAMPLE_ARTICLE,
    author,
    chief: chief ? SAMPLE_CHIEF : null,
    verification: SAMPLE_VERIFICATION,
  });

const mixedArticle = { ...SAMPLE_ARTICLE, authors: MIXED_AUTHORS };
export const mixedCoverPage = () => buildCoverPage({ branding: SAMPLE_BRANDING, article: mixedArticle });
export const mixedIndexPage = () => buildIndexPage({ branding: SAMPLE_BRANDING, articles: [mixedArticle] });

export const indicBoard = () =>
  buildEditorialBoard({
    branding: SAMPLE_BRANDING,
    editors: SAMPLE_EDITORS.slice(0, 6).map((e, i) => (i < 3 ? { ...e, name: INDIC_NAMES[i] } : e)),
  });
export const indicAppointment = () =>
  buildAppointmentCertificate({
    branding: SAMPLE_BRANDING,
    editor: { ...SAMPLE_EDITORS[1], name: APPOINTED },
    chief: SAMPLE_CHIEF,
    verification: SAMPLE_VERIFICATION,
  });

/** The author list's words, in order, somewhere in `text` (the index page wraps it in a narrow column). */
export function expectAuthorListInOrder(text: string): void {
  const words = nfc(MIXED_AUTHORS.join(", ")).split(" ");
  const got = text.split(" ");
  let at = got.indexOf(words[0]);
  expect(at, text).toBeGreaterThanOrEqual(0);
  for (const w of words.slice(1)) expect(got[++at], `${w} in ${text}`).toBe(w);
}

/**
 * What every reader must read back in logical order, from every document a name appears on: certificates, the
 * cover and index pages (a Latin and Indic author list), the editorial board, an appointment certificate, and a glyph
 * that stands for different text in different words. `read` is the reader: pdf.js (copy-paste.test.ts) or poppler's
 * pdftotext (copy-paste.tools.test.ts), its text NFC with whitespace collapsed.
 */
export function readsNamesBack(read: (bytes: Uint8Array) => Promise<string>): void {
  it.each(INDIC_NAMES)("reads %s back in logical order from a certificate", async (name) => {
    const text = await read(await certificateOf(name));
    expect(text).toContain(nfc(name));
    // Nothing read twice (ActualText and ToUnicode) and no stray characters around the name.
    expect(text.split(nfc(name)).length).toBe(2);
  });

  it("reads a Latin and Indic author list back in order from the cover page and the index page", async () => {
    const cover = await read(await mixedCoverPage());
    expectAuthorListInOrder(cover);
    expectAuthorListInOrder(await read(await mixedIndexPage()));
    // On the cover the list has room to run on unbroken.
    expect(cover).toContain(nfc(MIXED_AUTHORS.join(", ")));
  });

  it("reads Indic editors' names back from the editorial board and an appointment certificate", async () => {
    const board = await read(await indicBoard());
    for (const name of BOARD_NAMES) expect(board).toContain(nfc(name));
    expect(await read(await indicAppointment())).toContain(APPOINTED);
  });

  it("keeps a glyph that stands for different text in different words apart (own code, same outline)", async () => {
    expect(await read(await certificateOf(SHARED_GLYPH_NAME, false))).toContain(SHARED_GLYPH_NAME);
  });
}
