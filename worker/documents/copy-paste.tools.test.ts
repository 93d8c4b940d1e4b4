// Copy-paste of Indic names in poppler: what pdftotext (and so Evince and Okular) copies from every document a name
// appears on reads in logical order, and qpdf finds each file clean. pdf.js's reading of the same documents:
// copy-paste.test.ts. Per-cluster ToUnicode, docs/decisions/0058-copy-paste-of-indic-text.md.
import { describe, expect, it } from "vitest";
import { fileCheck } from "./file-check.testing";
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

/** poppler's pdftotext of a file qpdf finds clean, NFC with whitespace collapsed. */
async function poppler(bytes: Uint8Array): Promise<string> {
  const check = await fileCheck("qpdf-check", bytes);
  expect(check.ok, check.output).toBe(true);
  const text = await fileCheck("pdftotext", bytes);
  expect(text.ok, text.output).toBe(true);
  return nfc(text.output);
}

describe("copy-paste of Indic names in poppler", () => {
  it.each(INDIC_NAMES)("reads %s back in logical order from a certificate", async (name) => {
    const text = await poppler(await certificateOf(name));
    expect(text).toContain(nfc(name));
    // Nothing read twice (ActualText and ToUnicode) and no stray characters around the name.
    expect(text.split(nfc(name)).length).toBe(2);
  });

  it("reads a Latin and Indic author list back in order from the cover page and the index page", async () => {
    const cover = await poppler(await mixedCoverPage());
    expectAuthorListInOrder(cover);
    expectAuthorListInOrder(await poppler(await mixedIndexPage()));
    expect(cover).toContain(nfc(MIXED_AUTHORS.join(", ")));
  });

  it("reads Indic editors' names back from the editorial board and an appointment certificate", async () => {
    const board = await poppler(await indicBoard());
    for (const name of BOARD_NAMES) expect(board).toContain(nfc(name));
    expect(await poppler(await indicAppointment())).toContain(APPOINTED);
  });

  it("keeps a glyph that stands for different text in different words apart (own code, same outline)", async () => {
    expect(await poppler(await certificateOf(SHARED_GLYPH_NAME, false))).toContain(SHARED_GLYPH_NAME);
  });
});
