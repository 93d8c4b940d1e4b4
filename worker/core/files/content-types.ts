// What an uploaded file really is, judged by its first bytes (never by its name or the client's word).

export type SniffedType = "application/pdf" | "image/jpeg" | "image/png" | "image/webp" | "image/gif";

export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  const b = bytes;
  const starts = (...sig: number[]) => sig.every((v, i) => b[i] === v);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf"; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50) return "image/webp";
  return null;
}

export const IMAGE_EXTENSIONS: Record<Exclude<SniffedType, "application/pdf">, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** A Word document (.docx): checked as one on upload (worker/fulltext/docx-package.ts), never sniffed here. */
export const DOCX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Content type for serving a stored file, by its extension (files were checked by content on upload). */
export function contentTypeForName(name: string): string {
  const ext = name.toLowerCase().split(".").pop();
  switch (ext) {
    case "pdf":
      return "application/pdf";
    case "jpg":
    case "jpeg":
      return "image/jpeg";
    case "png":
      return "image/png";
    case "webp":
      return "image/webp";
    case "gif":
      return "image/gif";
    case "docx":
      return DOCX_CONTENT_TYPE;
    default:
      return "application/octet-stream";
  }
}
