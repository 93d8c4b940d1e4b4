// Zip bombs at every zip the product reads (issue 46, docs/decisions/0305): a PDF, a picture or a workbook part that
// unpacks past its limit is refused without being unpacked whole, and one whose directory declares less than it
// holds is refused as a forged zip; nothing of the request is stored. The bombs are made here (tests/api/zip-bombs.ts).
import { env } from "cloudflare:test";
import { inflateSync, strToU8, zipSync } from "fflate";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "#tests/api/auth-fixtures";
import { db, getJson, pdfBytes } from "#tests/api/fixtures";
import { deflateBomb, zipOf } from "#tests/api/zip-bombs";
import type { EditorsImportReport } from "#contract/transfer";
import { IMAGE_MAX_BYTES } from "#contract/constants";
import { articles, editors } from "../core/data/schema";
import { EntryTooLargeError } from "./bounded-inflate";
import { ImportSourceError, PDF_LIMIT } from "./import-model";
import { importFile, sameJournal } from "./transfer-fixtures.testing";
import { openRangedZip, type RangeSource, rangeSourceOfBytes } from "./zip-ranges";

const MB = 1024 * 1024;
const PDF_HEAD = strToU8("%PDF-1.4\n%");

/** A source that counts the bytes read from it. */
function counted(bytes: Uint8Array) {
  const src = rangeSourceOfBytes(bytes);
  const seen = { bytes: 0 };
  const read = (offset: number, length: number) => {
    seen.bytes += length;
    return src.read(offset, length);
  };
  return { seen, src: { size: src.size, read } as RangeSource };
}

const HEADER = "refnumber,title,authorname,abstract,year,volume,issue,pagenumber";
const csvOf = (...refs: string[]) => `${HEADER}\n${refs.map((r) => `${r},Paper ${r},Ana Silva,An abstract.,2024,1,1,1-5`).join("\n")}\n`;
const storedFiles = async (journalId: number) => (await env.FILES.list({ prefix: `journals/${journalId}/archives/` })).objects.length;
const articlesOf = (journalId: number) => db.select({ ref: articles.refnumber }).from(articles).where(eq(articles.journalId, journalId));

