// Uploaded files: taken from a parsed form, checked by size and by their first bytes (never by name or the
// client's content type), and written to R2 with the checked type.
import { HttpError } from "../errors";
import { IMAGE_EXTENSIONS, sniffContentType } from "./content-types";
import { IMAGE_MAX_BYTES, PDF_MAX_BYTES } from "#contract/constants";

/** A real upload in a form field: a browser sends an empty, nameless part when no file was picked. */
export function uploadOf(value: unknown): File | null {
  if (typeof value !== "object" || value === null || !(value instanceof File)) return null;
  return value.size === 0 && !value.name ? null : value;
}

/** The bytes of a PDF upload: at most PDF_MAX_BYTES (413 file_too_large) and starting "%PDF-" (400 invalid_file_type). */
export async function readPdfUpload(file: File): Promise<Uint8Array> {
  if (file.size > PDF_MAX_BYTES) throw new HttpError(413, "file_too_large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > PDF_MAX_BYTES) throw new HttpError(413, "file_too_large");
  if (sniffContentType(bytes) !== "application/pdf") throw new HttpError(400, "invalid_file_type");
  return bytes;
}

export interface CheckedImage {
  bytes: Uint8Array;
  contentType: keyof typeof IMAGE_EXTENSIONS;
  extension: string;
}

/** An editor picture: JPEG, PNG, WebP or GIF by content (SVG and everything else: 400 invalid_file_type). */
export async function readImageUpload(file: File): Promise<CheckedImage> {
  if (file.size > IMAGE_MAX_BYTES) throw new HttpError(413, "file_too_large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new HttpError(413, "file_too_large");
  const type = sniffContentType(bytes);
  if (!type || type === "application/pdf") throw new HttpError(400, "invalid_file_type");
  return { bytes, contentType: type, extension: IMAGE_EXTENSIONS[type] };
}

/** Stores checked bytes with their checked content type. */
export async function putFile(bucket: R2Bucket, key: string, bytes: Uint8Array | ReadableStream, contentType: string): Promise<void> {
  await bucket.put(key, bytes, { httpMetadata: { contentType } });
}

/**
 * Deletes an object, retrying once and then logging instead of failing: used for clean-up after the data is
 * already consistent. An object left by two failed attempts is an orphan no row names (never served), which
 * `npm run files:orphans` finds and removes.
 */
export async function deleteFileQuietly(bucket: R2Bucket, key: string): Promise<void> {
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await bucket.delete(key);
      return;
    } catch (err) {
      if (attempt === 2) console.error("could not delete R2 object", key, err);
    }
  }
}
