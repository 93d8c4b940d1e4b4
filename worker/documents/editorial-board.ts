// The editorial board: enabled editors grouped Editor-in-Chief, Associate Editors, Assistant Editors (the board
// page's order), each with degree, post and affiliation; flows over as many A4 pages as needed.
import type { Branding, EditorFacts } from "./document-data";
import { affiliationWithCountry, brandingFacts, categoryHeading } from "./document-data";
import { divider, GOLD, INK, MUTED, NAVY, RULE } from "./ornaments";
import { A4, PdfWriter, type PageCanvas } from "./pdf-writer";
import { drawText, fitSize, wrapText } from "./text-layout";
import { EDITOR_CATEGORIES } from "../schemas/constants";

export interface EditorialBoardInput {
  branding: Branding;
  editors: EditorFacts[];
}

const MARGIN = 60;
const BOTTOM = 70;

/** Editors in board order: known categories first in their order, then any other category, stable within each. */
export function groupEditors(editors: EditorFacts[]): Array<{ heading: string; editors: EditorFacts[] }> {
  const order = [...EDITOR_CATEGORIES, ...new Set(editors.map((e) => e.category).filter((c) => !(EDITOR_CATEGORIES as readonly string[]).includes(c)))];
  return order.map((category) => ({ heading: categoryHeading(category), editors: editors.filter((e) => e.category === category) })).filter((g) => g.editors.length);
}

export async function buildEditorialBoard({ branding, editors }: EditorialBoardInput): Promise<Uint8Array> {
  const writer = await PdfWriter.create({ lang: branding.lang, title: `Editorial Board — ${branding.name}`, author: branding.name });
  const pages: PageCanvas[] = [];
  const textWidthMax = A4.width - 2 * MARGIN - 14;
  let c!: PageCanvas;
  let y = 0;

  const newPage = () => {
    c = writer.addPage(A4);
    pages.push(c);
    const cx = c.width / 2;
    if (pages.length === 1) {
      const size = fitSize(branding.name, { style: { bold: true } }, 20, 11, c.width - 2 * MARGIN);
      drawText(c, branding.name, cx, c.height - 72, { size, style: { bold: true }, color: NAVY, align: "center" });
      const facts = brandingFacts(branding);
      if (facts.length) drawText(c, facts.join("   |   "), cx, c.height - 92, { size: 9.5, color: MUTED, align: "center" });
      divider(c, cx, c.height - 106, 130);
      drawText(c, "EDITORIAL BOARD", cx, c.height - 140, { size: 22, style: { bold: true }, color: NAVY, align: "center", tracking: 4 });
      y = c.height - 180;
    } else {
      drawText(c, `${branding.name} — Editorial Board`, MARGIN, c.height - 48, { size: 9, style: { italic: true }, color: MUTED });
      c.save().strokeColor(RULE).lineWidth(0.6).line(MARGIN, c.height - 56, c.width - MARGIN, c.height - 56).restore();
      y = c.height - 84;
    }
  };
  newPage();

  if (!editors.length) {
    drawText(c, "The editorial board will be announced soon.", c.width / 2, y - 20, { size: 12, style: { italic: true }, color: MUTED, align: "center" });
  }

  for (const group of groupEditors(editors)) {
    const entries = group.editors.map((e) => {
      const details = [e.post, affiliationWithCountry(e.affiliation, e.country)].filter(Boolean);
      const lines = details.flatMap((d, i) => wrapText(d, { size: i === 0 ? 10.5 : 10, style: { italic: i === 0 } }, textWidthMax).map((text) => ({ text, italic: i === 0 && !!e.post })));
      return { editor: e, lines, height: 18 + lines.length * 13.5 + 12 };
    });
    const headingHeight = 34;
    if (y - headingHeight - (entries[0]?.height ?? 0) < BOTTOM) newPage();
    drawText(c, group.heading.toUpperCase(), MARGIN, y, { size: 12.5, style: { bold: true }, color: GOLD, tracking: 2 });
    c.save().strokeColor(GOLD).lineWidth(0.8).line(MARGIN, y - 7, c.width - MARGIN, y - 7).restore();
    y -= headingHeight;
    for (const entry of entries) {
      if (y - entry.height < BOTTOM) newPage();
      const { editor } = entry;
      c.save().fillColor(GOLD).rect(MARGIN, y - entry.height + 16, 2.5, entry.height - 8).fill().restore();
      const x = MARGIN + 14;
      const nameSize = fitSize(editor.name, { style: { bold: true } }, 12.5, 8, textWidthMax - 120);
      const nameWidth = drawText(c, editor.name, x, y, { size: nameSize, style: { bold: true }, color: NAVY });
      if (editor.degree) drawText(c, ` (${editor.degree})`, x + nameWidth, y, { size: 11, color: INK });
      let ly = y - 18;
      for (const line of entry.lines) {
        drawText(c, line.text, x, ly, { size: line.italic ? 10.5 : 10, style: { italic: line.italic }, color: line.italic ? INK : MUTED });
        ly -= 13.5;
      }
      y -= entry.height;
    }
    y -= 8;
  }

  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    drawText(page, label, page.width / 2, 40, { size: 8.5, color: MUTED, align: "center" });
  });
  return writer.save();
}

