// The shared look of the documents: colours, the certificate frame with its corner flourishes, dividers and the
// seal. Vector paths only (no images). The frame and the seal are Form XObjects built and deflated once per isolate
// (PageCanvas.form), so a certificate only references them.
import type { PageCanvas, Rgb } from "./pdf-writer";
import { drawText } from "./text-layout";

export const INK: Rgb = [0.13, 0.14, 0.17];
export const NAVY: Rgb = [0.09, 0.19, 0.36];
export const GOLD: Rgb = [0.7, 0.55, 0.24];
export const GOLD_LIGHT: Rgb = [0.86, 0.76, 0.52];
export const MUTED: Rgb = [0.36, 0.38, 0.43];
export const PAPER: Rgb = [0.995, 0.988, 0.965];
export const RULE: Rgb = [0.8, 0.81, 0.84];
export const WHITE: Rgb = [1, 1, 1];

/** One corner flourish at (x, y), drawn for the top-left corner and mirrored by (sx, sy) for the others. */
function cornerFlourish(c: PageCanvas, x: number, y: number, sx: 1 | -1, sy: 1 | -1): void {
  c.save().transform(sx, 0, 0, sy, x, y);
  // Quarter-round bracket and two curls running along the edges.
  c.strokeColor(GOLD).lineWidth(1.2).lineCap(1);
  c.moveTo(0, -52).lineTo(0, -14).curveTo(0, -6, 6, 0, 14, 0).lineTo(52, 0).stroke();
  c.lineWidth(0.8);
  c.moveTo(14, -8).curveTo(30, -8, 40, -16, 36, -24).curveTo(33, -30, 25, -27, 28, -21).stroke();
  c.moveTo(8, -14).curveTo(8, -30, 16, -40, 24, -36).curveTo(30, -33, 27, -25, 21, -28).stroke();
  c.moveTo(52, 0).curveTo(64, 0, 72, -4, 80, -4).stroke();
  c.moveTo(0, -52).curveTo(0, -64, -4, -72, -4, -80).stroke();
  // A diamond in the corner.
  c.fillColor(GOLD).moveTo(8, -2).lineTo(12, -8).lineTo(8, -14).lineTo(4, -8).closePath().fill();
  c.restore();
}

/** Paper tone, a navy outer border, a gold double rule inside it and flourishes in the four corners. */
export function certificateFrame(c: PageCanvas): void {
  c.form(`frame ${c.width}x${c.height}`, drawFrame);
}

function drawFrame(c: PageCanvas): void {
  const { width: w, height: h } = c;
  c.save().fillColor(PAPER).rect(0, 0, w, h).fill();
  c.fillColor(NAVY)
    .rect(14, 14, w - 28, h - 28)
    .rect(24, 24, w - 48, h - 48)
    .fill(); // even-odd not needed: inner overpainted
  c.fillColor(PAPER)
    .rect(24, 24, w - 48, h - 48)
    .fill();
  c.strokeColor(GOLD)
    .lineWidth(1.6)
    .rect(31, 31, w - 62, h - 62)
    .stroke();
  c.lineWidth(0.6)
    .rect(36, 36, w - 72, h - 72)
    .stroke();
  c.restore();
  const m = 44;
  cornerFlourish(c, m, h - m, 1, 1);
  cornerFlourish(c, w - m, h - m, -1, 1);
  cornerFlourish(c, m, m, 1, -1);
  cornerFlourish(c, w - m, m, -1, -1);
}

/** A horizontal rule with a diamond in the middle, centred on `cx`. */
export function divider(c: PageCanvas, cx: number, y: number, halfWidth: number, color: Rgb = GOLD): void {
  c.save().strokeColor(color).lineWidth(0.8);
  c.line(cx - halfWidth, y, cx - 9, y).line(cx + 9, y, cx + halfWidth, y);
  c.fillColor(color)
    .moveTo(cx, y + 4)
    .lineTo(cx + 5, y)
    .lineTo(cx, y - 4)
    .lineTo(cx - 5, y)
    .closePath()
    .fill();
  c.restore();
}

/** A gold rosette seal with ribbons, centred on (cx, cy), with up to two short lines of text. */
export function seal(c: PageCanvas, cx: number, cy: number, r: number, lines: [string, string]): void {
  c.form(`seal ${cx},${cy},${r}`, (f) => drawSeal(f, cx, cy, r));
  drawText(c, lines[0], cx, cy + r * 0.06, { size: r * 0.2, style: { bold: true }, color: WHITE, align: "center", tracking: r * 0.02 });
  drawText(c, lines[1], cx, cy - r * 0.22, { size: r * 0.2, style: { bold: true }, color: WHITE, align: "center", tracking: r * 0.02 });
}

/** The seal's graphics: ribbons, scalloped rosette, rings and a star above where the text goes. */
function drawSeal(c: PageCanvas, cx: number, cy: number, r: number): void {
  c.save();
  // Ribbons behind the rosette.
  c.fillColor(NAVY);
  c.moveTo(cx - r * 0.55, cy - r * 0.2)
    .lineTo(cx - r * 0.95, cy - r * 1.55)
    .lineTo(cx - r * 0.62, cy - r * 1.38)
    .lineTo(cx - r * 0.45, cy - r * 1.7)
    .lineTo(cx - r * 0.1, cy - r * 0.4)
    .closePath()
    .fill();
  c.moveTo(cx + r * 0.55, cy - r * 0.2)
    .lineTo(cx + r * 0.95, cy - r * 1.55)
    .lineTo(cx + r * 0.62, cy - r * 1.38)
    .lineTo(cx + r * 0.45, cy - r * 1.7)
    .lineTo(cx + r * 0.1, cy - r * 0.4)
    .closePath()
    .fill();
  // Scalloped edge: a ring of small discs.
  c.fillColor(GOLD);
  const n = 28;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    c.circle(cx + Math.cos(a) * r * 0.92, cy + Math.sin(a) * r * 0.92, r * 0.12);
  }
  c.fill();
  c.fillColor(GOLD)
    .circle(cx, cy, r * 0.92)
    .fill();
  c.strokeColor(PAPER)
    .lineWidth(1)
    .circle(cx, cy, r * 0.78)
    .stroke();
  c.strokeColor(PAPER)
    .lineWidth(0.5)
    .circle(cx, cy, r * 0.72)
    .stroke();
  c.restore();
  // A small star above the text (the text never reaches it, so drawing it first changes nothing).
  const sx = cx;
  const sy = cy + r * 0.44;
  const sr = r * 0.14;
  c.save().fillColor(WHITE);
  for (let i = 0; i < 10; i++) {
    const a = Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? sr : sr * 0.45;
    const x = sx + Math.cos(a) * rr;
    const y = sy + Math.sin(a) * rr;
    if (i === 0) c.moveTo(x, y);
    else c.lineTo(x, y);
  }
  c.closePath().fill().restore();
}
