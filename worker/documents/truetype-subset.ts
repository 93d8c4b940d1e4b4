// A TrueType subsetter for PDF embedding that renumbers glyphs: the subset holds .notdef, then the glyphs asked for
// in the order given (glyph k + 1 = the k-th id asked for), then the components composite glyphs need. The content
// stream uses those new ids as CIDs (CIDToGIDMap /Identity), so loca and hmtx hold a few dozen entries instead of
// thousands and a certificate's font program is a few KB. Only the tables a PDF renderer reads for a CIDFontType2
// are written (head, hhea, maxp, hmtx, loca, glyf, plus cvt/fpgm/prep when present). The source table directory is
// parsed once per font and cached.

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
  hmtxOffset: number;
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
  const font = { bytes, view, tables, numGlyphs, numberOfHMetrics, hmtxOffset: table("hmtx").offset, glyphOffsets };
  if (wholeBuffer) parsedByBuffer.set(bytes.buffer, font);
  return font;
}

/** Calls `visit(at)` with the byte offset of each component record of a composite glyph (none for a simple one). */
function forEachComponent(font: ParsedFont, gid: number, visit: (at: number) => void): void {
  const start = font.glyphOffsets[gid];
  if (font.glyphOffsets[gid + 1] - start < 10 || font.view.getInt16(start) >= 0) return;
  let at = start + 10;
  for (;;) {
    const flags = font.view.getUint16(at);
    visit(at);
    at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
    if (!(flags & 0x0020)) break;
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

/**
 * The font cut down to .notdef plus `glyphIds` (renumbered 1, 2, 3… in the order given; ids out of range or
 * repeated are ignored) plus the components of composite glyphs, which follow with their references rewritten.
 */
export function subsetTrueType(source: Uint8Array, glyphIds: Iterable<number>): Uint8Array {
  const font = parse(source);
  // New glyph id -> source glyph id, and back.
  const order: number[] = [0];
  const newId = new Map<number, number>([[0, 0]]);
  for (const gid of glyphIds) {
    if (gid >= font.numGlyphs || newId.has(gid)) continue;
    newId.set(gid, order.length);
    order.push(gid);
  }
  for (let i = 0; i < order.length; i++) {
    forEachComponent(font, order[i], (at) => {
      const component = font.view.getUint16(at + 2);
      if (component < font.numGlyphs && !newId.has(component)) {
        newId.set(component, order.length);
        order.push(component);
      }
    });
  }

  const n = order.length;
  let glyfLength = 0;
  for (const gid of order) glyfLength += pad4(font.glyphOffsets[gid + 1] - font.glyphOffsets[gid]);

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
  for (const tag of ["cvt ", "fpgm", "prep"]) if (font.tables.has(tag)) copy(tag);
  copy("head", (view, at) => {
    view.setUint32(at + 8, 0); // checkSumAdjustment: not checked by PDF renderers
    view.setInt16(at + 50, 1); // long loca offsets
  });
  copy("hhea", (view, at) => view.setUint16(at + 34, n)); // numberOfHMetrics: every glyph has a long metric
  copy("maxp", (view, at) => view.setUint16(at + 4, n));
  out.push({
    tag: "hmtx",
    length: n * 4,
    write: (dst, _view, at) => {
      const long = font.numberOfHMetrics;
      order.forEach((gid, i) => {
        // Glyphs past numberOfHMetrics share the last advance and keep their own left side bearing.
        const advanceAt = font.hmtxOffset + Math.min(gid, long - 1) * 4;
        const lsbAt = gid < long ? font.hmtxOffset + gid * 4 + 2 : font.hmtxOffset + long * 4 + (gid - long) * 2;
        dst[at + i * 4] = font.bytes[advanceAt];
        dst[at + i * 4 + 1] = font.bytes[advanceAt + 1];
        dst[at + i * 4 + 2] = font.bytes[lsbAt];
        dst[at + i * 4 + 3] = font.bytes[lsbAt + 1];
      });
    },
  });
  out.push({
    tag: "loca",
    length: (n + 1) * 4,
    write: (_dst, view, at) => {
      let offset = 0;
      order.forEach((gid, i) => {
        view.setUint32(at + i * 4, offset);
        offset += pad4(font.glyphOffsets[gid + 1] - font.glyphOffsets[gid]);
      });
      view.setUint32(at + n * 4, offset);
    },
  });
  out.push({
    tag: "glyf",
    length: glyfLength,
    write: (dst, view, at) => {
      for (const gid of order) {
        const from = font.glyphOffsets[gid];
        const to = font.glyphOffsets[gid + 1];
        dst.set(font.bytes.subarray(from, to), at);
        // Composite glyphs: point their components at the new ids.
        forEachComponent(font, gid, (src) => view.setUint16(at + (src - from) + 2, newId.get(font.view.getUint16(src + 2)) ?? 0));
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
