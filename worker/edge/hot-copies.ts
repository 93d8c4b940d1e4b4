// The hottest edge-cached answers, also kept in this isolate's memory (bounded), so a popular page costs no
// Cache API read at all. Same keys as the edge cache (journal + content version + URL), so the same freshness.
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
const MAX_ENTRY_BYTES = 256 * 1024;

interface Copy {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
}

const copies = new Map<string, Copy>();
let totalBytes = 0;

export function hotCopy(key: string): Response | undefined {
  const copy = copies.get(key);
  if (!copy) return undefined;
  copies.delete(key); // most recently used last
  copies.set(key, copy);
  return new Response(copy.body, { status: copy.status, headers: copy.headers });
}

export async function keepHotCopy(key: string, res: Response): Promise<void> {
  const length = Number(res.headers.get("content-length") ?? "0");
  if (length > MAX_ENTRY_BYTES) return;
  const body = await res.arrayBuffer();
  if (body.byteLength > MAX_ENTRY_BYTES) return;
  const old = copies.get(key);
  if (old) totalBytes -= old.body.byteLength;
  copies.delete(key);
  copies.set(key, { body, status: res.status, headers: [...res.headers] });
  totalBytes += body.byteLength;
  for (const [k, c] of copies) {
    if (totalBytes <= MAX_TOTAL_BYTES) break;
    copies.delete(k);
    totalBytes -= c.body.byteLength;
  }
}
