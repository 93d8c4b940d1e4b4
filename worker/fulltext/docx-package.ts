// A Word file's parts, read as every zip the product reads (docs/decisions/0305): by ranges, each entry inflated
// with a ceiling, never trusting the sizes the zip declares. mammoth then gets the same parts re-packed without
// compression (fflate, level 0), so its own unzipping (JSZip) cannot expand anything: a Word "bomb" is refused here.
import { zipSync } from "fflate";
import { ImportSourceError } from "../transfer/import-model";
import { openRangedZip, rangeSourceOfBytes } from "../transfer/zip-ranges";

/** What one .docx may hold: an XML part 16 MB, a picture 15 MB, 80 MB in all, 3,000 parts. */
export const DOCX_LIMITS = { xmlPart: 16 * 1024 * 1024, media: 15 * 1024 * 1024, total: 80 * 1024 * 1024, entries: 3000 };

export type DocxParts = Map<string, Uint8Array>;

/** A .docx is a zip: its first bytes are a local file header, "PK\x03\x04". */
export const isZipHeader = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The content type of a Word document's main part (a macro-enabled .docm declares another: refused). */
const WORD_DOCUMENT_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const CONTENT_TYPES_MAX = 1024 * 1024;

/**
 * Whether an upload is a Word document, as a file kept for staff (a submission's source file) needs: a zip whose
 * directory reads, within DOCX_LIMITS.entries, whose [Content_Types].xml declares word/document.xml a Word
 * document's main part, and whose main part inflates within DOCX_LIMITS.xmlPart. Nothing else is unpacked.
 * Throws ImportSourceError: invalid_docx (400) or docx_too_large (413).
 */
export async function checkDocxPackage(bytes: Uint8Array): Promise<void> {
  const notWord = () => new ImportSourceError("invalid_docx", "The file is not a Word document (.docx).");
  if (!isZipHeader(bytes)) throw notWord();
  try {
    const zip = await openRangedZip(rangeSourceOfBytes(bytes), "The Word file");
    if (zip.entries.length > DOCX_LIMITS.entries)
      throw new ImportSourceError("docx_too_large", "The Word file has too many parts.", 0, 413);
    const types = zip.entries.find((e) => e.name === "[Content_Types].xml");
    const main = zip.entries.find((e) => e.name === "word/document.xml");
    if (!types || !main) throw notWord();
    const declared = new TextDecoder().decode(await zip.read(types, CONTENT_TYPES_MAX));
    const override = /<Override\b[^>]*>/g;
    const declaresMain = [...declared.matchAll(override)].some(
      ([tag]) => /PartName="\/word\/document\.xml"/i.test(tag) && tag.includes(`ContentType="${WORD_DOCUMENT_MAIN}"`),
    );
    if (!declaresMain) throw notWord();
    await zip.read(main, DOCX_LIMITS.xmlPart);
  } catch (err) {
    if (!(err instanceof ImportSourceError)) throw err;
    if (err.status === 413) throw new ImportSourceError("docx_too_large", "The Word file is too large once unpacked.", 0, 413);
    throw err.code === "invalid_docx" ? err : notWord();
  }
}

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
