// A TrueType font rewritten so every glyph record has an even length (padded to 4 bytes, long loca offsets).
// Why: @pdf-lib/fontkit's subsetter writes a short-format loca (offsets halved) without padding odd-length glyph
// records, so after the first odd one every glyph of a subset is shifted and renders blank, though text
// extraction still works (pdf-lib issue 1232, fontkit PR 191). With even records the halved offsets are exact.
// Only the demo PDFs need this; the Worker's documents use their own subsetter (worker/documents).

interface Table {
  tag: string;
  bytes: Uint8Array;
}

function readTables(font: Uint8Array): Table[] {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = view.getUint16(4);
  const tables: Table[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(...font.subarray(at, at + 4));
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    tables.push({ tag, bytes: font.slice(offset, offset + length) });
  }
  return tables;
}

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array((bytes.length + 3) & ~3);
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

function writeFont(font: Uint8Array, tables: Table[]): Uint8Array {
  const headerLength = 12 + 16 * tables.length;
  let size = headerLength;
  for (const t of tables) size += (t.bytes.length + 3) & ~3;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(font.subarray(0, 12)); // sfnt version and the search fields (unchanged: same table count)
  let offset = headerLength;
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  sorted.forEach((t, i) => {
    const at = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[at + k] = t.tag.charCodeAt(k);
    view.setUint32(at + 4, checksum(t.bytes));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, t.bytes.length);
    out.set(t.bytes, offset);
    offset += (t.bytes.length + 3) & ~3;
  });
  return out;
}

export function withEvenGlyphs(font: Uint8Array): Uint8Array {
  const tables = readTables(font);
  const get = (tag: string) => tables.find((t) => t.tag === tag);
  const head = get("head");
  const maxp = get("maxp");
  const loca = get("loca");
  const glyf = get("glyf");
  if (!head || !maxp || !loca || !glyf) return font; // not a TrueType-outline font: nothing to fix
  const headView = new DataView(head.bytes.buffer);
  const longLoca = headView.getInt16(50) === 1;
  const numGlyphs = new DataView(maxp.bytes.buffer).getUint16(4);
  const locaView = new DataView(loca.bytes.buffer);
  const offsetOf = (i: number) => (longLoca ? locaView.getUint32(i * 4) : locaView.getUint16(i * 2) * 2);

  const records: Uint8Array[] = [];
  let total = 0;
  for (let i = 0; i < numGlyphs; i++) {
    const record = glyf.bytes.subarray(offsetOf(i), offsetOf(i + 1));
    const padded = new Uint8Array((record.length + 3) & ~3);
    padded.set(record);
    records.push(padded);
    total += padded.length;
  }
  const newGlyf = new Uint8Array(total);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const newLocaView = new DataView(newLoca.buffer);
  let at = 0;
  records.forEach((r, i) => {
    newLocaView.setUint32(i * 4, at);
    newGlyf.set(r, at);
    at += r.length;
  });
  newLocaView.setUint32(numGlyphs * 4, at);
  headView.setInt16(50, 1); // indexToLocFormat: long offsets
  glyf.bytes = newGlyf;
  loca.bytes = newLoca;
  return writeFont(font, tables);
}