describe("zip bombs", () => {
  it("the hand-made bomb is real deflate: it unpacks to what it says", () => {
    const { deflated, size } = deflateBomb(PDF_HEAD, 1_000_000);
    expect(deflated.length).toBeLessThan(size / 100);
    const out = inflateSync(deflated);
    expect(out.length).toBe(size);
    expect(out.subarray(0, 10)).toEqual(PDF_HEAD);
    expect(out[size - 1]).toBe(PDF_HEAD[PDF_HEAD.length - 1]);
  });

  it("reads no byte of an entry that declares more than the limit, and stops one that unpacks past it", async () => {
    const bomb = deflateBomb(PDF_HEAD, 64 * MB);
    const { seen, src } = counted(zipOf([{ name: "big.pdf", data: bomb.deflated, declaredSize: bomb.size }]));
    const zip = await openRangedZip(src);
    const opened = seen.bytes;
    await expect(zip.read(zip.entries[0], PDF_LIMIT)).rejects.toBeInstanceOf(EntryTooLargeError);
    expect(seen.bytes).toBe(opened);
    // Declared at the limit, 64 MB inside: stopped as soon as the output passes 5 MB.
    const liar = counted(zipOf([{ name: "liar.pdf", data: bomb.deflated, declaredSize: PDF_LIMIT }]));
    const z2 = await openRangedZip(liar.src);
    let out = 0;
    await expect(
      (async () => {
        for await (const part of z2.stream(z2.entries[0], PDF_LIMIT, 4096)) out += part.length;
      })(),
    ).rejects.toMatchObject({ code: "invalid_zip" });
    expect(out).toBeLessThanOrEqual(PDF_LIMIT);
    expect(liar.seen.bytes).toBeLessThan(bomb.deflated.length / 4);
  });

  it("refuses an entry that holds more than its zip declares, even under the limit (a forged zip)", async () => {
    const bomb = deflateBomb(PDF_HEAD, 3 * MB);
    const zip = await openRangedZip(rangeSourceOfBytes(zipOf([{ name: "A-1.pdf", data: bomb.deflated, declaredSize: 1_000 }])));
    const err = await zip.read(zip.entries[0], PDF_LIMIT).catch((e) => e);
    expect(err).toBeInstanceOf(ImportSourceError);
    expect(err).toMatchObject({ code: "invalid_zip", message: "A-1.pdf holds more than the 1000 bytes its zip declares." });
    // A stored entry that lies the same way.
    const stored = await openRangedZip(
      rangeSourceOfBytes(zipOf([{ name: "B-1.pdf", data: pdfBytes("b-1"), method: 0, declaredSize: 10 }])),
    );
    await expect(stored.read(stored.entries[0], PDF_LIMIT)).rejects.toMatchObject({ code: "invalid_zip" });
  });

  it("articles import: a PDF declaring 4 GB is skipped as too large, and the others still come in", async () => {
    const j = await sameJournal("Bomb PDFs Journal");
    const pdfs = zipOf([
      { name: "Z-1.pdf", data: deflateBomb(PDF_HEAD, 1_000).deflated, declaredSize: 0xfffffff0 },
      { name: "Z-2.pdf", data: pdfBytes("z-2"), method: 0, declaredSize: pdfBytes("z-2").length },
    ]);
    const res = await importFile(j.host, j.token, { text: csvOf("Z-1", "Z-2"), name: "a.csv" }, { dryRun: "0" }, pdfs);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => [i.refnumber, i.action, i.reasons.map((r) => r.code)])).toEqual([
      ["Z-1", "skip", ["pdf_too_large"]],
      ["Z-2", "create", []],
    ]);
    expect((await articlesOf(j.id)).map((a) => a.ref)).toEqual(["Z-2"]);
    expect(await storedFiles(j.id)).toBe(1);
  });

  it("articles import: a PDF that unpacks past what its zip declares refuses the zip (400 invalid_zip), storing nothing", async () => {
    const j = await sameJournal("Lying PDFs Journal");
    const bomb = deflateBomb(PDF_HEAD, 50 * MB);
    const pdfs = zipOf([{ name: "L-1.pdf", data: bomb.deflated, declaredSize: 2_000 }]);
    const res = await importFile(j.host, j.token, { text: csvOf("L-1"), name: "a.csv" }, { dryRun: "0" }, pdfs);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_zip" });
    expect(await articlesOf(j.id)).toEqual([]);
    expect(await storedFiles(j.id)).toBe(0);
  });

  it("XLSX: shared strings that unpack past their ceiling answer 413, and so does a cell of a million characters", async () => {
    const j = await sameJournal("Bomb Workbook Journal");
    const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const parts = (strings: Uint8Array, stringsSize: number, sheet: Uint8Array, sheetSize: number) =>
      zipOf([
        { name: "xl/sharedStrings.xml", data: strings, declaredSize: stringsSize },
        { name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: sheetSize },
      ]);
    const sheetXml = `<?xml version="1.0"?><worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData></worksheet>`;
    const sheet = deflateBomb(strToU8(sheetXml.slice(0, -1)), 0, strToU8(">"));
    const strings = deflateBomb(
      strToU8(`<?xml version="1.0"?><sst ${ns}><si><t>title</t></si><si><t>a`),
      30 * MB,
      strToU8("</t></si></sst>"),
    );
    const res = await importFile(
      j.host,
      j.token,
      { bytes: parts(strings.deflated, strings.size, sheet.deflated, sheet.size), name: "b.xlsx" },
      { dryRun: "1" },
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: "zip_entry_too_large", message: "xl/sharedStrings.xml is larger than 24 MB once unpacked." });
    // Under the parts' ceilings, but one cell of 2 million characters: refused at the cell.
    const cell = deflateBomb(
      strToU8(`<?xml version="1.0"?><worksheet ${ns}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a`),
      2_000_000,
      strToU8("</t></is></c></row></sheetData></worksheet>"),
    );
    const small = deflateBomb(strToU8(`<?xml version="1.0"?><sst ${ns}></sst>`), 0);
    const res2 = await importFile(
      j.host,
      j.token,
      { bytes: parts(small.deflated, small.size, cell.deflated, cell.size), name: "c.xlsx" },
      { dryRun: "1" },
    );
    expect(res2.status).toBe(413);
    expect(res2.body).toMatchObject({ error: "xlsx_cell_too_long", line: 1 });
    expect(await articlesOf(j.id)).toEqual([]);
  });

  it("editors import: a picture declaring 4 GB is left out with its warning; one that lies about its size refuses the zip", async () => {
    const j = await sameJournal("Bomb Pictures Journal");
    const post = (pictures: Uint8Array) => {
      const form = new FormData();
      form.set("file", new File(["name,post,content,picture,category\nAsha Verma,Professor,Pune,asha.png,chief editor\n"], "board.csv"));
      form.set("pictures", new File([pictures], "pictures.zip"));
      form.set("dryRun", "0");
      return getJson<EditorsImportReport & { error?: string }>(j.host, "/api/admin/transfer/editors", {
        method: "POST",
        headers: bearer(j.token),
        body: form,
      });
    };
    const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const lie = deflateBomb(PNG_HEAD, 40 * MB);
    const res = await post(zipOf([{ name: "asha.png", data: lie.deflated, declaredSize: IMAGE_MAX_BYTES - 1 }]));
    expect(res.body).toMatchObject({ error: "invalid_zip" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "invalid_zip" });
    expect(await db.select().from(editors).where(eq(editors.journalId, j.id))).toEqual([]);
    expect((await env.FILES.list({ prefix: `journals/${j.id}/editors/` })).objects).toEqual([]);

    const big = await post(zipOf([{ name: "asha.png", data: lie.deflated, declaredSize: 0xfffffff0 }]));
    expect(big.status).toBe(200);
    expect(big.body.items[0].warnings).toContain("asha.png is larger than 2 MB: the editor is added without it.");
    expect((await db.select().from(editors).where(eq(editors.journalId, j.id))).map((e) => e.picture)).toEqual([""]);
    expect((await env.FILES.list({ prefix: `journals/${j.id}/editors/` })).objects).toEqual([]);
    // A picture under the limit still comes in.
    const ok = await post(zipSync({ "asha.png": PNG_HEAD }));
    expect(ok.status).toBe(200);
  });
});
