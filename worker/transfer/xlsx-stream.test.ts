// An XLSX read as it streams (docs/decisions/0290): its shared strings and its sheet are inflated range by range and
// parsed as the XML arrives, so the first rows are handed over long before the sheet has been read, and no read is
// larger than one range — the memory follows a row, not the sheet.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ImportSourceError } from "./import-model";
import { xlsxRecords } from "./spreadsheet-reader";
import { openRangedZip, rangeSourceOfBytes, type RangeSource } from "./zip-ranges";

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook as Excel lays it out: the first sheet found through workbook.xml and its relationships. */
function workbook(sheetXml: string, sharedXml: string, sheetPart = "worksheets/sheet1.xml"): Uint8Array {
  return zipSync(
    {
      "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
      "xl/workbook.xml": strToU8(
        `<?xml version="1.0"?><x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ${REL_NS}><x:sheets><x:sheet name="Articles" sheetId="7" r:id="rId3"/></x:sheets></x:workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="t" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="t" Target="${sheetPart}"/></Relationships>`,
      ),
      "xl/worksheets/sheet0.xml": strToU8(
        `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not this sheet</t></is></c></row></sheetData></worksheet>`,
      ),
      [`xl/${sheetPart}`]: strToU8(sheetXml),
      "xl/sharedStrings.xml": strToU8(sharedXml),
    },
    { level: 6 },
  );
}

/** A source that writes down every read (where, how long). */
function watched(src: RangeSource) {
  const reads: { offset: number; length: number }[] = [];
  return {
    reads,
    src: {
      size: src.size,
      read: (offset: number, length: number) => {
        reads.push({ offset, length });
        return src.read(offset, length);
      },
    } as RangeSource,
  };
}

describe("an XLSX read as it streams", () => {
  it("hands over its first rows before the sheet is read, never reading more than one range at a time", async () => {
    const ROWS = 3_000;
    // Pseudo-random numbers: XML that does not compress to nothing, as real data does not.
    let x = 17;
    const rnd = () => {
      x = (x * 1103515245 + 12345) >>> 0;
      return x;
    };
    const strings = Array.from({ length: ROWS }, (_, i) => `Title ${i} & <${rnd().toString(36)}>`);
    const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const shared = `<?xml version="1.0"?><sst ${NS}>${strings.map((s, i) => (i % 2 ? `<si><r><t>${esc(s.slice(0, 5))}</t></r><r><t xml:space="preserve">${esc(s.slice(5))}</t></r><rPh><t>ignored</t></rPh></si>` : `<si><t>${esc(s)}</t></si>`)).join("")}</sst>`;
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const r = i + 2;
      return `<row r="${r}"><c r="A${r}" t="s"><v>${i}</v></c><c r="C${r}"><v>${rnd()}</v></c><c r="D${r}" t="b"><v>${i % 2}</v></c><c r="E${r}"><f>C${r}*2</f><v>${rnd()}</v></c></row>`;
    }).join("");
    const sheet = `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>title</t></is></c><c r="C1" t="inlineStr"><is><t>year</t></is></c></row>${rows}</sheetData></worksheet>`;
    const bytes = workbook(sheet, shared);
    const sheetEntry = (await openRangedZip(rangeSourceOfBytes(bytes))).entries.find((e) => e.name === "xl/worksheets/sheet1.xml")!;
    expect(sheetEntry.compressedSize).toBeGreaterThan(100_000);

    const w = watched(rangeSourceOfBytes(bytes));
    const CHUNK = 16 * 1024;
    const got: { line: number; cells: string[] }[] = [];
    // The bytes of the sheet read (after opening the zip) by the time its first data row is handed over.
    const sheetStart = sheetEntry.localHeaderOffset;
    const sheetEnd = sheetStart + 30 + 100 + sheetEntry.compressedSize;
    const sheetRead = () =>
      w.reads
        .slice(2)
        .filter((r) => r.offset >= sheetStart && r.offset < sheetEnd)
        .reduce((n, r) => n + r.length, 0);
    let readAtFirstDataRow = 0;
    for await (const r of xlsxRecords(w.src, CHUNK)) {
      if (r.line === 2) readAtFirstDataRow = sheetRead();
      got.push(r);
    }
    expect(got).toHaveLength(ROWS + 1);
    expect(got[0]).toEqual({ line: 1, cells: ["title", "", "year"] });
    expect(got[1].cells[0]).toBe(strings[0]);
    // Rich text runs joined, the phonetic reading left out; booleans as a spreadsheet shows them; a formula's value.
    expect(got[2].cells[0]).toBe(strings[1]);
    expect(got[2].cells[3]).toBe("TRUE");
    expect(got[ROWS].line).toBe(ROWS + 1);
    expect(got[ROWS].cells[4]).toMatch(/^\d+$/);
    // The first data row came once a range or two of the sheet had been read — not the sheet, which is many ranges.
    expect(readAtFirstDataRow).toBeGreaterThan(0);
    expect(readAtFirstDataRow).toBeLessThanOrEqual(3 * CHUNK);
    expect(sheetEntry.compressedSize).toBeGreaterThan(6 * CHUNK);
    expect(sheetRead()).toBeGreaterThan(sheetEntry.compressedSize);
    // Past opening (the tail and the directory), no read is larger than one range.
    expect(Math.max(...w.reads.slice(2).map((r) => r.length))).toBeLessThanOrEqual(CHUNK);
  });

  it("finds the first sheet as the workbook names it (Apple Numbers writes xl/worksheets/sheet.xml)", async () => {
    const book = workbook(
      `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="3"><c r="B3" t="s"><v>0</v></c></row></sheetData></worksheet>`,
      `<?xml version="1.0"?><sst ${NS}><si><t>编号</t></si></sst>`,
      "worksheets/sheet.xml",
    );
    const rows = [];
    for await (const r of xlsxRecords(rangeSourceOfBytes(book))) rows.push(r);
    expect(rows).toEqual([{ line: 3, cells: ["", "编号"] }]);
  });

  it("says which part is broken when the sheet is not well-formed XML", async () => {
    const book = workbook(`<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="1"><c r="A1"><v>1</v></row>`, `<sst ${NS}/>`);
    const read = async () => {
      for await (const _ of xlsxRecords(rangeSourceOfBytes(book)));
    };
    await expect(read()).rejects.toBeInstanceOf(ImportSourceError);
    await expect(read()).rejects.toThrow(/xl\/worksheets\/sheet1\.xml is not well-formed XML/);
  });
});
