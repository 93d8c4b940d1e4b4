// The cover page of an article: A4 portrait, the journal's masthead band, the issue, title, authors and facts.
import type { ArticleFacts, Branding } from "./document-data";
import { brandingFacts, pagesLabel } from "./document-data";
import { divider, GOLD, GOLD_LIGHT, INK, MUTED, NAVY, RULE, WHITE } from "./ornaments";
import { A4, PdfWriter } from "./pdf-writer";
import { drawParagraph, drawRichLines, drawText, fitSize, layoutRichText, parseRichText, wrapText } from "./text-layout";

export interface CoverPageInput {
  branding: Branding;
  article: ArticleFacts;
}

export async function buildCoverPage({ branding, article }: CoverPageInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({ lang: branding.lang, title: article.title, author: article.authors.join(", "), subject: `${branding.name} — cover page` });
  const c = writer.addPage(A4);
  const { width: w, height: h } = c;
  const cx = w / 2;
  const margin = 64;

  // Masthead band.
  c.save().fillColor(NAVY).rect(0, h - 170, w, 170).fill().fillColor(GOLD).rect(0, h - 176, w, 6).fill().restore();
  const nameLines = wrapText(branding.name, { size: 24, style: { bold: true } }, w - 2 * margin).slice(0, 3);
  let y = h - 62 - (nameLines.length - 1) * 14;
  for (const line of nameLines) {
    drawText(c, line, cx, y, { size: 24, style: { bold: true }, color: WHITE, align: "center" });
    y -= 30;
  }
  const facts = brandingFacts(branding);
  if (facts.length) drawText(c, facts.join("   |   "), cx, h - 148, { size: 10.5, color: GOLD_LIGHT, align: "center", tracking: 0.4 });

  y = h - 218;
  drawText(c, `Volume ${article.volume}  ·  Issue ${article.issue}  ·  ${article.published}`, cx, y, { size: 13, style: { bold: true }, color: NAVY, align: "center", tracking: 0.6 });
  y -= 60;
  drawText(c, "RESEARCH ARTICLE", cx, y, { size: 10, color: GOLD, align: "center", tracking: 3 });
  y -= 36;

  const fragments = parseRichText(article.titleHtml);
  let size = 24;
  let lines = layoutRichText(fragments, { size, style: { bold: true } }, w - 2 * margin);
  while (lines.length > 6 && size > 14) {
    size -= 2;
    lines = layoutRichText(fragments, { size, style: { bold: true } }, w - 2 * margin);
  }
  y = drawRichLines(c, lines.slice(0, 8), y, { x: margin, width: w - 2 * margin, lineHeight: size * 1.28, align: "center", color: INK });
  y -= 10;
  divider(c, cx, y, 120);
  y -= 34;
  y = drawParagraph(c, article.authors.join(", "), y, { x: margin, width: w - 2 * margin, size: 14, lineHeight: 20, align: "center", color: NAVY, style: { italic: true }, direction: "ltr" });

  // Facts box.
  const boxTop = 250;
  const boxH = 76;
  c.save().strokeColor(RULE).lineWidth(0.8).rect(margin, boxTop - boxH, w - 2 * margin, boxH).stroke();
  const colW = (w - 2 * margin) / 3;
  for (let i = 1; i < 3; i++) c.line(margin + colW * i, boxTop - boxH + 14, margin + colW * i, boxTop - 14);
  c.restore();
  const cells: Array<[string, string]> = [
    ["Reference No.", article.refnumber],
    [pagesLabel(article.pages), article.pages || "—"],
    ["Published", article.published],
  ];
  cells.forEach(([label, value], i) => {
    const x = margin + colW * i + colW / 2;
    drawText(c, label.toUpperCase(), x, boxTop - 28, { size: 8, color: MUTED, align: "center", tracking: 1.2 });
    drawText(c, value, x, boxTop - 52, { size: fitSize(value, { style: { bold: true } }, 13, 7, colW - 20), style: { bold: true }, color: INK, align: "center" });
  });

  // Footer band.
  const contact = [branding.domain, branding.email].filter(Boolean).join("   ·   ");
  if (contact) drawText(c, contact, cx, 92, { size: 10, color: MUTED, align: "center" });
  c.save().fillColor(GOLD).rect(0, 52, w, 4).fill().fillColor(NAVY).rect(0, 0, w, 52).fill().restore();
  drawText(c, branding.name, cx, 22, { size: fitSize(branding.name, {}, 9.5, 6, w - 80), color: WHITE, align: "center", tracking: 0.5 });
  return writer.save();
}
