// Double-blind files (issue 48 item 1, docs/decisions/0340): the copy of a PDF a reviewer receives (and the copy of a
// reviewer's PDF an author receives) carries no document information dictionary and no XMP metadata, where word
// processors write the author's name (Author, Creator, dc:creator, xmp:CreatorTool...). The original stays as it
// was uploaded, for staff. The copy is rewritten whole by pdf-lib, so nothing of the original's earlier revisions
// (incremental updates) or of the removed objects survives in its bytes.
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, PDFString, PDFHexString } from "pdf-lib";

export interface AnonymisedPdf {
  bytes: Uint8Array;
  /** What the original carried that the copy does not, in words for the editor ("Author: Jane Doe", "XMP metadata"). */
  removed: string[];
}

const INFO_KEYS = ["Title", "Author", "Subject", "Keywords", "Creator", "Producer", "CreationDate", "ModDate", "Trapped"];
const SHOWN = new Set(["Author", "Creator", "Producer", "Title"]);

function textOf(v: unknown): string {
  if (v instanceof PDFString || v instanceof PDFHexString) return v.decodeText();
  return "";
}

/**
 * The copy without metadata, or null when the file cannot be read safely (encrypted, or not parseable): then no
 * copy is given out and the editor is asked for a file for review.
 */
export async function anonymisePdf(original: Uint8Array): Promise<AnonymisedPdf | null> {
  try {
    const doc = await PDFDocument.load(original, { updateMetadata: false, ignoreEncryption: false, throwOnInvalidObject: false });
    // A file without a catalog has no pages to read either: nothing safe to give out.
    if (doc.isEncrypted || !(doc.context.lookup(doc.context.trailerInfo.Root) instanceof PDFDict)) return null;
    return await strip(doc);
  } catch {
    return null;
  }
}

async function strip(doc: PDFDocument): Promise<AnonymisedPdf> {
  const ctx = doc.context;
  const removed: string[] = [];
  const dropped = new Set<string>();
  const drop = (ref: PDFRef) => {
    if (dropped.has(ref.toString())) return;
    dropped.add(ref.toString());
    ctx.delete(ref);
  };

  // The document information dictionary: every entry, and the dictionary itself.
  const infoRef = ctx.trailerInfo.Info;
  const info = infoRef instanceof PDFRef ? ctx.lookup(infoRef) : infoRef;
  if (info instanceof PDFDict) {
    for (const key of info.keys()) {
      const name = key.decodeText();
      const value = textOf(info.get(key));
      if (!value && !INFO_KEYS.includes(name)) removed.push(name);
      else if (value) removed.push(SHOWN.has(name) ? `${name}: ${value}` : name);
    }
  }
  if (infoRef instanceof PDFRef) drop(infoRef);
  ctx.trailerInfo.Info = undefined;

  // XMP: the catalog's /Metadata and any other object's (pages, images, fonts carry their own streams too), and any
  // metadata stream left unreferenced.
  let xmp = 0;
  const metadataKey = PDFName.of("Metadata");
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : null;
    if (!dict) continue;
    const type = dict.get(PDFName.of("Type"));
    const subtype = dict.get(PDFName.of("Subtype"));
    if (obj instanceof PDFRawStream && type === PDFName.of("Metadata") && subtype === PDFName.of("XML")) {
      drop(ref);
      xmp++;
      continue;
    }
    const meta = dict.get(metadataKey);
    if (meta) {
      if (meta instanceof PDFRef) {
        drop(meta);
      }
      dict.delete(metadataKey);
      xmp++;
    }
  }
  const catalogMeta = doc.catalog.get(metadataKey);
  if (catalogMeta) {
    if (catalogMeta instanceof PDFRef) drop(catalogMeta);
    doc.catalog.delete(metadataKey);
    xmp++;
  }
  if (xmp) removed.push("XMP metadata");
  // The trailer's /Size is one more than the highest object number left (qpdf warns otherwise).
  ctx.largestObjectNumber = Math.max(0, ...ctx.enumerateIndirectObjects().map(([ref]) => ref.objectNumber));
  // Object streams are written anew: a removed object is in none of them.
  const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  return { bytes, removed };
}
