// The demo's manuscript files (the author's submission, a revision, the copyedited manuscript, the proofs): short
// but real PDFs, as a word processor writes them, the author's name in the document information (Author, Creator),
// so the demo shows what a reviewer's copy loses (docs/decisions/0340) and every file opens in a reader.
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { printable } from "./article-pdf";

export interface ManuscriptPdfInput {
  /** "Manuscript", "Revised manuscript", "Copyedited manuscript", "Proofs". */
  kind: string;
  title: string;
  author: string;
  reference: string;
  /** Printed on the page too: copyedited files and proofs do; a manuscript for double-blind review does not. */
  authorOnPage: boolean;
}

/** Wraps `text` into lines of at most `width` points at `size`. */
function wrap(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

export async function manuscriptPdf(input: ManuscriptPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setAuthor(input.author);
  doc.setCreator("Microsoft® Word for Microsoft 365");
  doc.setProducer("Microsoft® Word for Microsoft 365");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const margin = 72;
  let y = 841.89 - margin;
  const line = (text: string, font = regular, size = 11, gap = 6) => {
    page.drawText(printable(text, font), { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= size + gap;
  };
  line(`${input.kind} · ${input.reference}`, regular, 9, 18);
  for (const l of wrap(printable(input.title, bold), 595.28 - 2 * margin, (s) => bold.widthOfTextAtSize(s, 18))) line(l, bold, 18, 6);
  y -= 12;
  line(input.authorOnPage ? input.author : "[author details removed for double-blind review]", regular, 12, 24);
  const body =
    "This file stands in for the manuscript in the demonstration journal. Its text is short on purpose; its " +
    "document information names the author, as a word processor writes it, and the copy a reviewer downloads does not.";
  for (const l of wrap(body, 595.28 - 2 * margin, (s) => regular.widthOfTextAtSize(s, 11))) line(l);
  return doc.save({ useObjectStreams: false });
}
