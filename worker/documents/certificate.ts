// The certificate of publication: one A4 landscape page per author of an article.
import type { ArticleFacts, Branding, EditorFacts } from "./document-data";
import { brandingFacts, pagesLabel } from "./document-data";
import { certificateFrame, divider, GOLD, INK, MUTED, NAVY, seal } from "./ornaments";
import { A4_LANDSCAPE, PdfWriter, type PageCanvas } from "./pdf-writer";
import { drawText, parseRichText } from "./text-layout";
import { drawLineFitted, drawRichFitted, fitLine, fitRichText, type RichFitted } from "./text-fit";
import { drawVerificationMark, type VerificationMark } from "../verification/verification-mark";

export interface CertificateInput {
  branding: Branding;
  article: ArticleFacts;
  author: string;
  chief: EditorFacts | null;
  /**
   * The QR code and printed /verify address (worker/verification/verification-mark.ts). Every certificate the Worker
   * issues has one; null only for the bench's figure of the page without it.
   */
  verification: VerificationMark | null;
}

/** The masthead shared by both certificates: journal name, ISSN and impact factor, a divider. Returns the next y. */
export function drawMasthead(c: PageCanvas, branding: Branding, top: number): number {
  const cx = c.width / 2;
  const { size: nameSize } = drawLineFitted(c, branding.name, cx, top, {
    maxSize: 22,
    minSize: 11,
    width: c.width - 260,
    style: { bold: true },
    color: NAVY,
    align: "center",
  });
  let y = top - nameSize * 0.5 - 12;
  const facts = brandingFacts(branding);
  if (facts.length) {
    drawLineFitted(c, facts.join("   |   "), cx, y, {
      maxSize: 10,
      minSize: 7,
      width: c.width - 260,
      color: MUTED,
      align: "center",
      tracking: 0.3,
    });
    y -= 16;
  }
  divider(c, cx, y, 150);
  return y - 16;
}

/** The heading "CERTIFICATE" with its subtitle beneath, letter-spaced. Returns the next y. */
export function drawHeading(c: PageCanvas, title: string, subtitle: string, top: number): number {
  const cx = c.width / 2;
  drawText(c, title, cx, top - 30, { size: 38, style: { bold: true }, color: NAVY, align: "center", tracking: 7 });
  drawText(c, subtitle, cx, top - 54, { size: 13, color: GOLD, align: "center", tracking: 5 });
  return top - 84;
}

/**
 * A certificate's page up to its holder's name: the frame, the masthead, "CERTIFICATE" over `subtitle`, and "This
 * is to certify that". Returns the page, its centre and the baseline for the name.
 */
export function startCertificatePage(writer: PdfWriter, branding: Branding, subtitle: string): { c: PageCanvas; cx: number; y: number } {
  const c = writer.addPage(A4_LANDSCAPE);
  const cx = c.width / 2;
  certificateFrame(c);
  let y = drawMasthead(c, branding, c.height - 88);
  y = drawHeading(c, "CERTIFICATE", subtitle, y);
  drawText(c, "This is to certify that", cx, y, { size: 13, style: { italic: true }, color: MUTED, align: "center" });
  return { c, cx, y: y - 40 };
}

/** Signature line with name and role, centred on cx. */
export function drawSignature(c: PageCanvas, cx: number, baseline: number, name: string | null, role: string): void {
  c.save()
    .strokeColor(INK)
    .lineWidth(0.7)
    .line(cx - 95, baseline + 16, cx + 95, baseline + 16)
    .restore();
  if (name)
    drawLineFitted(c, name, cx, baseline, { maxSize: 12, minSize: 7, width: 200, style: { bold: true }, color: INK, align: "center" });
  drawText(c, role, cx, baseline - (name ? 14 : 0), { size: 10, style: { italic: true }, color: MUTED, align: "center" });
}

/** A label over a value ("Reference No." / "REF123"), centred on cx. */
export function drawFact(c: PageCanvas, cx: number, baseline: number, label: string, value: string): void {
  drawText(c, label.toUpperCase(), cx, baseline + 16, { size: 7.5, color: MUTED, align: "center", tracking: 1.2 });
  drawLineFitted(c, value, cx, baseline, { maxSize: 11, minSize: 7, width: 200, style: { bold: true }, color: INK, align: "center" });
  c.save()
    .strokeColor(GOLD)
    .lineWidth(0.5)
    .line(cx - 60, baseline - 6, cx + 60, baseline - 6)
    .restore();
}

const TITLE_WIDTH_MARGIN = 110;

/** The title in italics: 16 pt down to 10 pt, at most four lines, then an ellipsis. */
export function certificateTitle(titleHtml: string, pageWidth: number = A4_LANDSCAPE.width): RichFitted {
  return fitRichText(
    parseRichText(titleHtml),
    { style: { italic: true } },
    { maxSize: 16, minSize: 10, width: pageWidth - 2 * TITLE_WIDTH_MARGIN, maxLines: 4 },
  );
}

/** The author's name on the certificate: 30 pt down to 14 pt on one line, then an ellipsis. */
export const certificateName = (author: string, pageWidth: number = A4_LANDSCAPE.width) =>
  fitLine(author, { style: { bold: true } }, 30, 14, pageWidth - 240);

export async function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { branding, article, author, chief, verification } = input;
  const writer = await PdfWriter.create({
    lang: branding.lang,
    title: `Certificate of Publication — ${author}`,
    author: branding.name,
    subject: `${article.title} (${article.refnumber})`,
  });
  const { c, cx, y: top } = startCertificatePage(writer, branding, "OF PUBLICATION");
  let y = top;
  const name = certificateName(author, c.width);
  drawText(c, name.lines[0], cx, y, { size: name.size, style: { bold: true }, color: NAVY, align: "center" });
  y -= 12;
  c.save()
    .strokeColor(GOLD)
    .lineWidth(0.8)
    .line(cx - 190, y, cx + 190, y)
    .restore();
  y -= 24;
  drawText(c, "has published the research article entitled", cx, y, { size: 12, style: { italic: true }, color: MUTED, align: "center" });
  y -= 24;

  const title = certificateTitle(article.titleHtml, c.width);
  y = drawRichFitted(c, title, y, {
    x: TITLE_WIDTH_MARGIN,
    width: c.width - 2 * TITLE_WIDTH_MARGIN,
    leading: 1.3,
    align: "center",
    color: INK,
  });
  y -= 4;
  const where = `in ${branding.name}, Volume ${article.volume}, Issue ${article.issue}, ${article.published}${article.pages ? `, ${pagesLabel(article.pages)} ${article.pages}` : ""}.`;
  drawLineFitted(c, where, cx, y, { maxSize: 12, minSize: 8, width: c.width - 200, color: INK, align: "center" });

  // Bottom row: reference and date on the left, the seal in the middle, the signature on the right.
  const base = 92;
  drawFact(c, 190, base + 30, "Reference No.", article.refnumber);
  drawFact(c, 190, base - 10, "Date of Publication", article.published);
  seal(c, cx, base + 22, 40, ["PEER", "REVIEWED"]);
  drawSignature(c, c.width - 190, base, chief?.name ?? null, "Editor-in-Chief");
  if (verification) drawVerificationMark(c, verification);
  return writer.save();
}
