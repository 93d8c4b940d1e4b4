// The verification block of a certificate: a QR code of the certificate's /verify address and the address printed
// beneath, so anyone can check the certificate by scanning or typing (issue 31). @paulmillr/qr computes the QR
// matrix; the drawing is ours, vectors in the page's content stream: each row's run of dark modules is one
// rectangle, all filled as one path (a sharp code at any zoom and print resolution, ~1–2 KB deflated).
import encodeQR from "@paulmillr/qr";
import { INK, MUTED } from "../documents/ornaments";
import type { PageCanvas } from "../documents/pdf-writer";
import { drawLineFitted } from "../documents/text-fit";

export interface VerificationMark {
  /** The absolute address the QR encodes and the certificate prints: https://{journal host}/verify/{code}. */
  address: string;
}

/**
 * A fixed mask pattern. Choosing the best of the eight (what the encoder does by default) scores each on the whole
 * matrix and cost ~2 ms per code, more than the rest of a certificate; any mask gives a valid, readable symbol
 * (ISO/IEC 18004 7.8: the choice only avoids awkward patterns), and the zbarimg test decodes every code drawn.
 */
const QR_MASK = 2;

/**
 * Bytes a QR version holds in byte mode at ECC level M (ISO/IEC 18004 table 7), versions 1–20. Naming the version
 * spares the encoder its search, which tries each version from 1 up and throws on each that is too small: ~0.4 ms.
 */
const BYTE_CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666];
const utf8 = new TextEncoder();

/** The QR's dark modules as [row][column] booleans, quiet zone excluded. ECC level M (15% damage recovered). */
export function qrMatrix(text: string): boolean[][] {
  const bytes = utf8.encode(text).length;
  const version = BYTE_CAPACITY_M.findIndex((capacity) => capacity >= bytes) + 1;
  return encodeQR(text, "raw", { ecc: "medium", border: 0, mask: QR_MASK, encoding: "byte", ...(version ? { version } : {}) });
}

/**
 * Draws the QR with its top-left corner at (x, top), `side` points wide (quiet zone not included). Drawn in module
 * units under one transform (y down), so every rectangle is four small integers: a short, quickly written stream.
 */
export function drawQr(c: PageCanvas, matrix: boolean[][], x: number, top: number, side: number): void {
  const n = matrix.length;
  const m = side / n;
  c.save().fillColor(INK).transform(m, 0, 0, -m, x, top);
  for (let row = 0; row < n; row++) {
    const cells = matrix[row];
    let col = 0;
    while (col < n) {
      if (!cells[col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && cells[col]) col++;
      c.rect(start, row, col - start, 1);
    }
  }
  c.fill().restore();
}

/**
 * Where the QR sits on an A4 landscape certificate: between the reference/date facts (≤ 290 pt wide on the right) and
 * the seal (from ~377 pt), its quiet zone (4 modules, ~7 pt) clear of both.
 */
export const QR_PLACE = { centreX: 327, centreY: 111, side: 60 } as const;
/** The printed address: one line under the facts and the QR, clear of the corner flourish and the seal. */
const ADDRESS_CENTRE_X = 232;
const ADDRESS_BASELINE = 56;
const ADDRESS_WIDTH = 250;

/** The QR and the printed address, in the bottom-left of a certificate page. */
export function drawVerificationMark(c: PageCanvas, mark: VerificationMark): void {
  const { centreX, centreY, side } = QR_PLACE;
  drawQr(c, qrMatrix(mark.address), centreX - side / 2, centreY + side / 2, side);
  drawLineFitted(c, `Verify at ${mark.address}`, ADDRESS_CENTRE_X, ADDRESS_BASELINE, {
    maxSize: 7.5,
    minSize: 5,
    width: ADDRESS_WIDTH,
    color: MUTED,
    align: "center",
    tracking: 0.2,
  });
}
