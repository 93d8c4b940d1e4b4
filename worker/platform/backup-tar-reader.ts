// Reading a backup tar (worker/platform/backup-tar.ts writes it) where it lies in R2, without holding it in memory:
// the index of entries is built from their 512-byte headers, read through a window of range reads, and each entry
// is read by range when restore asks for it. The tar is untrusted input (docs/decisions/0182): sizes, names and the
// end of the file are checked, and only regular files count.
import type { BackupSource } from "./backup";

const BLOCK = 512;
/** One range read brings this much: most JSON entries and headers of small files come in the same read. */
const WINDOW = 1024 * 1024;
/** A backup lists a table per JSON entry and one entry per file: far fewer than this. */
const MAX_ENTRIES = 200_000;

export class TarProblem extends Error {}

/** Reads `length` bytes at `offset` of an object of `size` bytes (R2's range GET, or memory in tests). */
export type RangeReader = (offset: number, length: number) => Promise<Uint8Array>;

export interface TarEntry {
  offset: number;
  size: number;
}

const decoder = new TextDecoder();
const text = (bytes: Uint8Array, from: number, len: number) => decoder.decode(bytes.subarray(from, from + len)).replace(/\0.*$/s, "");

/** The regular files of a ustar archive by name, with where their bytes are. */
export async function tarIndex(read: RangeReader, size: number): Promise<Map<string, TarEntry>> {
  const entries = new Map<string, TarEntry>();
  let windowAt = -1;
  let window: Uint8Array = new Uint8Array(0);
  const header = async (at: number) => {
    if (windowAt < 0 || at < windowAt || at + BLOCK > windowAt + window.length) {
      windowAt = at;
      window = await read(at, Math.min(WINDOW, size - at));
    }
    return window.subarray(at - windowAt, at - windowAt + BLOCK);
  };
  for (let at = 0; at + BLOCK <= size; ) {
    const h = await header(at);
    if (h.length < BLOCK) throw new TarProblem("the file is cut short");
    if (h.every((b) => b === 0)) break;
    if (text(h, 257, 5) !== "ustar") throw new TarProblem("this is not a tar file of a backup (no ustar header)");
    const name = [text(h, 345, 155), text(h, 0, 100)].filter(Boolean).join("/");
    const entrySize = Number.parseInt(text(h, 124, 12).trim(), 8);
    const type = text(h, 156, 1);
    if (!Number.isSafeInteger(entrySize) || entrySize < 0 || at + BLOCK + entrySize > size)
      throw new TarProblem(`the file is cut short (entry ${JSON.stringify(name.slice(0, 200))})`);
    if (type === "0" || type === "") {
      if (entries.has(name)) throw new TarProblem(`the entry ${JSON.stringify(name.slice(0, 200))} appears twice`);
      entries.set(name, { offset: at + BLOCK, size: entrySize });
      if (entries.size > MAX_ENTRIES) throw new TarProblem("too many entries for a journal's backup");
    }
    at += BLOCK + Math.ceil(entrySize / BLOCK) * BLOCK;
  }
  return entries;
}

/** A BackupSource over a tar: manifest.json, d1/{table}.json, r2-objects.json and r2/{key} as `npm run backup` names them. */
export async function tarSourceOf(read: RangeReader, size: number): Promise<BackupSource> {
  const entries = await tarIndex(read, size);
  const entry = async (name: string) => {
    const e = entries.get(name);
    if (!e) throw new TarProblem(`the backup has no ${name}`);
    return e.size ? read(e.offset, e.size) : new Uint8Array(0);
  };
  return {
    readJson: async <T>(name: string) => JSON.parse(decoder.decode(await entry(name))) as T,
    readObject: (key) => entry(`r2/${key}`),
  };
}

/** Range reads of one R2 object. */
export function r2RangeReader(bucket: R2Bucket, key: string): RangeReader {
  return async (offset, length) => {
    if (length <= 0) return new Uint8Array(0);
    const obj = await bucket.get(key, { range: { offset, length } });
    if (!obj) throw new TarProblem("the uploaded backup is gone (cancelled, or already restored)");
    return new Uint8Array(await obj.arrayBuffer());
  };
}
