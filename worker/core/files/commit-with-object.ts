// The two halves of a write that stores a file and then a row naming it, made safe against platform faults
// (docs/decisions/0091): whatever fails, no row names a missing object, and an object no row names is deleted
// whenever the code can be sure no row names it.
import { HttpError } from "../errors";
import { deleteFileQuietly, putFile } from "./uploads";

/** Stores the object; if the put fails (even after R2 stored it and only the answer was lost), deletes the key. */
export async function putNewObject(bucket: R2Bucket, key: string, bytes: Uint8Array | ReadableStream, contentType: string): Promise<void> {
  try {
    await putFile(bucket, key, bytes, contentType);
  } catch (err) {
    await deleteFileQuietly(bucket, key);
    throw err;
  }
}

/**
 * Runs the D1 write that makes a row name the new object at `key` (null: no new object).
 * - A refusal (HttpError: duplicate, stale edit, not found) wrote nothing: the new object is deleted.
 * - Any other failure may have committed with only its answer lost, so `landed()` reads the row: if the write
 *   took effect, the request carries on as a success; if not, the new object is deleted; if even that read
 *   fails, the object is kept (an orphan at worst — `npm run files:orphans` — never a row naming a missing file).
 */
export async function commitWithObject<T>(
  bucket: R2Bucket,
  key: string | null,
  write: () => Promise<T>,
  landed: () => Promise<T | undefined>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof HttpError) {
      if (key) await deleteFileQuietly(bucket, key);
      throw err;
    }
    if (!key) throw err;
    let row: T | undefined;
    try {
      row = await landed();
    } catch {
      throw err;
    }
    if (row) return row;
    await deleteFileQuietly(bucket, key);
    throw err;
  }
}
