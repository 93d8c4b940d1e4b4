// The copies of files that cross the double-blind line (issue 48 item 1, docs/decisions/0340): what a reviewer of a
// round downloads (the editor's "file for review" of that round, else the newest manuscript or revision) and what an
// author downloads of a reviewer's PDF, both without metadata (pdf-anonymise.ts). Originals are never changed; what
// an original carried is noted on its row once, for the editor.
import type { Db } from "../core/env";
import type { ManuscriptFileRow } from "../core/data/schema";
import { HttpError } from "../core/errors";
import { fileKeys, isSafeFileName } from "../core/files/keys";
import { setMetadataRemoved } from "./manuscripts.repo";
import { ANONYMISED_FILE_KINDS } from "#contract/workflow";
import { anonymisePdf, type AnonymisedPdf } from "./pdf-anonymise";

export const UNREADABLE = "unreadable";

/** What a file's original carried: a list, "unreadable", or null before anyone read it. */
export function metadataOf(f: Pick<ManuscriptFileRow, "metadataRemoved">): string[] | typeof UNREADABLE | null {
  if (f.metadataRemoved == null) return null;
  try {
    const v = JSON.parse(f.metadataRemoved) as unknown;
    if (v === UNREADABLE) return UNREADABLE;
    return Array.isArray(v) ? v.map(String) : null;
  } catch {
    return null;
  }
}

async function note(db: Db, f: ManuscriptFileRow, copy: AnonymisedPdf | null) {
  const value = JSON.stringify(copy ? copy.removed : UNREADABLE);
  if (f.metadataRemoved === value) return;
  await setMetadataRemoved(db, f.id, value);
  f.metadataRemoved = value;
}

async function originalBytes(bucket: R2Bucket, f: ManuscriptFileRow): Promise<Uint8Array> {
  if (!isSafeFileName(f.file)) throw new HttpError(404, "not_found");
  const obj = await bucket.get(fileKeys.submission(f.journalId, f.file));
  if (!obj) throw new HttpError(404, "not_found");
  return new Uint8Array(await obj.arrayBuffer());
}

/** The copy without metadata, noted on the row; 409 file_not_anonymised when none can be made. */
export async function anonymisedCopy(db: Db, bucket: R2Bucket, f: ManuscriptFileRow): Promise<Uint8Array> {
  const copy = await anonymisePdf(await originalBytes(bucket, f));
  await note(db, f, copy);
  if (!copy) throw new HttpError(409, "file_not_anonymised");
  return copy.bytes;
}

/** Notes what the originals of files nobody has read yet carry (the staff page shows it before a reviewer downloads). */
export async function noteUnreadFiles(db: Db, bucket: R2Bucket, files: ManuscriptFileRow[]): Promise<void> {
  for (const f of files) {
    if (f.metadataRemoved != null || !ANONYMISED_FILE_KINDS.has(f.kind)) continue;
    try {
      await note(db, f, await anonymisePdf(await originalBytes(bucket, f)));
    } catch (err) {
      // A missing object is reported when someone downloads it; the page still opens.
      if (!(err instanceof HttpError)) throw err;
    }
  }
}

/** A PDF answer that is never cached, named by reference (never the uploader's file name). */
export function pdfAttachment(bytes: Uint8Array, name: string): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
