// Document builders without the database: what a reader sees and extracts, the fonts, the sizes, the zips.
import { describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import fontkit from "@pdf-lib/fontkit";
import { buildCertificate } from "./certificate";
import { buildEditorialBoard } from "./editorial-board";
import { buildIndexPage } from "./index-page";
import { buildCoverPage } from "./cover-page";
import { buildAppointmentCertificate } from "./appointment-certificate";
import {
  SAMPLE_ARTICLE,
  SAMPLE_AUTHORS,
  SAMPLE_BRANDING,
  SAMPLE_CHIEF,
  SAMPLE_EDITORS,
  SAMPLE_ISSUE,
  SAMPLE_VERIFICATION,
} from "./sample-documents";
import { pdfText } from "./pdf-text.testing";
import { isCovered, paragraphDirection, shapeText } from "./text-shaping";
import { wrapText } from "./text-layout";
import { FACES } from "./font-faces";
import { subsetTrueType } from "./truetype-subset";
import { zipStream } from "./bundles";
import { forgetRemoteFonts } from "./remote-fonts";
import { matchAuthor, slugOf } from "./document-data";
import { splitAuthors } from "#contract/scholarly";

const NAMES = [...SAMPLE_AUTHORS, "Ngozi Ọláolúwa Adébáyọ̀", "Дмитрий Иванов", "Γεώργιος Παπαδόπουλος", "अमिताभ बच्चन", "Leyla Əliyeva"];

describe("names from everywhere", () => {
  it.each(NAMES)("draws %s with real glyphs (no .notdef box)", (name) => {
    expect(isCovered(name, { bold: true })).toBe(true);
    for (const style of [{}, { bold: true }, { italic: true }]) {
      const runs = shapeText(name, style);
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) for (const g of run.glyphs) expect(g.id, `${name} in ${run.face.key}`).not.toBe(0);
    }
  });

  it.each(SAMPLE_AUTHORS)("puts %s on the certificate so text extraction reads it back", async (author) => {
    const bytes = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author,
      chief: SAMPLE_CHIEF,
      verification: SAMPLE_VERIFICATION,
    });
    const { text, numPages } = await pdfText(bytes);
    expect(numPages).toBe(1);
    expect(text).toContain(author);
    expect(text).toContain("Escherichia coli");
    expect(text).toContain("Volume 10");
    expect(text).toContain("Issue 3");
    expect(text).toContain(SAMPLE_ARTICLE.refnumber);
    expect(text).toContain("Prof. Dr. Hana Kovářová");
    expect(text).toContain("Impact Factor: 8.4");
    expect(text).toContain("ISSN: 2394-7500, 2394-5869");
    expect(bytes.length).toBeLessThan(60 * 1024);
  });

  it("draws characters no font has as the replacement character, not as a box, without failing", async () => {
    // No R2 font loaded, whatever an earlier test file of the run loaded (one isolate for the run).
    forgetRemoteFonts();
    const runs = shapeText("王小明 Wang");
    expect(runs.flatMap((r) => r.glyphs).every((g) => g.id !== 0)).toBe(true);
    expect(runs.map((r) => r.text).join("")).toContain("\ufffd");
    const bytes = await buildCertificate({
      branding: SAMPLE_BRANDING,
      article: SAMPLE_ARTICLE,
      author: "王小明 Wang",
      chief: null,
      verification: SAMPLE_VERIFICATION,
    });
    expect((await pdfText(bytes)).text).toContain("Wang");
  });

  it("keeps the comma after an Arabic name in a Latin line, and digits left to right in an Arabic one (UAX #9)", () => {
    expect(shapeText("Ali محمد, Omar").map((r) => r.text)).toEqual(["Ali ", "محمد", ", Omar"]);
    const arabicLine = shapeText("محمد 12 علي");
    expect(arabicLine[0].text).toBe("علي");
    expect(arabicLine.find((r) => r.text.includes("12"))!.rtl).toBe(false);
    expect(arabicLine.at(-1)!.text.trim()).toBe("محمد");
  });

  it("lays out every line of a mixed author list in the list's own (left-to-right) order, even when a line starts in Arabic", () => {
    const list = "محمد عبد الله, Ali Khan, রবীন্দ্রনাথ ঠাকুর, زهرا احمدی, Omar Farooq";
    const lines = wrapText(list, { size: 14, style: { italic: true } }, 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      const visual = shapeText(line, { italic: true }, "ltr")
        .map((r) => r.text.trim())
        .filter(Boolean)
        .join(" | ");
      // Names appear left to right in the order they were given; a right-to-left name reads as one unit.
      const names = line
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      let at = -1;
      for (const name of names) {
        const pos = visual.indexOf(name);
        expect(pos, `${name} in "${visual}"`).toBeGreaterThan(at);
        at = pos;
      }
    }
    // Auto direction (a paragraph of its own) would put the Arabic name on the right: not what a list does.
    expect(paragraphDirection(list)).toBe("rtl");
    expect(shapeText("محمد عبد الله, Ali Khan", {}, "ltr").map((r) => r.text)).toEqual(["محمد عبد الله", ", Ali Khan"]);
    expect(shapeText("محمد عبد الله, Ali Khan", {}, "auto").at(-1)!.text).toContain("محمد عبد الله");
  });

  it("mirrors brackets in right-to-left text", () => {
    const glyphs = shapeText("(محمد)", {}, "rtl").flatMap((r) => r.glyphs);
    const serif = FACES.serif.tables;
    // Read right to left, the opening bracket is on the right: drawn with the ")" glyph, and "(" on the left.
    expect(glyphs[0].id).toBe(serif.glyphId(0x28));
    expect(glyphs.at(-1)!.id).toBe(serif.glyphId(0x29));
  });
});

