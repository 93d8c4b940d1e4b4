// The certificate of appointment of an editor: one A4 landscape page, the same frame as the publication certificate.
import { affiliationWithCountry, type Branding, type EditorFacts } from "./document-data";
import { INK, MUTED, NAVY, GOLD, seal } from "./ornaments";
import { PdfWriter } from "./pdf-writer";
import { drawText } from "./text-layout";
import { drawFittedLines, drawLineFitted, fitParagraph } from "./text-fit";
import { drawFact, drawSignature, startCertificatePage } from "./certificate";
import { drawVerificationMark, type VerificationMark } from "../verification/verification-mark";

export interface AppointmentInput {
  branding: Branding;
  editor: EditorFacts;
  chief: EditorFacts | null;
  /**
   * The QR code and printed /verify address (worker/verification/verification-mark.ts). Every certificate the Worker
   * issues has one; null only for the bench's figure of the page without it.
   */
  verification: VerificationMark | null;
}

export async function buildAppointmentCertificate({ branding, editor, chief, verification }: AppointmentInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({
    lang: branding.lang,
    title: `Certificate of Appointment — ${editor.name}`,
    author: branding.name,
    subject: editor.role,
  });
  const { c, cx, y: top } = startCertificatePage(writer, branding, "OF APPOINTMENT");
  let y = top;
  const name = editor.degree ? `${editor.name} (${editor.degree})` : editor.name;
  drawLineFitted(c, name, cx, y, { maxSize: 30, minSize: 14, width: c.width - 240, style: { bold: true }, color: NAVY, align: "center" });
  y -= 12;
  c.save()
    .strokeColor(GOLD)
    .lineWidth(0.8)
    .line(cx - 190, y, cx + 190, y)
    .restore();
  y -= 22;
  const about = [editor.post, affiliationWithCountry(editor.affiliation, editor.country)].filter(Boolean).join(", ");
  if (about) {
    const fitted = fitParagraph(about, {}, { maxSize: 11.5, minSize: 9, width: c.width - 280, maxLines: 2 });
    y = drawFittedLines(c, fitted, y, { text: about, x: 140, width: c.width - 280, leading: 1.3, align: "center", color: INK }) - 6;
  }
  drawText(c, "has been appointed as", cx, y, { size: 12, style: { italic: true }, color: MUTED, align: "center" });
  y -= 28;
  drawLineFitted(c, editor.role, cx, y, {
    maxSize: 20,
    minSize: 12,
    width: c.width - 240,
    style: { bold: true },
    color: NAVY,
    align: "center",
  });
  y -= 24;
  const of = `of the Editorial Board of ${branding.name}`;
  drawLineFitted(c, of, cx, y, { maxSize: 12.5, minSize: 8, width: c.width - 220, color: INK, align: "center" });
  y -= 18;
  drawText(c, "in recognition of distinguished scholarship and service to peer review.", cx, y, {
    size: 11,
    style: { italic: true },
    color: MUTED,
    align: "center",
  });

  const base = 92;
  drawFact(c, 190, base + 30, "Member Since", editor.since);
  drawFact(c, 190, base - 10, "Board Position", editor.role);
  seal(c, cx, base + 22, 40, ["EDITORIAL", "BOARD"]);
  drawSignature(
    c,
    c.width - 190,
    base,
    editor.category === "chief editor" ? null : (chief?.name ?? null),
    editor.category === "chief editor" ? "For the Publisher" : "Editor-in-Chief",
  );
  if (verification) drawVerificationMark(c, verification);
  return writer.save();
}
