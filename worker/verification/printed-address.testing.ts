// Test helper: the /verify address a certificate prints, read from the PDF by pdf.js (what a reader copies). Codes
// are three groups of four (the first codes) or four (docs/decisions/0183).
import { pdfText } from "../documents/pdf-text.testing";

export async function printedAddress(pdf: Uint8Array): Promise<string> {
  const { text } = await pdfText(pdf);
  const m = /Verify at (https:\/\/\S+\/verify\/[0-9A-Z]{4}(?:-[0-9A-Z]{4}){2,3})/.exec(text);
  if (!m) throw new Error(`no verify address in: ${text}`);
  return m[1];
}
