// Inflating an untrusted zip entry with a ceiling (issue 46, docs/decisions/0305). A zip's sizes are claims: a 1 MB
// file may hold a 1 GB entry (a zip bomb), and the size its directory declares may be smaller than what comes out.
// So every entry the product reads is inflated here, a few KB of compressed bytes at a time, counting what comes
// out: it stops as soon as that passes the reader's limit or the size the zip declared, never holding more than the
// limit and one piece. Deflate expands at most 1,032 times, so one piece of PUSH_BYTES yields at most ~4 MB.
import { Inflate } from "fflate";
import { ImportSourceError } from "./import-model";

/** Compressed bytes handed to the inflater at a time (its output per push is at most ~1,032 times this). */
export const PUSH_BYTES = 4096;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** An entry larger than its reader takes, by its declared size or by what inflating it gave: 413. */
export class EntryTooLargeError extends ImportSourceError {
  constructor(
    readonly entry: string,
    readonly limit: number,
  ) {
    super("zip_entry_too_large", `${entry} is larger than ${sizeText(limit)} once unpacked.`, 0, 413);
  }
}

/** An entry that inflates to more than its zip declares: a forged zip, refused as unreadable. */
export const sizeLiesError = (entry: string, declared: number) =>
  new ImportSourceError("invalid_zip", `${entry} holds more than the ${declared} bytes its zip declares.`);

/**
 * A streaming inflater (or, for a stored entry, a counter) that answers each push's output and throws once the total
 * passes `limit` (EntryTooLargeError) or `declared` (invalid_zip).
 */
export class BoundedInflate {
  private produced: Uint8Array[] = [];
  private total = 0;
  private readonly inflate: Inflate | null;

  constructor(
    private readonly name: string,
    /** 0 stored, 8 deflate. */
    method: 0 | 8,
    private readonly declared: number,
    private readonly limit: number,
  ) {
    if (declared > limit) throw new EntryTooLargeError(name, limit);
    this.inflate = method === 8 ? new Inflate((chunk) => this.take(chunk)) : null;
  }

  /** Bytes out so far. */
  get size(): number {
    return this.total;
  }

  private take(chunk: Uint8Array): void {
    this.total += chunk.length;
    // The declared size is at most the limit (checked when made): past it, the zip lied.
    if (this.total > this.declared) throw sizeLiesError(this.name, this.declared);
    if (this.total > this.limit) throw new EntryTooLargeError(this.name, this.limit);
    if (chunk.length) this.produced.push(chunk);
  }

  /** Compressed bytes in (the last with `final`); their uncompressed bytes out, in order. */
  push(data: Uint8Array, final: boolean): Uint8Array[] {
    if (!this.inflate) this.take(data);
    else
      for (let at = 0; ; at += PUSH_BYTES) {
        const last = at + PUSH_BYTES >= data.length;
        try {
          this.inflate.push(data.subarray(at, at + PUSH_BYTES), final && last);
        } catch (err) {
          if (err instanceof ImportSourceError) throw err;
          throw new ImportSourceError("invalid_zip", `${this.name} is not a readable zip entry.`);
        }
        if (last) break;
      }
    return this.produced.splice(0);
  }
}
