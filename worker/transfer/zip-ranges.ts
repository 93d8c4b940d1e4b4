// A zip read by ranges (issue 39 item 3, docs/decisions/0272): the End of Central Directory from the file's tail,
// then the central directory, then one entry at a time — so an import job holds the directory and the one PDF (or
// worksheet) it is reading, never the whole zip, whatever its size. The bytes come from R2 range reads in the job,
// from a file on disk in `npm run import`, from memory for a small upload answered in the request.
import { BoundedInflate } from "./bounded-inflate";
import { ImportSourceError } from "./import-model";

/** Random access to a file's bytes. */
export interface RangeSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const rangeSourceOfBytes = (bytes: Uint8Array): RangeSource => ({
  size: bytes.length,
  read: async (offset, length) => bytes.subarray(offset, offset + length),
});

/** What range reads need of an R2 bucket. */
export interface RangeReadableBucket {
  head(key: string): Promise<{ size: number } | null>;
  get(key: string, options: { range: { offset: number; length: number } }): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}

/** An R2 object read by ranges; null when it is gone. */
export async function rangeSourceOfR2(bucket: RangeReadableBucket, key: string): Promise<RangeSource | null> {
  const head = await bucket.head(key);
  if (!head) return null;
  return {
    size: head.size,
    read: async (offset, length) => {
      if (length === 0) return new Uint8Array();
      const part = await bucket.get(key, { range: { offset, length } });
      if (!part) throw new ImportSourceError("upload_gone", "The uploaded file is gone; upload it again.");
      return new Uint8Array(await part.arrayBuffer());
    },
  };
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

export interface RangedZip {
  entries: ZipEntry[];
  /**
   * The entry's bytes, uncompressed (stored or deflated entries; anything else is an ImportSourceError), at most
   * `limit` of them: an entry larger than that, by its declared size or by what inflating it gives, is refused
   * (EntryTooLargeError) as soon as that is known, never unpacked whole (bounded-inflate.ts).
   */
  read(entry: ZipEntry, limit: number): Promise<Uint8Array>;
  /**
   * The entry's bytes, uncompressed, as they come: compressed ranges of `chunkBytes` read one after the other and
   * inflated as they arrive, so a large worksheet is never whole in memory; refused past `limit` bytes as read().
   */
  stream(entry: ZipEntry, limit: number, chunkBytes?: number): AsyncGenerator<Uint8Array>;
}

/** What a streamed entry reads at a time: small enough to stay out of the way, large enough for few R2 calls. */
export const STREAM_CHUNK_BYTES = 256 * 1024;

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The End of Central Directory record is 22 bytes plus a comment of at most 65,535. */
const TAIL = 22 + 65_535 + 20;

const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));

function notAZip(what: string): never {
  throw new ImportSourceError("invalid_zip", `${what} is not a readable zip.`);
}

/** Opens a zip: reads its tail and its central directory (two range reads; three for a ZIP64 file). */
export async function openRangedZip(src: RangeSource, what = "The file"): Promise<RangedZip> {
  if (src.size < 22) notAZip(what);
  const tailStart = Math.max(0, src.size - TAIL);
  const tail = await src.read(tailStart, src.size - tailStart);
  const tv = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tv.getUint32(i, true) === EOCD) {
      at = i;
      break;
    }
  if (at < 0) notAZip(what);
  let count = tv.getUint16(at + 10, true);
  let dirSize = tv.getUint32(at + 12, true);
  let dirOffset = tv.getUint32(at + 16, true);
  if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
    // ZIP64: the locator just before the record names the ZIP64 End of Central Directory.
    const loc = at - 20;
    if (loc < 0 || tv.getUint32(loc, true) !== EOCD64_LOCATOR) notAZip(what);
    const rec = await src.read(u64(tv, loc + 8), 56);
    const rv = new DataView(rec.buffer, rec.byteOffset, rec.byteLength);
    if (rec.length < 56 || rv.getUint32(0, true) !== EOCD64) notAZip(what);
    count = u64(rv, 32);
    dirSize = u64(rv, 40);
    dirOffset = u64(rv, 48);
  }
  if (dirOffset + dirSize > src.size) notAZip(what);
  const dir = await src.read(dirOffset, dirSize);
  const dv = new DataView(dir.buffer, dir.byteOffset, dir.byteLength);
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || dv.getUint32(p, true) !== CENTRAL) notAZip(what);
    const nameLength = dv.getUint16(p + 28, true);
    const extraLength = dv.getUint16(p + 30, true);
    const commentLength = dv.getUint16(p + 32, true);
    const entry: ZipEntry = {
      name: decoder.decode(dir.subarray(p + 46, p + 46 + nameLength)),
      method: dv.getUint16(p + 10, true),
      compressedSize: dv.getUint32(p + 20, true),
      size: dv.getUint32(p + 24, true),
      localHeaderOffset: dv.getUint32(p + 42, true),
    };
    // ZIP64 extra field (0x0001): the 64-bit values of the fields that are all ones, in this order.
    let e = p + 46 + nameLength;
    const extraEnd = e + extraLength;
    while (e + 4 <= extraEnd) {
      const id = dv.getUint16(e, true);
      const len = dv.getUint16(e + 2, true);
      if (id === 0x0001) {
        let f = e + 4;
        if (entry.size === 0xffffffff) {
          entry.size = u64(dv, f);
          f += 8;
        }
        if (entry.compressedSize === 0xffffffff) {
          entry.compressedSize = u64(dv, f);
          f += 8;
        }
        if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = u64(dv, f);
      }
      e += 4 + len;
    }
    entries.push(entry);
    p = extraEnd + commentLength;
  }
  /** Where the entry's compressed bytes start (after its local header, whose name and extra may differ). */
  const dataOffset = async (entry: ZipEntry) => {
    const head = await src.read(entry.localHeaderOffset, 30);
    const hv = new DataView(head.buffer, head.byteOffset, head.byteLength);
    if (head.length < 30 || hv.getUint32(0, true) !== LOCAL) notAZip(what);
    return entry.localHeaderOffset + 30 + hv.getUint16(26, true) + hv.getUint16(28, true);
  };
  const unsupported = (entry: ZipEntry): never => {
    throw new ImportSourceError("invalid_zip", `${entry.name}: compression method ${entry.method} is not supported (use deflate).`);
  };
  async function* stream(entry: ZipEntry, limit: number, chunkBytes = STREAM_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
    if (entry.method !== 0 && entry.method !== 8) unsupported(entry);
    const inflate = new BoundedInflate(entry.name, entry.method as 0 | 8, entry.size, limit);
    const dataAt = await dataOffset(entry);
    for (let done = 0; done < entry.compressedSize || done === 0; ) {
      const length = Math.min(chunkBytes, entry.compressedSize - done);
      const data = await src.read(dataAt + done, length);
      if (data.length === 0 && length > 0) notAZip(what);
      done += data.length;
      // Handed over and dropped before the next range is read.
      yield* inflate.push(data, done >= entry.compressedSize);
      if (length === 0) break;
    }
    // Less than it declares: cut short.
    if (inflate.size !== entry.size) notAZip(`${entry.name} in ${what.toLowerCase()}`);
  }
  return {
    entries,
    stream,
    async read(entry, limit) {
      const parts: Uint8Array[] = [];
      let size = 0;
      for await (const part of stream(entry, limit)) {
        parts.push(part);
        size += part.length;
      }
      if (parts.length === 1) return parts[0];
      const whole = new Uint8Array(size);
      for (let at = 0, i = 0; i < parts.length; at += parts[i].length, i++) whole.set(parts[i], at);
      return whole;
    },
  };
}
