// `npx tsx scripts/copyright-form.ts`: writes web/static/docs/copyright-form.pdf, the copyright transfer form
// the Instructions page offers for download (docs/decisions/0043). Journal-neutral ("the Journal"), so one
// static file serves every journal of the deployment. Re-run only when the wording changes.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/static/docs/copyright-form.pdf");
const NAVY = rgb(0.09, 0.21, 0.36);
const GOLD = rgb(0.69, 0.55, 0.18);
const INK = rgb(0.12, 0.14, 0.19);
const GREY = rgb(0.42, 0.45, 0.5);

const doc = await PDFDocument.create();
doc.setTitle("Copyright Transfer Form");
doc.setSubject("Copyright transfer for an article accepted for publication");
doc.setCreator("journal-edge");
doc.setProducer("pdf-lib");
const serif = await doc.embedFont(StandardFonts.TimesRoman);
const serifBold = await doc.embedFont(StandardFonts.TimesRomanBold);
const sans = await doc.embedFont(StandardFonts.Helvetica);
const sansBold = await doc.embedFont(StandardFonts.HelveticaBold);

const page = doc.addPage([595.28, 841.89]); // A4
const { width, height } = page.getSize();
const M = 56;
let y = height - 64;

page.drawRectangle({ x: 0, y: height - 10, width, height: 10, color: NAVY });
page.drawRectangle({ x: 0, y: height - 13, width, height: 3, color: GOLD });

const center = (text: string, size: number, font = serifBold, color = NAVY) => {
  page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
};
center("COPYRIGHT TRANSFER FORM", 20);
y -= 20;
center("To be signed by the corresponding author on behalf of all authors", 10.5, serif, GREY);
y -= 30;

/** Wraps text to the page width and draws it; returns nothing, moves y. */
function paragraph(text: string, opts: { size?: number; font?: typeof serif; indent?: number; gap?: number } = {}) {
  const size = opts.size ?? 10.5;
  const font = opts.font ?? serif;
  const x = M + (opts.indent ?? 0);
  const max = width - M - x;
  let line = "";
  const flush = () => {
    page.drawText(line, { x, y, size, font, color: INK });
    y -= size * 1.45;
    line = "";
  };
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > max) flush();
    line = line ? `${line} ${word}` : word;
  }
  if (line) flush();
  y -= opts.gap ?? 6;
}

function field(label: string, lines = 1) {
  page.drawText(label, { x: M, y, size: 9.5, font: sansBold, color: NAVY });
  y -= 18;
  for (let i = 0; i < lines; i++) {
    page.drawLine({ start: { x: M, y }, end: { x: width - M, y }, thickness: 0.6, color: GREY });
    y -= 20;
  }
  y -= 2;
}

function heading(text: string) {
  page.drawText(text.toUpperCase(), { x: M, y, size: 10, font: sansBold, color: GOLD });
  y -= 16;
}

heading("Article");
field("Title of the article", 2);
field("Reference number");

heading("Authors (at most five, in the order of the article)");
for (let i = 1; i <= 5; i++) {
  page.drawText(`${i}.`, { x: M, y: y + 4, size: 10, font: sans, color: GREY });
  page.drawLine({ start: { x: M + 18, y }, end: { x: width - M, y }, thickness: 0.6, color: GREY });
  y -= 20;
}
y -= 6;

heading("Corresponding author");
field("Name, institute address, e-mail and phone", 2);

heading("Declaration");
paragraph(
  "I, the corresponding author, sign this form on behalf of all authors of the article named above, with their consent. Upon its publication, the authors transfer the copyright of the article, in print and electronic form, to the Journal. The authors keep the right to be named as its authors, to use the article in their own teaching and research, and to deposit the published version in institutional repositories with a reference to the Journal.",
);
paragraph("The authors declare that:", { gap: 2 });
for (const item of [
  "the article is original, has not been published before and is not under review elsewhere;",
  "all authors have seen and approved the final version and agree to its submission;",
  "the article infringes no copyright or other right of any third party, and permission has been obtained for any material taken from other sources;",
  "all sources of funding and any conflict of interest are stated in the article.",
]) {
  page.drawText("\u2022", { x: M + 6, y, size: 10.5, font: serif, color: GOLD });
  paragraph(item, { indent: 18, gap: 1 });
}
y -= 18;

const sigW = (width - 2 * M - 40) / 3;
for (const [i, label] of ["Signature of the corresponding author", "Place", "Date"].entries()) {
  const x = M + i * (sigW + 20);
  page.drawLine({ start: { x, y }, end: { x: x + sigW, y }, thickness: 0.6, color: INK });
  page.drawText(label, { x, y: y - 13, size: 8.5, font: sans, color: GREY });
}

page.drawRectangle({ x: 0, y: 0, width, height: 44, color: rgb(0.95, 0.96, 0.97) });
const note = "Send a scan of the signed form to the editorial office by e-mail, quoting the reference number.";
page.drawText(note, { x: (width - sans.widthOfTextAtSize(note, 9)) / 2, y: 18, size: 9, font: sans, color: NAVY });

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, await doc.save());
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
