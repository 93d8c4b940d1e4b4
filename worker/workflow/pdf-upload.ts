// A PDF from a multipart form (a hand-added manuscript, a revision, a reviewer's file): judged by its first bytes,
// never by its name, and held to the 5 MB limit (SPEC §9).
import { HttpError } from "../core/errors";
import { sniffContentType } from "../core/files/content-types";
import { PDF_MAX_BYTES } from "#contract/constants";

/** A PDF from a multipart form field, checked by its first bytes and the size limit. */
export async function pdfFrom(form: FormData, field: string, required: boolean): Promise<Uint8Array | null> {
  const file = form.get(field);
  if (!file || typeof file === "string" || file.size === 0) {
    if (required) throw new HttpError(400, "missing_file");
    return null;
  }
  if (file.size > PDF_MAX_BYTES) throw new HttpError(413, "file_too_large");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffContentType(bytes.subarray(0, 16)) !== "application/pdf") throw new HttpError(400, "invalid_file_type");
  return bytes;
}
