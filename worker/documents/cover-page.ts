// The cover page of an article: A4 portrait, the journal's masthead band, the issue, title, authors and facts.
import type { ArticleFacts, Branding } from "./document-data";
import { brandingFacts, pagesLabel } from "./document-data";
import { divider, GOLD, GOLD_LIGHT, INK, MUTED, NAVY, RULE, WHITE } from "./ornaments";
import { A4, PdfWriter } from "./pdf-writer";
import { drawText, parseRichText } from "./text-layout";
import { drawFittedLines, drawLineFitted, drawRichFitted, fitParagraph, fitRichText, type Fitted, type RichFitted } from "./text-fit";

export interface CoverPageInput {
  branding: Branding;
  article: ArticleFacts;
}

const BOX_TOP = 250;
const TITLE_LEADING = 1.28;
const AUTHOR_LEADING = 1.4;
/** Space between the title's last baseline and the authors' first: the divider and its margins. */
const TITLE_TO_AUTHORS = 52;

/**
 * The title and the author list of a cover page, fitted together in `height` points between the heading and the
 * facts box: the authors keep at least the room they need at their floor size (up to 40% of it), the title takes
 * the rest (24 pt down to 11 pt), and the authors fill what the title leaves (14 pt down to 9 pt).
 */
export function coverTexts(
  article: Pick<ArticleFacts, "titleHtml" | "authors">,
  width: number,
  height: number,
): { title: RichFitted; authors: Fitted } {
  const list = article.authors.join(", ");
  const authorsAtFloor = fitParagraph(
    list,
    { style: { italic: true }, direction: "ltr" },
    { maxSize: 9, minSize: 9, width, maxLines: 999 },
  );
  const authorsNeed = Math.min(authorsAtFloor.lines.length * 9 * AUTHOR_LEADING, height * 0.4);
  const title = fitRichText(
    parseRichText(article.titleHtml),
    { style: { bold: true } },
    { maxSize: 24, minSize: 11, width, maxLines: 12, height: height - TITLE_TO_AUTHORS - authorsNeed, leading: TITLE_LEADING },
  );
  const titleHeight = title.lines.length * title.size * TITLE_LEADING;
  const authors = fitParagraph(
    list,
    { style: { italic: true }, direction: "ltr" },
    { maxSize: 14, minSize: 9, width, maxLines: 30, height: height - TITLE_TO_AUTHORS - titleHeight, leading: AUTHOR_LEADING },
  );
  return { title, authors };
}

const MARGIN = 64;
/** The first baseline of the title (below the issue line and the "RESEARCH ARTICLE" label). */
const TITLE_TOP = A4.height - 314;

/** The cover page's title and authors as they are laid out on the page. */
export const coverPageTexts = (article: Pick<ArticleFacts, "titleHtml" | "authors">) =>
  coverTexts(article, A4.width - 2 * MARGIN, TITLE_TOP - (BOX_TOP + 30));

export async function buildCoverPage({ branding, article }: CoverPageInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({
    lang: branding.lang,
    title: article.title,
    author: article.authors.join(", "),
    subject: `${branding.name} — cover page`,
  });
  const c = writer.addPage(A4);
  const { width: w, height: h } = c;
  const cx = w / 2;
  const margin = MARGIN;

  // Masthead band.
  c.save()
    .fillColor(NAVY)
    .rect(0, h - 170, w, 170)
    .fill()
    .fillColor(GOLD)
    .rect(0, h - 176, w, 6)
    .fill()
    .restore();
  // The journal's name: up to three lines in the band above the facts line (24 pt down to 12 pt).
  const name = fitParagraph(
    branding.name,
    { style: { bold: true } },
    { maxSize: 24, minSize: 12, width: w - 2 * margin, maxLines: 3, height: 96, leading: 1.25 },
  );
  const nameTop = h - 68 + ((name.lines.length - 1) * name.size * 1.25) / 2;
  drawFittedLines(c, name, nameTop, {
    text: branding.name,
    x: margin,
    width: w - 2 * margin,
    leading: 1.25,
    align: "center",
    style: { bold: true },
    color: WHITE,
  });
  const facts = brandingFacts(branding);
  if (facts.length)
    drawLineFitted(c, facts.join("   |   "), cx, h - 148, {
      maxSize: 10.5,
      minSize: 7,
      width: w - 2 * margin,
      color: GOLD_LIGHT,
      align: "center",
      tracking: 0.4,
    });

  let y = h - 218;
  drawText(c, `Volume ${article.volume}  ·  Issue ${article.issue}  ·  ${article.published}`, cx, y, {
    size: 13,
    style: { bold: true },
    color: NAVY,
    align: "center",
    tracking: 0.6,
  });
  y -= 60;
  drawText(c, "RESEARCH ARTICLE", cx, y, { size: 10, color: GOLD, align: "center", tracking: 3 });
  y -= 36;

  const { title, authors } = coverPageTexts(article);
  y = drawRichFitted(c, title, y, { x: margin, width: w - 2 * margin, leading: TITLE_LEADING, align: "center", color: INK });
  y += title.size * TITLE_LEADING - title.size * 0.3 - 10;
  divider(c, cx, y, 120);
  y -= 34;
  drawFittedLines(c, authors, y, {
    text: article.authors.join(", "),
    x: margin,
    width: w - 2 * margin,
    leading: AUTHOR_LEADING,
    align: "center",
    color: NAVY,
    style: { italic: true },
    direction: "ltr",
  });

  // Facts box.
  const boxTop = BOX_TOP;
  const boxH = 76;
  c.save()
    .strokeColor(RULE)
    .lineWidth(0.8)
    .rect(margin, boxTop - boxH, w - 2 * margin, boxH)
    .stroke();
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
    drawLineFitted(c, value, x, boxTop - 52, {
      maxSize: 13,
      minSize: 7,
      width: colW - 20,
      style: { bold: true },
      color: INK,
      align: "center",
    });
  });

  // Footer band.
  const contact = [branding.domain, branding.email].filter(Boolean).join("   ·   ");
  if (contact) drawLineFitted(c, contact, cx, 92, { maxSize: 10, minSize: 7, width: w - 2 * margin, color: MUTED, align: "center" });
  c.save().fillColor(GOLD).rect(0, 52, w, 4).fill().fillColor(NAVY).rect(0, 0, w, 52).fill().restore();
  drawLineFitted(c, branding.name, cx, 22, { maxSize: 9.5, minSize: 6, width: w - 80, color: WHITE, align: "center", tracking: 0.5 });
  return writer.save();
}
