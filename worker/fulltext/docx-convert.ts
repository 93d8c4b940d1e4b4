// A Word manuscript (.docx) to the article's full text (issue 51 item 1, docs/decisions/0360): mammoth writes
// semantic HTML (headings, paragraphs, lists, tables, pictures, footnotes), Office Math is carried over as MathML
// (docx-math.ts), the result is shaped as a paper (fulltext-structure.ts) and sanitized. mammoth is imported here
// only, when a file is converted: the public pages and the Worker's start-up never load it.
// Nothing is silently dropped: mammoth's own warnings, equation parts kept as text, pictures browsers cannot show,
// and every paragraph of the Word file whose text is not found in the result are listed for staff.
import { sanitizeFulltextHtml } from "#contract/fulltext-html";
import { sanitizeRichText } from "#contract/rich-text";
import { extractMath } from "./docx-math";
import { readDocxParts, storedZip } from "./docx-package";
import { structureFulltext } from "./fulltext-structure";
import { type MarkupNode, parseMarkup, serializeMarkup } from "./markup-tree";

export interface ConvertedImage {
  /** The placeholder the HTML holds until the picture is stored (replaced by its public path). */
  placeholder: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ConvertedManuscript {
  /** Sanitized full text, pictures pointing at their placeholders. */
  html: string;
  /** The reference list's entries as rich text. */
  references: string[];
  images: ConvertedImage[];
  /** What could not be carried over, in words staff understand. */
  dropped: string[];
}

/** Pictures a browser shows; others (EMF, WMF, TIFF) are listed for staff to replace. */
const WEB_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

const STYLE_MAP = [
  "p[style-name='Title'] => h1.doc-title:fresh",
  "p[style-name='Subtitle'] => p.caption-ignored:fresh",
  "p[style-name='caption'] => p.caption:fresh",
  "p[style-name='Caption'] => p.caption:fresh",
  "p[style-name='Figure Caption'] => p.caption:fresh",
  "p[style-name='Table Caption'] => p.caption:fresh",
];

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Each paragraph's text in the Word file (innermost <w:p>, text boxes included, one copy of alternate content). */
function sourcePassages(xml: string): string[] {
  const once = xml.replace(/<mc:Fallback\b[\s\S]*?<\/mc:Fallback>/g, "");
  const out: string[] = [];
  for (const m of once.matchAll(/<w:p\b[^>]*>((?:(?!<w:p\b)[\s\S])*?)<\/w:p>/g)) {
    const t = [...m[1].matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((x) => x[1]).join("");
    const plain = t
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
    if (plain.trim()) out.push(plain);
  }
  return out;
}

/** The text of mammoth's HTML without footnote marks ("[1]"), which the Word paragraph does not hold as text. */
function textWithoutNoteMarks(n: MarkupNode): string {
  if (n.type === "text") return n.text;
  if (n.name === "a" && /^#footnote-\d+$/.test(n.attrs.href ?? "")) return "";
  return n.children.map(textWithoutNoteMarks).join("");
}

const squash = (s: string) => s.replace(/[\s\u00a0]+/g, "");

/** mammoth's warnings in staff's words. */
function warningText(message: string): string {
  const el = /unrecognised element was ignored: \{[^}]*\}(\w+)/.exec(message);
  if (el) return `A Word element (${el[1]}) was left out.`;
  return message;
}

export async function convertDocx(bytes: Uint8Array): Promise<ConvertedManuscript> {
  const parts = await readDocxParts(bytes);
  const documentXml = decoder.decode(parts.get("word/document.xml"));
  const passages = sourcePassages(documentXml);
  const { xml, math } = extractMath(documentXml);
  parts.set("word/document.xml", encoder.encode(xml));

  const images: ConvertedImage[] = [];
  const dropped: string[] = [...math.dropped];
  const mammoth = await import("mammoth");
  const result = await mammoth.convertToHtml({ buffer: storedZip(parts) } as unknown as { path: string }, {
    styleMap: STYLE_MAP,
    convertImage: mammoth.images.imgElement(async (image) => {
      const type = (image.contentType ?? "").toLowerCase();
      if (!WEB_IMAGES.has(type)) {
        dropped.push(`A picture of type ${type || "unknown"} cannot be shown in browsers: replace it in Word with PNG or JPEG.`);
        return { src: "" };
      }
      const data = await image.read();
      const placeholder = `/assets/fulltext/pending/image${images.length + 1}.${type === "image/jpeg" ? "jpg" : type.slice(6)}`;
      images.push({ placeholder, contentType: type, bytes: new Uint8Array(data as unknown as ArrayBuffer) });
      return { src: placeholder };
    }),
  });
  for (const m of result.messages) {
    // Styles Word applies by default carry no content of their own.
    if (/Unrecognised (paragraph|run) style/.test(m.message)) continue;
    dropped.push(warningText(m.message));
  }

  const root = parseMarkup(result.value);
  const shaped = structureFulltext(root, math.equations);
  dropped.push(...shaped.dropped);
  const html = sanitizeFulltextHtml(serializeMarkup(shaped.body));
  const references = shaped.references.map((r) => sanitizeRichText(serializeMarkup(r.children)));

  // Every paragraph of the Word file must be found in the result (body, references or notes).
  const carried = squash(textWithoutNoteMarks(root)).replace(/\uE000\d+\uE001/g, "");
  const missing = passages.filter((p) => !/^\uE000\d+\uE001$/.test(p) && !carried.includes(squash(p).replace(/\uE000\d+\uE001/g, "")));
  for (const p of missing) dropped.push(`Text not carried over: "${p.length > 120 ? `${p.slice(0, 117)}…` : p}"`);
  return { html, references, images, dropped: [...new Set(dropped)] };
}
