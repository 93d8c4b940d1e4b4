// Zips read by ranges (docs/decisions/0272): a zip in R2 is opened from its tail and central directory, and each
// entry is read on its own, so no read is ever much larger than the largest entry.
import { env } from "cloudflare:test";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ImportSourceError } from "./import-model";
import { openRangedZip, type RangeSource, rangeSourceOfBytes, rangeSourceOfR2 } from "./zip-ranges";
import { pdfZip } from "./spreadsheet-reader";

/** Incompressible bytes, as PDFs with images are. */
function noise(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** A source that writes down every read. */
function watched(src: RangeSource) {
  const reads: number[] = [];
  const read = (offset: number, length: number) => {
    reads.push(length);
    return src.read(offset, length);
  };
  return { reads, src: { size: src.size, read } as RangeSource };
}

describe("a zip read by ranges", () => {
  it("lists the entries and reads stored and deflated ones, byte for byte", async () => {
    const pdf = noise(50_000, 7);
    const text = strToU8("<x>".repeat(5_000));
    const bytes = zipSync({ "papers/A-1.pdf": [pdf, { level: 0 }], "notes.xml": [text, { level: 9 }], "empty.txt": new Uint8Array() });
    const zip = await openRangedZip(rangeSourceOfBytes(bytes));
    expect(zip.entries.map((e) => e.name)).toEqual(["papers/A-1.pdf", "notes.xml", "empty.txt"]);
    expect(zip.entries.slice(0, 2).map((e) => e.method)).toEqual([0, 8]);
    expect(await zip.read(zip.entries[0], 1_000_000)).toEqual(pdf);
    expect(await zip.read(zip.entries[1], 1_000_000)).toEqual(text);
    expect((await zip.read(zip.entries[2], 1_000_000)).length).toBe(0);
  });

  it("from R2: the reads are the tail, the directory, then one entry at a time — never the whole file", async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 1; i <= 40; i++) files[`pdfs/R-${i}.pdf`] = noise(20_000, i);
    const bytes = zipSync(files, { level: 0 });
    const key = `test/zip-ranges/${crypto.randomUUID()}.zip`;
    await env.FILES.put(key, bytes);
    const r2 = await rangeSourceOfR2(env.FILES, key);
    const { reads, src } = watched(r2!);
    const pdfs = await pdfZip(src);
    expect(pdfs.names.size).toBe(40);
    const opened = reads.length;
    expect(await pdfs.take(pdfs.names.get("r-17.pdf")!)).toEqual(files["pdfs/R-17.pdf"]);
    // Opening: the tail (at most 64 KiB + the record) and the directory; an entry: its header, then its data.
    expect(opened).toBe(2);
    expect(reads.slice(opened)).toEqual([30, 20_000]);
    expect(Math.max(...reads)).toBeLessThan(bytes.length / 10);
    expect(await rangeSourceOfR2(env.FILES, `${key}.gone`)).toBeNull();
  });

  it("streams an entry range by range, inflating as it goes, to the same bytes", async () => {
    const text = strToU8(Array.from({ length: 20_000 }, (_, i) => `<row r="${i}">${(i * 7919) % 10007}</row>`).join(""));
    const pdf = noise(70_000, 3);
    const bytes = zipSync({ "sheet.xml": [text, { level: 9 }], "a.pdf": [pdf, { level: 0 }] });
    const { reads, src } = watched(rangeSourceOfBytes(bytes));
    const zip = await openRangedZip(src);
    const join = async (entry: (typeof zip.entries)[number]) => {
      const parts: Uint8Array[] = [];
      for await (const p of zip.stream(entry, 1_000_000, 8_192)) parts.push(p);
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return { out, parts: parts.length };
    };
    const sheet = await join(zip.entries[0]);
    expect(sheet.out).toEqual(text);
    expect(sheet.parts).toBeGreaterThan(1);
    expect((await join(zip.entries[1])).out).toEqual(pdf);
    expect(Math.max(...reads.slice(2))).toBeLessThanOrEqual(8_192);
  });

  it("says so when the file is not a zip", async () => {
    await expect(openRangedZip(rangeSourceOfBytes(strToU8("refnumber,title\n1,x\n")), "The PDFs file")).rejects.toThrow(
      new ImportSourceError("invalid_zip", "The PDFs file is not a readable zip."),
    );
  });
});
