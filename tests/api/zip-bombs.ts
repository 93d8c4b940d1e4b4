// Zip bombs made in the test (issue 46, docs/decisions/0305), never committed: a raw deflate stream written by hand
// with deflate's fixed Huffman codes (RFC 1951 §3.2.6) — a prefix as literals, then the prefix's last byte repeated
// by matches of 258 bytes at distance 1 (13 bits each: ~160 times smaller than what it unpacks to) — and a zip
// around it whose directory declares whatever size the test says, true or not.

class BitWriter {
  private bytes: Uint8Array;
  private bit = 0;
  constructor(capacityBits: number) {
    this.bytes = new Uint8Array(Math.ceil(capacityBits / 8) + 8);
  }
  /** `n` bits of `value`, least significant first (deflate's header fields). */
  bits(value: number, n: number) {
    for (let i = 0; i < n; i++, this.bit++) if ((value >> i) & 1) this.bytes[this.bit >> 3] |= 1 << (this.bit & 7);
  }
  /** A Huffman code, most significant bit first. */
  code(value: number, n: number) {
    for (let i = n - 1; i >= 0; i--, this.bit++) if ((value >> i) & 1) this.bytes[this.bit >> 3] |= 1 << (this.bit & 7);
  }
  done(): Uint8Array {
    return this.bytes.slice(0, Math.ceil(this.bit / 8));
  }
}

function literal(w: BitWriter, byte: number) {
  if (byte < 144) w.code(0x30 + byte, 8);
  else w.code(0x190 + byte - 144, 9);
}

/**
 * Raw deflate of `prefix`, then its last byte `repeat` more times (rounded up to 258), then `suffix`. Answers the
 * compressed bytes and how many bytes they unpack to.
 */
export function deflateBomb(prefix: Uint8Array, repeat: number, suffix = new Uint8Array()): { deflated: Uint8Array; size: number } {
  const matches = Math.ceil(repeat / 258);
  const w = new BitWriter(3 + (prefix.length + suffix.length) * 9 + matches * 13 + 7);
  w.bits(1, 1); // BFINAL
  w.bits(1, 2); // BTYPE 01: fixed Huffman codes
  for (const b of prefix) literal(w, b);
  for (let i = 0; i < matches; i++) {
    w.code(0xc5, 8); // length code 285: 258 bytes
    w.code(0, 5); // distance code 0: 1 byte back
  }
  for (const b of suffix) literal(w, b);
  w.code(0, 7); // end of block
  return { deflated: w.done(), size: prefix.length + matches * 258 + suffix.length };
}

export interface BombEntry {
  name: string;
  /** The entry's bytes as stored: deflated (method 8) or as they are (method 0). */
  data: Uint8Array;
  method?: 0 | 8;
  /** The uncompressed size the zip declares (the truth or a lie). */
  declaredSize: number;
}

/** A zip (local headers, data, central directory, end record) of entries as given; CRCs left 0 (nothing checks them). */
export function zipOf(entries: BombEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, e.method ?? 8, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.declaredSize, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const dir = new Uint8Array(46 + name.length);
    const dv = new DataView(dir.buffer);
    dv.setUint32(0, 0x02014b50, true);
    dv.setUint16(4, 20, true);
    dv.setUint16(6, 20, true);
    dv.setUint16(10, e.method ?? 8, true);
    dv.setUint32(20, e.data.length, true);
    dv.setUint32(24, e.declaredSize, true);
    dv.setUint16(28, name.length, true);
    dv.setUint32(42, offset, true);
    dir.set(name, 46);
    parts.push(local, e.data);
    central.push(dir);
    offset += local.length + e.data.length;
  }
  const dirSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
