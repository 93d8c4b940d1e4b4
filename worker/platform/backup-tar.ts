// A backup as one streamed tar file (POSIX ustar): the same entries as the folder `npm run backup` writes
// (manifest.json, d1/{table}.json, r2-objects.json, r2/{key}), so `tar -xf` gives that folder and
// `npm run restore -- --in FILE.tar` reads it directly (docs/decisions/0094, 0160).
import type { BackupSink } from "./backup";

const BLOCK = 512;
const encoder = new TextEncoder();

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

/** The 512-byte ustar header of a regular file. Long names go into the prefix field (keys are at most ~250 bytes). */
export function tarHeader(name: string, size: number, mtimeSeconds: number): Uint8Array {
  const bytes = encoder.encode(name);
  let prefix: Uint8Array = new Uint8Array(0);
  let base: Uint8Array = bytes;
  if (bytes.length > 100) {
    const cut = name.lastIndexOf("/", name.length - 1);
    const head = encoder.encode(name.slice(0, cut));
    const tail = encoder.encode(name.slice(cut + 1));
    if (cut < 0 || head.length > 155 || tail.length > 100) throw new Error(`name too long for a tar entry: ${name}`);
    prefix = head;
    base = tail;
  }
  const h = new Uint8Array(BLOCK);
  const put = (offset: number, text: string | Uint8Array) => h.set(typeof text === "string" ? encoder.encode(text) : text, offset);
  put(0, base);
  put(100, octal(0o644, 8));
  put(108, octal(0, 8));
  put(116, octal(0, 8));
  put(124, octal(size, 12));
  put(136, octal(mtimeSeconds, 12));
  put(148, "        "); // checksum: spaces while summing
  put(156, "0");
  put(257, "ustar\0");
  put(263, "00");
  put(345, prefix);
  const sum = h.reduce((a, b) => a + b, 0);
  put(148, `${sum.toString(8).padStart(6, "0")}\0 `);
  return h;
}

/** A sink writing tar entries to `writer`; `end()` writes the two zero blocks that close the archive. */
export function tarSink(writer: WritableStreamDefaultWriter<Uint8Array>, now = new Date()): BackupSink & { end(): Promise<void> } {
  const mtime = Math.floor(now.getTime() / 1000);
  const entry = async (name: string, data: Uint8Array) => {
    await writer.write(tarHeader(name, data.byteLength, mtime));
    if (data.byteLength) await writer.write(data);
    const pad = (BLOCK - (data.byteLength % BLOCK)) % BLOCK;
    if (pad) await writer.write(new Uint8Array(pad));
  };
  return {
    writeJson: (name, data) => entry(name, encoder.encode(`${JSON.stringify(data, null, 1)}\n`)),
    writeObject: (key, bytes) => entry(`r2/${key}`, bytes),
    end: () => writer.write(new Uint8Array(BLOCK * 2)),
  };
}
