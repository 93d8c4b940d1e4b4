// A TrueType subsetter for PDF embedding that keeps every glyph id: unused glyphs become empty outlines, so the
// content stream can use the font's own glyph ids as CIDs (CIDToGIDMap /Identity) with no renumbering, and the
// long runs of zeros it leaves in loca/hmtx cost next to nothing once deflated. Only the tables a PDF renderer reads
// for a CIDFontType2 are written (head, hhea, maxp, hmtx, loca, glyf, plus cvt/fpgm/prep when present).
// The source table directory is parsed once per font and cached.

interface TableRecord {
  offset: number;
  length: number;
}

interface ParsedFont {
  bytes: Uint8Array;
  view: DataView;
  tables: Map<string, TableRecord>;
  numGlyphs: number;
  numberOfHMetrics: number;
  glyphOffsets: Uint32Array;
}

/** Parsed directories, per font file (the font modules live as long as the isolate). */
const parsedByBuffer = new WeakMap<ArrayBufferLike, ParsedFont>();

function parse(bytes: Uint8Array): ParsedFont {
  const wholeBuffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const cached = wholeBuffer ? parsedByBuffer.get(bytes.buffer) : undefined;
  if (cached) return cached;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const numTables = view.getUint16(4);
  const tables = new Map<string, TableRecord>();
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    tables.set(tag, { offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const table = (tag: string): TableRecord => {
    const t = tables.get(tag);
    if (!t) throw new Error(`TrueType table ${tag} missing`);
    return t;
  };
  const numGlyphs = view.getUint16(table("maxp").offset + 4);
  const numberOfHMetrics = view.getUint16(table("hhea").offset + 34);
  const longLoca = view.getInt16(table("head").offset + 50) === 1;
  const loca = table("loca");
  const glyf = table("glyf");
  const glyphOffsets = new Uint32Array(numGlyphs + 1);
  for (let g = 0; g <= numGlyphs; g++) {
    const raw = longLoca ? view.getUint32(loca.offset + g * 4) : view.getUint16(loca.offset + g * 2) * 2;
    glyphOffsets[g] = glyf.offset + raw;
  }
  const font = { bytes, view, tables, numGlyphs, numberOfHMetrics, glyphOffsets };
  if (wholeBuffer) parsedByBuffer.set(bytes.buffer, font);
  return font;
}

/** Adds the components of composite glyphs (recursively) to `used`. */
function closeOverComponents(font: ParsedFont, used: Set<number>): void {
  const queue = [...used];
  while (queue.length) {
    const gid = queue.pop()!;
    const start = font.glyphOffsets[gid];
    if (font.glyphOffsets[gid + 1] - start < 10 || font.view.getInt16(start) >= 0) continue;
    let at = start + 10;
    for (;;) {
      const flags = font.view.getUint16(at);
      const component = font.view.getUint16(at + 2);
      if (component < font.numGlyphs && !used.has(component)) {
        used.add(component);
        queue.push(component);
      }
      at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
      if (!(flags & 0x0020)) break;
    }
  }
}

const pad4 = (n: number) => (n + 3) & ~3;

function checksum(bytes: Uint8Array, offset: number, length: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  let sum = 0;
  const end = offset + pad4(length);
  for (let at = offset; at < end; at += 4) sum = (sum + view.getUint32(at)) >>> 0;
  return sum;
}

/** The font with only `glyphIds` (and glyph 0, and composite components) keeping their outlines. */
export function subsetTrueType(source: Uint8Array, glyphIds: Iterable<number>): Uint8Array {
  const font = parse(source);
  const used = new Set<number>([0]);
  for (const gid of glyphIds) if (gid < font.numGlyphs) used.add(gid);
  closeOverComponents(font, used);

  const n = font.numGlyphs;
  const sorted = [...used].sort((a, b) => a - b);
  let glyfLength = 0;
  for (const gid of sorted) glyfLength += pad4(font.glyphOffsets[gid + 1] - font.glyphOffsets[gid]);

  const copied = ["cvt ", "fpgm", "prep"].filter((t) => font.tables.has(t));
  const out: Array<{ tag: string; length: number; write: (dst: Uint8Array, view: DataView, at: number) => void }> = [];
  const copy = (tag: string, patch?: (view: DataView, at: number) => void) => {
    const t = font.tables.get(tag)!;
    out.push({
      tag,
      length: t.length,
      write: (dst, view, at) => {
        dst.set(font.bytes.subarray(t.offset, t.offset + t.length), at);
        patch?.(view, at);
      },
    });
  };
  for (const tag of copied) copy(tag);
  copy("head", (view, at) => {
    view.setUint32(at + 8, 0); // checkSumAdjustment: not checked by PDF renderers
    view.setInt16(at + 50, 1); // long loca offsets
  });
  copy("hhea");
  copy("maxp");
  const hmtxLength = font.numberOfHMetrics * 4 + (n - font.numberOfHMetrics) * 2;
  const hmtx = font.tables.get("hmtx")!;
  out.push({
    tag: "hmtx",
    length: hmtxLength,
    write: (dst, _view, at) => {
      for (const gid of sorted) {
        const from = gid < font.numberOfHMetrics ? gid * 4 : font.numberOfHMetrics * 4 + (gid - font.numberOfHMetrics) * 2;
        const size = gid < font.numberOfHMetrics ? 4 : 2;
        dst.set(font.bytes.subarray(hmtx.offset + from, hmtx.offset + from + size), at + from);
      }
    },
  });
  out.push({
    tag: "loca",
    length: (n + 1) * 4,
    write: (_dst, view, at) => {
      let offset = 0;
      let next = 0;
      for (let gid = 0; gid <= n; gid++) {
        view.setUint32(at + gid * 4, offset);
        if (gid < n && sorted[next] === gid) {
          offset += pad4(font.glyphOffsets[gid + 1] - font.glyphOffsets[gid]);
          next++;
        }
      }
    },
  });
  out.push({
    tag: "glyf",
    length: glyfLength,
    write: (dst, _view, at) => {
      for (const gid of sorted) {
        const from = font.glyphOffsets[gid];
        const to = font.glyphOffsets[gid + 1];
        dst.set(font.bytes.subarray(from, to), at);
        at += pad4(to - from);
      }
    },
  });

  out.sort((a, b) => (a.tag < b.tag ? -1 : 1));
  const headerLength = 12 + out.length * 16;
  const total = headerLength + out.reduce((sum, t) => sum + pad4(t.length), 0);
  const dst = new Uint8Array(total);
  const view = new DataView(dst.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint16(4, out.length);
  const log2 = Math.floor(Math.log2(out.length));
  view.setUint16(6, 2 ** log2 * 16);
  view.setUint16(8, log2);
  view.setUint16(10, out.length * 16 - 2 ** log2 * 16);
  let at = headerLength;
  out.forEach((t, i) => {
    t.write(dst, view, at);
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) dst[rec + k] = t.tag.charCodeAt(k);
    view.setUint32(rec + 4, checksum(dst, at, t.length));
    view.setUint32(rec + 8, at);
    view.setUint32(rec + 12, t.length);
    at += pad4(t.length);
  });
  return dst;
}
