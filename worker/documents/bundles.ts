// Zip bundles streamed as they are built, one PDF generated per pull, so memory holds one document at a time
// whatever the count. Written here rather than with fflate's streaming Zip: that one writes stored entries with
// data descriptors (sizes and CRC after the data), which Java's ZipInputStream and the tools built on it refuse.
// Each PDF is complete before it is added, so its local header carries the real CRC-32 and sizes, and entry names
// are UTF-8 with general-purpose flag bit 11 set (APPNOTE 4.4.4), so non-Latin names keep their letters in every
// reader. Entries are stored: PDFs are already deflated (docs/decisions/0054-zips-every-reader-opens.md).

export interface ZipEntry {
  name: string;
  build: () => Promise<Uint8Array>;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const UTF8_FLAG = 0x0800;
const VERSION = 20; // 2.0: stored entries, no zip64
const encoder = new TextEncoder();

/** MS-DOS time and date of a moment (UTC), as zip headers store them. */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

interface Written {
  name: Uint8Array;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(e: Written, when: { time: number; date: number }): Uint8Array {
  const h = new Uint8Array(30 + e.name.length);
  const v = new DataView(h.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, VERSION, true);
  v.setUint16(6, UTF8_FLAG, true);
  v.setUint16(8, 0, true); // stored
  v.setUint16(10, when.time, true);
  v.setUint16(12, when.date, true);
  v.setUint32(14, e.crc, true);
  v.setUint32(18, e.size, true);
  v.setUint32(22, e.size, true);
  v.setUint16(26, e.name.length, true);
  v.setUint16(28, 0, true);
  h.set(e.name, 30);
  return h;
}

function centralDirectory(entries: Written[], when: { time: number; date: number }, offset: number): Uint8Array {
  const size = entries.reduce((s, e) => s + 46 + e.name.length, 0);
  const out = new Uint8Array(size + 22);
  const v = new DataView(out.buffer);
  let at = 0;
  for (const e of entries) {
    v.setUint32(at, 0x02014b50, true);
    v.setUint16(at + 4, VERSION, true); // made by: MS-DOS attributes, version 2.0
    v.setUint16(at + 6, VERSION, true);
    v.setUint16(at + 8, UTF8_FLAG, true);
    v.setUint16(at + 10, 0, true);
    v.setUint16(at + 12, when.time, true);
    v.setUint16(at + 14, when.date, true);
    v.setUint32(at + 16, e.crc, true);
    v.setUint32(at + 20, e.size, true);
    v.setUint32(at + 24, e.size, true);
    v.setUint16(at + 28, e.name.length, true);
    // extra, comment, disk, internal attributes, external attributes: 0
    v.setUint32(at + 42, e.offset, true);
    out.set(e.name, at + 46);
    at += 46 + e.name.length;
  }
  v.setUint32(at, 0x06054b50, true);
  v.setUint16(at + 8, entries.length, true);
  v.setUint16(at + 10, entries.length, true);
  v.setUint32(at + 12, size, true);
  v.setUint32(at + 16, offset, true);
  return out;
}

/** Over 65,535 entries or 4 GiB a zip needs zip64, which these bundles (≤ 200 articles) never reach. */
const ZIP32_LIMIT = 0xffffffff;

export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  if (entries.length > 0xffff) throw new Error("too many zip entries");
  let next = 0;
  let offset = 0;
  const written: Written[] = [];
  const when = dosDateTime(new Date());
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (next >= entries.length) {
          controller.enqueue(centralDirectory(written, when, offset));
          controller.close();
          return;
        }
        const entry = entries[next++];
        const data = await entry.build();
        const e: Written = { name: encoder.encode(entry.name), crc: crc32(data), size: data.length, offset };
        const header = localHeader(e, when);
        if (offset + header.length + data.length > ZIP32_LIMIT) throw new Error("zip larger than 4 GiB");
        written.push(e);
        offset += header.length + data.length;
        controller.enqueue(header);
        controller.enqueue(data);
      },
    },
    { highWaterMark: 1 },
  );
}
