// What the PDF writer and the unshaped ("direct") text path need from a TrueType font, read straight from its
// tables: character -> glyph id (cmap formats 4 and 12, binary search on the bytes), advance widths (hmtx) and the
// font descriptor's metrics (head, hhea, OS/2, post, name). fontkit parses a whole face on first use (~6 ms per face
// in a fresh isolate, before any JIT); Latin, Greek, Cyrillic and Ethiopic text never needs it. The shaped scripts
// (Arabic, Indic) still go through fontkit's OpenType layout.

export interface FontMetrics {
  unitsPerEm: number;
  /** xMin, yMin, xMax, yMax in font units. */
  bbox: [number, number, number, number];
  ascent: number;
  descent: number;
  /** OS/2 sCapHeight (version 2+), else 0. */
  capHeight: number;
  italicAngle: number;
  postscriptName: string | null;
}

export class TrueTypeTables {
  private readonly view: DataView;
  private readonly tables = new Map<string, number>();
  private readonly cmapFormat: 4 | 12 | 0;
  private readonly cmapOffset: number;
  private readonly numberOfHMetrics: number;
  private metricsCache: FontMetrics | null = null;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const numTables = this.view.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const at = 12 + i * 16;
      this.tables.set(String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]), this.view.getUint32(at + 8));
    }
    this.numberOfHMetrics = this.view.getUint16(this.table("hhea") + 34);
    // The best Unicode subtable: full repertoire (3,10 or 0,4 format 12) before BMP-only (3,1 or 0,3 format 4).
    const cmap = this.table("cmap");
    const count = this.view.getUint16(cmap + 2);
    let format: 4 | 12 | 0 = 0;
    let offset = 0;
    for (let i = 0; i < count; i++) {
      const platform = this.view.getUint16(cmap + 4 + i * 8);
      const encoding = this.view.getUint16(cmap + 6 + i * 8);
      const sub = cmap + this.view.getUint32(cmap + 8 + i * 8);
      const f = this.view.getUint16(sub);
      const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
      if (!unicode) continue;
      if (f === 12) {
        format = 12;
        offset = sub;
        break;
      }
      if (f === 4 && format === 0) {
        format = 4;
        offset = sub;
      }
    }
    this.cmapFormat = format;
    this.cmapOffset = offset;
  }

  private table(tag: string): number {
    const at = this.tables.get(tag);
    if (at === undefined) throw new Error(`TrueType table ${tag} missing`);
    return at;
  }

  /** The glyph for a code point, 0 (.notdef) when the font has none. */
  glyphId(cp: number): number {
    const v = this.view;
    const base = this.cmapOffset;
    if (this.cmapFormat === 12) {
      let lo = 0;
      let hi = v.getUint32(base + 12) - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const at = base + 16 + mid * 12;
        if (cp < v.getUint32(at)) hi = mid - 1;
        else if (cp > v.getUint32(at + 4)) lo = mid + 1;
        else return v.getUint32(at + 8) + (cp - v.getUint32(at));
      }
      return 0;
    }
    if (this.cmapFormat !== 4 || cp > 0xffff) return 0;
    const segCount = v.getUint16(base + 6) / 2;
    const endCodes = base + 14;
    const startCodes = endCodes + segCount * 2 + 2;
    const idDeltas = startCodes + segCount * 2;
    const idRangeOffsets = idDeltas + segCount * 2;
    let lo = 0;
    let hi = segCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v.getUint16(endCodes + mid * 2) < cp) lo = mid + 1;
      else hi = mid;
    }
    const start = v.getUint16(startCodes + lo * 2);
    if (cp < start || cp > v.getUint16(endCodes + lo * 2)) return 0;
    const delta = v.getUint16(idDeltas + lo * 2);
    const rangeOffset = v.getUint16(idRangeOffsets + lo * 2);
    if (rangeOffset === 0) return (cp + delta) & 0xffff;
    const glyph = v.getUint16(idRangeOffsets + lo * 2 + rangeOffset + (cp - start) * 2);
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  }

  /** Advance width of a glyph, in font units. */
  advanceWidth(gid: number): number {
    return this.view.getUint16(this.table("hmtx") + Math.min(gid, this.numberOfHMetrics - 1) * 4);
  }

  get metrics(): FontMetrics {
    if (this.metricsCache) return this.metricsCache;
    const v = this.view;
    const head = this.table("head");
    const hhea = this.table("hhea");
    const os2 = this.tables.get("OS/2");
    const post = this.tables.get("post");
    this.metricsCache = {
      unitsPerEm: v.getUint16(head + 18),
      bbox: [v.getInt16(head + 36), v.getInt16(head + 38), v.getInt16(head + 40), v.getInt16(head + 42)],
      ascent: v.getInt16(hhea + 4),
      descent: v.getInt16(hhea + 6),
      capHeight: os2 !== undefined && v.getUint16(os2) >= 2 ? v.getInt16(os2 + 88) : 0,
      italicAngle: post !== undefined ? v.getInt32(post + 4) / 65536 : 0,
      postscriptName: this.postscriptName(),
    };
    return this.metricsCache;
  }

  /** Name ID 6 (Windows UTF-16BE or Mac Roman record). */
  private postscriptName(): string | null {
    const name = this.tables.get("name");
    if (name === undefined) return null;
    const v = this.view;
    const count = v.getUint16(name + 2);
    const strings = name + v.getUint16(name + 4);
    for (let i = 0; i < count; i++) {
      const rec = name + 6 + i * 12;
      if (v.getUint16(rec + 6) !== 6) continue;
      const platform = v.getUint16(rec);
      const length = v.getUint16(rec + 8);
      const at = strings + v.getUint16(rec + 10);
      let s = "";
      if (platform === 3 || platform === 0) for (let k = 0; k < length; k += 2) s += String.fromCharCode(v.getUint16(at + k));
      else for (let k = 0; k < length; k++) s += String.fromCharCode(this.bytes[at + k]);
      return s;
    }
    return null;
  }
}