describe("documents", () => {
  it("flows the editorial board over several pages, grouped in board order", async () => {
    const { text, numPages } = await pdfText(await buildEditorialBoard({ branding: SAMPLE_BRANDING, editors: SAMPLE_EDITORS }));
    expect(numPages).toBeGreaterThan(1);
    // Letter-spaced headings extract with spaces between the letters.
    const squeezed = text.replace(/ /g, "");
    const chief = squeezed.indexOf("EDITOR-IN-CHIEF");
    const associate = squeezed.indexOf("ASSOCIATEEDITORS");
    const assistant = squeezed.indexOf("ASSISTANTEDITORS");
    expect(chief).toBeGreaterThan(-1);
    expect(associate).toBeGreaterThan(chief);
    expect(assistant).toBeGreaterThan(associate);
    expect(text).toContain("Prof. Dr. Hana Kovářová (Ph.D.)");
    expect(text).toContain("Faculty of Science, Charles University, Prague");
    expect(text).toContain(`Page ${numPages} of ${numPages}`);
  });

  it("orders the index page by first page and numbers the rows", async () => {
    const { text } = await pdfText(await buildIndexPage({ branding: SAMPLE_BRANDING, articles: SAMPLE_ISSUE }));
    expect(text.replace(/ /g, "")).toContain("TABLEOFCONTENTS");
    expect(text).toContain("Volume 10 · Issue 3 · March 2024");
    const firstRow = text.indexOf("1 Study 12");
    const lastRow = text.indexOf("12 Seasonal dynamics");
    expect(firstRow).toBeGreaterThan(-1);
    expect(lastRow).toBeGreaterThan(firstRow);
    expect(text.indexOf("1-8")).toBeLessThan(text.indexOf("89-96"));
  });

  it("puts the issue, title, authors, pages and reference on the cover page", async () => {
    const bytes = await buildCoverPage({ branding: SAMPLE_BRANDING, article: SAMPLE_ARTICLE });
    const { text } = await pdfText(bytes);
    for (const word of [
      "Volume 10",
      "Issue 3",
      "March 2024",
      "Escherichia coli",
      "73–80",
      SAMPLE_ARTICLE.refnumber,
      ...SAMPLE_ARTICLE.authors,
    ])
      expect(text).toContain(word);
    expect(bytes.length).toBeLessThan(60 * 1024);
  });

  it("names the editor, the role and the journal on the appointment certificate", async () => {
    const editor = SAMPLE_EDITORS[2];
    const { text } = await pdfText(
      await buildAppointmentCertificate({ branding: SAMPLE_BRANDING, editor, chief: SAMPLE_CHIEF, verification: SAMPLE_VERIFICATION }),
    );
    expect(text).toContain(editor.name);
    expect(text).toContain("Associate Editor");
    expect(text).toContain(`of the Editorial Board of ${SAMPLE_BRANDING.name}`);
    expect(text.replace(/ /g, "")).toContain("CERTIFICATEOFAPPOINTMENT");
  });
});

