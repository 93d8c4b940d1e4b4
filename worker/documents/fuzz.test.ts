// Fuzzed documents (issue 15): 500 random articles (titles up to 2,000 characters, 1-30 authors in mixed scripts)
// and random editors, into every document kind. Asserts, from the layout's own measurements, that no line of text
// leaves the page's printable area or overlaps another. That the files pass qpdf --check without warnings:
// fuzz.tools.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { recordLayout, type RecordedPage } from "./pdf-writer";
import { ARTICLES, articleDocuments, boardDocuments, prepareFonts } from "./fuzz.testing";

/** Every text box inside the page less `margin`, and no two boxes overlapping (ascent 0.8, descent 0.25 em). */
function layoutProblems(pages: RecordedPage[], margin: number): string[] {
  const problems: string[] = [];
  pages.forEach((page, p) => {
    const boxes = page.texts
      .filter((t) => t.width > 0 && t.text.trim())
      .map((t) => ({ ...t, x0: t.x, x1: t.x + t.width, y0: t.y - 0.25 * t.size, y1: t.y + 0.8 * t.size }));
    for (const b of boxes) {
      if (b.x0 < margin - 0.01 || b.x1 > page.width - margin + 0.01 || b.y0 < margin - 0.01 || b.y1 > page.height - margin + 0.01) {
        problems.push(
          `page ${p + 1}: "${b.text.slice(0, 40)}" at ${b.x0.toFixed(1)}..${b.x1.toFixed(1)} × ${b.y0.toFixed(1)}..${b.y1.toFixed(1)} leaves the page`,
        );
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        if (w > 0.5 && h > 0.5) problems.push(`page ${p + 1}: "${a.text.slice(0, 30)}" overlaps "${b.text.slice(0, 30)}"`);
      }
    }
  });
  return problems;
}

describe("fuzzed documents", () => {
  beforeAll(prepareFonts, 180_000);

  it(`lays out ${ARTICLES} random articles on certificates, cover pages and index pages inside their boxes`, async () => {
    const problems: string[] = [];
    for (const doc of articleDocuments(ARTICLES))
      problems.push(...layoutProblems(await recordLayout(doc.build), doc.margin).map((p) => `${doc.label}: ${p}`));
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);

  it("lays out random editorial boards and appointment certificates inside their boxes", async () => {
    const problems: string[] = [];
    for (const doc of boardDocuments())
      problems.push(...layoutProblems(await recordLayout(doc.build), doc.margin).map((p) => `${doc.label}: ${p}`));
    expect(problems.slice(0, 20)).toEqual([]);
  }, 600_000);
});
