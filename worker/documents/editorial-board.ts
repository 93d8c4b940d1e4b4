// The editorial board: enabled editors grouped Editor-in-Chief, Associate Editors, Assistant Editors (the board
// page's order), each with degree, post and affiliation; flows over as many A4 pages as needed.
import type { Branding, EditorFacts } from "./document-data";
import { affiliationWithCountry, brandingFacts, categoryHeading } from "./document-data";
import { divider, GOLD, INK, MUTED, NAVY, RULE } from "./ornaments";
import { A4, PdfWriter, type PageCanvas } from "./pdf-writer";
import { drawText, textWidth, wrapText } from "./text-layout";
import { drawLineFitted, fitLine } from "./text-fit";
import { EDITOR_CATEGORIES } from "#contract/constants";

export interface EditorialBoardInput {
  branding: Branding;
  editors: EditorFacts[];
}

const MARGIN = 60;
const BOTTOM = 70;
const NAME_SIZE = 12.5;

/** How an entry's detail lines are set: degree (when it did not fit beside the name) and post, then affiliation. */
const detailSpec = (kind: "degree" | "post" | "about") =>
  kind === "post" ? { size: 10.5, style: { italic: true } } : kind === "degree" ? { size: 10.5 } : { size: 10 };

/** Editors in board order: known categories first in their order, then any other category, stable within each. */
export function groupEditors(editors: EditorFacts[]): Array<{ heading: string; editors: EditorFacts[] }> {
  const order = [
    ...EDITOR_CATEGORIES,
    ...new Set(editors.map((e) => e.category).filter((c) => !(EDITOR_CATEGORIES as readonly string[]).includes(c))),
  ];
  return order
    .map((category) => ({ heading: categoryHeading(category), editors: editors.filter((e) => e.category === category) }))
    .filter((g) => g.editors.length);
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
      drawLineFitted(c, branding.name, cx, c.height - 72, {
        maxSize: 20,
        minSize: 10,
        width: c.width - 2 * MARGIN,
        style: { bold: true },
        color: NAVY,
        align: "center",
      });
      const facts = brandingFacts(branding);
      if (facts.length)
        drawLineFitted(c, facts.join("   |   "), cx, c.height - 92, {
          maxSize: 9.5,
          minSize: 7,
          width: c.width - 2 * MARGIN,
          color: MUTED,
          align: "center",
        });
      divider(c, cx, c.height - 106, 130);
      drawText(c, "EDITORIAL BOARD", cx, c.height - 140, { size: 22, style: { bold: true }, color: NAVY, align: "center", tracking: 4 });
      y = c.height - 180;
    } else {
      drawLineFitted(c, `${branding.name} — Editorial Board`, MARGIN, c.height - 48, {
        maxSize: 9,
        minSize: 7,
        width: c.width - 2 * MARGIN,
        style: { italic: true },
        color: MUTED,
      });
      c.save()
        .strokeColor(RULE)
        .lineWidth(0.6)
        .line(MARGIN, c.height - 56, c.width - MARGIN, c.height - 56)
        .restore();
      y = c.height - 84;
      // A group that goes on over the page break repeats its heading.
      if (heading) drawHeading(`${heading} (continued)`);
    }
  };
  let heading: string | null = null;
  const headingHeight = 34;
  const drawHeading = (text: string) => {
    drawLineFitted(c, text.toUpperCase(), MARGIN, y, {
      maxSize: 12.5,
      minSize: 8,
      width: c.width - 2 * MARGIN,
      style: { bold: true },
      color: GOLD,
      tracking: 2,
    });
    c.save()
      .strokeColor(GOLD)
      .lineWidth(0.8)
      .line(MARGIN, y - 7, c.width - MARGIN, y - 7)
      .restore();
    y -= headingHeight;
  };
  newPage();

  if (!editors.length) {
    drawText(c, "The editorial board will be announced soon.", c.width / 2, y - 20, {
      size: 12,
      style: { italic: true },
      color: MUTED,
      align: "center",
    });
  }

  for (const group of groupEditors(editors)) {
    const entries = group.editors.map((e) => {
      // Name and degree on one line when both fit at full size; else the name fitted alone and the degree below.
      const degree = e.degree ? `(${e.degree})` : "";
      const together =
        textWidth(e.name, { size: NAME_SIZE, style: { bold: true } }) + textWidth(` ${degree}`, { size: 11 }) <= textWidthMax;
      const name = fitLine(e.name, { style: { bold: true } }, NAME_SIZE, 8, textWidthMax);
      const details: Array<{ text: string; kind: "degree" | "post" | "about" }> = [];
      if (degree && !together) details.push({ text: degree, kind: "degree" });
      if (e.post) details.push({ text: e.post, kind: "post" });
      const about = affiliationWithCountry(e.affiliation, e.country);
      if (about) details.push({ text: about, kind: "about" });
      const lines = details.flatMap((d) => wrapText(d.text, detailSpec(d.kind), textWidthMax).map((text) => ({ text, kind: d.kind })));
      return { editor: e, name, degree: together ? degree : "", lines, height: 18 + lines.length * 13.5 + 12 };
    });
    if (y - headingHeight - (entries[0]?.height ?? 0) < BOTTOM) newPage();
    heading = group.heading;
    drawHeading(group.heading);
    for (const entry of entries) {
      if (y - entry.height < BOTTOM) newPage();
      c.save()
        .fillColor(GOLD)
        .rect(MARGIN, y - entry.height + 16, 2.5, entry.height - 8)
        .fill()
        .restore();
      const x = MARGIN + 14;
      const nameWidth = drawText(c, entry.name.lines[0], x, y, { size: entry.name.size, style: { bold: true }, color: NAVY });
      if (entry.degree) drawText(c, ` ${entry.degree}`, x + nameWidth, y, { size: 11, color: INK });
      let ly = y - 18;
      for (const line of entry.lines) {
        drawText(c, line.text, x, ly, { ...detailSpec(line.kind), color: line.kind === "about" ? MUTED : INK });
        ly -= 13.5;
      }
      y -= entry.height;
    }
    heading = null;
    y -= 8;
  }

  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    drawText(page, label, page.width / 2, 40, { size: 8.5, color: MUTED, align: "center" });
  });
  return writer.save();
}
