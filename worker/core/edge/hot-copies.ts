// The hottest edge-cached answers, also kept in this isolate's memory (bounded), so a popular page costs no
// Cache API read at all. Same keys as the edge cache (journal + content version + URL), so the same freshness.
// A copy is kept as the reader gets it (bytes and final headers), so a hit is one Response made from bytes: no
// stream in between, and a Content-Length as for a file.
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
export const HOT_COPY_MAX_BYTES = 256 * 1024;

export interface HotCopy {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
}

const copies = new Map<string, HotCopy>();
let totalBytes = 0;

export function hotCopy(key: string): HotCopy | undefined {
  const copy = copies.get(key);
  if (!copy) return undefined;
  copies.delete(key); // most recently used last
  copies.set(key, copy);
  return copy;
}

/** Whether an answer of this many bytes may be kept in memory (an unknown length, NaN, counts as small). */
export const fitsHotCopy = (bytes: number) => !(bytes > HOT_COPY_MAX_BYTES);

export function keepHotCopy(key: string, copy: HotCopy): void {
  if (!fitsHotCopy(copy.body.byteLength)) return;
  const old = copies.get(key);
  if (old) totalBytes -= old.body.byteLength;
  copies.delete(key);
  copies.set(key, copy);
  totalBytes += copy.body.byteLength;
  for (const [k, c] of copies) {
    if (totalBytes <= MAX_TOTAL_BYTES) break;
    copies.delete(k);
    totalBytes -= c.body.byteLength;
  }
}
