// The index page of an issue: a table of contents (S.No., title, authors, pages) of the selected articles, ordered
// by first page, over as many A4 pages as needed with the table header repeated.
import type { ArticleFacts, Branding } from "./document-data";
import { brandingFacts } from "./document-data";
import { divider, GOLD, INK, MUTED, NAVY, RULE, WHITE } from "./ornaments";
import { A4, PdfWriter, type PageCanvas } from "./pdf-writer";
import { drawRichLines, drawText, parseRichText } from "./text-layout";
import { drawLineFitted, fitParagraph, fitRichText } from "./text-fit";

export interface IndexPageInput {
  branding: Branding;
  articles: ArticleFacts[];
}

const MARGIN = 48;
const BOTTOM = 64;
const COLS = { sno: 38, authors: 150, pages: 56 };
/** The most lines a row's title or author list takes (a page holds ~40 at this size). */
const ROW_LINES = 24;

/** First page number of "73-80" (73); articles without one sort last. */
export function firstPage(pages: string): number {
  const m = /\d+/.exec(pages);
  return m ? Number(m[0]) : Number.MAX_SAFE_INTEGER;
}

export function sortByFirstPage(articles: ArticleFacts[]): ArticleFacts[] {
  return [...articles].sort((a, b) => firstPage(a.pages) - firstPage(b.pages) || a.refnumber.localeCompare(b.refnumber));
}

function issueLine(articles: ArticleFacts[]): string | null {
  const keys = new Set(articles.map((a) => `${a.volume}/${a.issue}/${a.year}`));
  if (keys.size !== 1) return null;
  const a = articles[0];
  return `Volume ${a.volume}  ·  Issue ${a.issue}  ·  ${a.published}`;
}

export async function buildIndexPage({ branding, articles }: IndexPageInput): Promise<Uint8Array> {
  const sorted = sortByFirstPage(articles);
  const writer = await PdfWriter.create({ lang: branding.lang, title: `Index — ${branding.name}`, author: branding.name });
  const tableWidth = A4.width - 2 * MARGIN;
  const titleWidth = tableWidth - COLS.sno - COLS.authors - COLS.pages;
  const colX = { sno: MARGIN, title: MARGIN + COLS.sno, authors: MARGIN + COLS.sno + titleWidth, pages: MARGIN + tableWidth - COLS.pages };
  const pages: PageCanvas[] = [];
  let c!: PageCanvas;
  let y = 0;

  const tableHeader = () => {
    c.save()
      .fillColor(NAVY)
      .rect(MARGIN, y - 8, tableWidth, 24)
      .fill()
      .restore();
    const spec = { size: 9, style: { bold: true }, color: WHITE, tracking: 0.8 };
    drawText(c, "S.NO.", colX.sno + 6, y, spec);
    drawText(c, "TITLE", colX.title + 6, y, spec);
    drawText(c, "AUTHORS", colX.authors + 6, y, spec);
    drawText(c, "PAGES", colX.pages + COLS.pages / 2, y, { ...spec, align: "center" });
    y -= 28;
  };
  const newPage = () => {
    c = writer.addPage(A4);
    pages.push(c);
    const cx = c.width / 2;
    if (pages.length === 1) {
      drawLineFitted(c, branding.name, cx, c.height - 66, {
        maxSize: 19,
        minSize: 10,
        width: tableWidth,
        style: { bold: true },
        color: NAVY,
        align: "center",
      });
      const facts = brandingFacts(branding);
      if (facts.length)
        drawLineFitted(c, facts.join("   |   "), cx, c.height - 85, {
          maxSize: 9.5,
          minSize: 7,
          width: tableWidth,
          color: MUTED,
          align: "center",
        });
      divider(c, cx, c.height - 99, 130);
      drawText(c, "TABLE OF CONTENTS", cx, c.height - 130, { size: 18, style: { bold: true }, color: NAVY, align: "center", tracking: 3 });
      const issue = issueLine(sorted);
      if (issue) drawText(c, issue, cx, c.height - 150, { size: 11, color: GOLD, align: "center", tracking: 0.5 });
      y = c.height - 182;
    } else {
      drawLineFitted(c, `${branding.name} — Table of Contents (continued)`, MARGIN, c.height - 44, {
        maxSize: 9,
        minSize: 7,
        width: tableWidth,
        style: { italic: true },
        color: MUTED,
      });
      y = c.height - 72;
    }
    tableHeader();
    rowsOnPage = 0;
  };
  let rowsOnPage = 0;
  newPage();

  sorted.forEach((article, i) => {
    // A row never outgrows a page: title and authors keep at most ROW_LINES lines each (then an ellipsis).
    const titleLines = fitRichText(
      parseRichText(article.titleHtml),
      {},
      { maxSize: 10.5, minSize: 10.5, width: titleWidth - 12, maxLines: ROW_LINES },
    ).lines;
    const authorLines = fitParagraph(
      article.authors.join(", "),
      { style: { italic: true }, direction: "ltr" },
      { maxSize: 9.5, minSize: 9.5, width: COLS.authors - 12, maxLines: ROW_LINES },
    ).lines;
    const rows = Math.max(titleLines.length * 14, authorLines.length * 12.5);
    const height = rows + 14;
    if (y - height < BOTTOM && rowsOnPage > 0) newPage();
    rowsOnPage++;
    if (i % 2 === 1)
      c.save()
        .fillColor([0.965, 0.969, 0.98])
        .rect(MARGIN, y - height + 10, tableWidth, height)
        .fill()
        .restore();
    drawText(c, String(i + 1), colX.sno + COLS.sno / 2, y, { size: 10, color: INK, align: "center" });
    drawRichLines(c, titleLines, y, { x: colX.title + 6, width: titleWidth - 12, lineHeight: 14, color: INK });
    let ay = y;
    for (const line of authorLines) {
      drawText(c, line, colX.authors + 6, ay, { size: 9.5, style: { italic: true }, color: MUTED, direction: "ltr" });
      ay -= 12.5;
    }
    drawLineFitted(c, article.pages || "—", colX.pages + COLS.pages / 2, y, {
      maxSize: 10,
      minSize: 7,
      width: COLS.pages - 6,
      color: INK,
      align: "center",
    });
    y -= height;
    c.save()
      .strokeColor(RULE)
      .lineWidth(0.5)
      .line(MARGIN, y + 10, MARGIN + tableWidth, y + 10)
      .restore();
  });

  pages.forEach((page, i) => {
    page
      .save()
      .strokeColor(GOLD)
      .lineWidth(0.6)
      .line(MARGIN, 48, page.width - MARGIN, 48)
      .restore();
    drawText(page, `Page ${i + 1} of ${pages.length}`, page.width / 2, 34, { size: 8.5, color: MUTED, align: "center" });
  });
  return writer.save();
}
