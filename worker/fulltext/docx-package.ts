// A Word file's parts, read as every zip the product reads (docs/decisions/0305): by ranges, each entry inflated
// with a ceiling, never trusting the sizes the zip declares. mammoth then gets the same parts re-packed without
// compression (fflate, level 0), so its own unzipping (JSZip) cannot expand anything: a Word "bomb" is refused here.
import { zipSync } from "fflate";
import { ImportSourceError } from "../transfer/import-model";
import { openRangedZip, rangeSourceOfBytes } from "../transfer/zip-ranges";

/** What one .docx may hold: an XML part 16 MB, a picture 15 MB, 80 MB in all, 3,000 parts. */
export const DOCX_LIMITS = { xmlPart: 16 * 1024 * 1024, media: 15 * 1024 * 1024, total: 80 * 1024 * 1024, entries: 3000 };

export type DocxParts = Map<string, Uint8Array>;

/** The parts mammoth and the math reader need (the document, its styles, numbering, notes, relationships, media). */
const WANTED = /^(\[Content_Types\]\.xml|_rels\/\.rels|word\/[^/]+\.xml|word\/_rels\/[^/]+\.rels|word\/media\/[^/]+)$/;

export async function readDocxParts(bytes: Uint8Array): Promise<DocxParts> {
  const zip = await openRangedZip(rangeSourceOfBytes(bytes), "The Word file");
  if (zip.entries.length > DOCX_LIMITS.entries) throw new ImportSourceError("docx_too_large", "The Word file has too many parts.", 0, 413);
  const parts: DocxParts = new Map();
  let total = 0;
  for (const entry of zip.entries) {
    if (!WANTED.test(entry.name)) continue;
    const data = await zip.read(entry, entry.name.startsWith("word/media/") ? DOCX_LIMITS.media : DOCX_LIMITS.xmlPart);
    total += data.length;
    if (total > DOCX_LIMITS.total) throw new ImportSourceError("docx_too_large", "The Word file is too large once unpacked.", 0, 413);
    parts.set(entry.name, data);
  }
  if (!parts.has("word/document.xml")) throw new ImportSourceError("invalid_docx", "The file is not a Word document (.docx).");
  return parts;
}

/** The parts as a zip without compression, for mammoth. */
export function storedZip(parts: DocxParts): Uint8Array {
  return zipSync(Object.fromEntries(parts), { level: 0 });
}