describe("building blocks", () => {
  it("subsets a font renumbering the glyphs asked for 1, 2, 3… with their outlines and advances", () => {
    const runs = shapeText("Şükrü", { bold: true });
    const ids = runs.flatMap((r) => r.glyphs.map((g) => g.id));
    const unique = [...new Set(ids)];
    const subset = subsetTrueType(FACES.serifBold.bytes, ids);
    expect(subset.length).toBeLessThan(FACES.serifBold.bytes.length / 20);
    const font = fontkit.create(subset);
    expect(font.numGlyphs).toBeGreaterThanOrEqual(unique.length + 1);
    unique.forEach((id, i) => {
      const original = FACES.serifBold.font.getGlyph(id);
      const copy = font.getGlyph(i + 1);
      expect(copy.path.bbox.width).toBeGreaterThan(0);
      expect(copy.path.bbox.width).toBeCloseTo(original.path.bbox.width, 3);
      expect(copy.advanceWidth).toBe(original.advanceWidth);
    });
  });

  it("reads glyph ids, advances and metrics from the font tables exactly as fontkit does", () => {
    for (const face of Object.values(FACES)) {
      const fk = face.font;
      const m = face.tables.metrics;
      expect([m.unitsPerEm, m.ascent, m.descent, m.postscriptName], face.key).toEqual([
        fk.unitsPerEm,
        fk.ascent,
        fk.descent,
        fk.postscriptName,
      ]);
      expect(m.capHeight || m.ascent, face.key).toBe(fk.capHeight || fk.ascent);
      expect(m.italicAngle, face.key).toBeCloseTo(fk.italicAngle, 5);
      expect(m.bbox, face.key).toEqual([fk.bbox.minX, fk.bbox.minY, fk.bbox.maxX, fk.bbox.maxY]);
      for (const [from, to] of [
        [0x20, 0x2fff],
        [0xa600, 0xabff],
        [0xfb00, 0xfffd],
      ]) {
        for (let cp = from; cp <= to; cp++) {
          const id = face.tables.glyphId(cp);
          const expected = fk.hasGlyphForCodePoint(cp) ? fk.glyphForCodePoint(cp).id : 0;
          if (id !== expected) expect(`${face.key} U+${cp.toString(16)} -> ${id}`).toBe(`${face.key} U+${cp.toString(16)} -> ${expected}`);
          if (!id) continue;
          let fontkitAdvance: number;
          try {
            fontkitAdvance = fk.getGlyph(id).advanceWidth;
          } catch {
            continue; // fontkit cannot load a few empty glyphs (Bengali U+200B): nothing to compare
          }
          if (face.tables.advanceWidth(id) !== fontkitAdvance) expect(`${face.key} glyph ${id} advance`).toBe("equal");
        }
      }
    }
  });

  it("matches authors without case, extra spaces or composition differences", () => {
    const stored = "Aynur  Məmmədova,Şükrü Işık , Nguyễn Thị Minh";
    expect(splitAuthors(stored)).toEqual(["Aynur Məmmədova", "Şükrü Işık", "Nguyễn Thị Minh"]);
    expect(matchAuthor(stored, "  aynur   MƏMMƏDOVA ")).toBe("Aynur Məmmədova");
    expect(matchAuthor(stored, "Nguye\u0302\u0303n Thi\u0323 Minh")).toBe("Nguyễn Thị Minh");
    expect(matchAuthor(stored, "Aynur")).toBeNull();
    expect(slugOf("Şükrü Işık")).toBe("sukru-isik");
    expect(slugOf("محمد عبد الله")).toBe("محمد-عبد-الله");
    expect(slugOf("王小明")).toBe("王小明");
    expect(slugOf("\u200e\u200f")).toBe("author");
  });

  it("streams a zip of stored entries, one document per pull", async () => {
    let built = 0;
    const entries = Array.from({ length: 5 }, (_, i) => ({
      name: `doc-${i}.pdf`,
      build: async () => {
        built++;
        return new TextEncoder().encode(`%PDF-${i}`);
      },
    }));
    const stream = zipStream(entries);
    await new Promise((r) => setTimeout(r, 10));
    expect(built).toBeLessThanOrEqual(2);
    const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
    expect(Object.keys(files)).toEqual(entries.map((e) => e.name));
    expect(new TextDecoder().decode(files["doc-3.pdf"])).toBe("%PDF-3");
  });
});
