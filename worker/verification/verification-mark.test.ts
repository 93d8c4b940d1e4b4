// The verification block at the extremes (issue 31): one-letter and very long names, a 100-character reference
// number, a four-line title, long domains. The certificate keeps its layout (no text box leaves the page or overlaps
// another, none enters the QR's quiet zone) and the address is printed whole. That zbarimg reads the QR back to
// exactly it: verification-mark.tools.test.ts.
import { describe, expect, it } from "vitest";
import type { RecordedPage } from "../documents/pdf-writer";
import { QR_PLACE, qrMatrix } from "./verification-mark";
import { CASES, markedDocuments } from "./verification-mark.testing";

/** Text boxes drawn on the page, as the fuzz test measures them (baseline box from 0.25 below to 0.8 above). */
function boxes(page: RecordedPage) {
  return page.texts
    .filter((t) => t.width > 0 && t.text.trim())
    .map((t) => ({ text: t.text, x0: t.x, x1: t.x + t.width, y0: t.y - 0.25 * t.size, y1: t.y + 0.8 * t.size }));
}

function layoutProblems(page: RecordedPage, address: string): string[] {
  const problems: string[] = [];
  const quiet = (4 * QR_PLACE.side) / qrMatrix(address).length;
  const qr = {
    x0: QR_PLACE.centreX - QR_PLACE.side / 2 - quiet,
    x1: QR_PLACE.centreX + QR_PLACE.side / 2 + quiet,
    y0: QR_PLACE.centreY - QR_PLACE.side / 2 - quiet,
    y1: QR_PLACE.centreY + QR_PLACE.side / 2 + quiet,
  };
  const all = boxes(page);
  for (const [i, b] of all.entries()) {
    if (b.x0 < 36 || b.x1 > page.width - 36 || b.y0 < 36 || b.y1 > page.height - 36) problems.push(`"${b.text}" leaves the page`);
    if (Math.min(b.x1, qr.x1) - Math.max(b.x0, qr.x0) > 0.5 && Math.min(b.y1, qr.y1) - Math.max(b.y0, qr.y0) > 0.5) {
      problems.push(`"${b.text.slice(0, 40)}" enters the QR's quiet zone`);
    }
    for (const o of all.slice(i + 1)) {
      if (Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0) > 0.5 && Math.min(b.y1, o.y1) - Math.max(b.y0, o.y0) > 0.5) {
        problems.push(`"${b.text.slice(0, 30)}" overlaps "${o.text.slice(0, 30)}"`);
      }
    }
  }
  return problems;
}

describe("the verification block", () => {
  it.each(CASES)("fits with $author, ref $refnumber on $domain, the whole address printed", { timeout: 120_000 }, async (c) => {
    const { address, documents } = await markedDocuments(c);
    for (const [page] of documents) {
      expect(layoutProblems(page, address)).toEqual([]);
      expect(page.texts.map((t) => t.text)).toContain(`Verify at ${address}`);
    }
  });
});
