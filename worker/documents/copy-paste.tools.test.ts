// Copy-paste of Indic names in poppler: what pdftotext (and so Evince and Okular) copies from every document a name
// appears on reads in logical order, and qpdf finds each file clean. pdf.js's reading of the same documents:
// copy-paste.test.ts. Per-cluster ToUnicode, docs/decisions/0058-copy-paste-of-indic-text.md.
import { describe, expect } from "vitest";
import { fileCheck } from "./file-check.testing";
import { nfc, readsNamesBack } from "./copy-paste.testing";

/** poppler's pdftotext of a file qpdf finds clean, NFC with whitespace collapsed. */
async function poppler(bytes: Uint8Array): Promise<string> {
  const check = await fileCheck("qpdf-check", bytes);
  expect(check.ok, check.output).toBe(true);
  const text = await fileCheck("pdftotext", bytes);
  expect(text.ok, text.output).toBe(true);
  return nfc(text.output);
}

describe("copy-paste of Indic names in poppler", () => {
  readsNamesBack(poppler);
});
