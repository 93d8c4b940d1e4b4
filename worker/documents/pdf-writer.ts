// A small drawing layer over pdf-lib's object model: pdf-lib holds the document, pages and cross-reference table and
// serializes them; this file writes the page content streams (as text, deflated natively) and embeds fonts
// itself, so each glyph is drawn exactly as shaped (Arabic joining, Indic reordering, per-glyph advances), the
// ToUnicode map and ActualText give text extraction the real characters, and each font is subset to the glyphs
// drawn, renumbered in drawing order (truetype-subset.ts). pdf-lib's own drawText re-lays out strings on every call and
// deflates with pako, which made one certificate cost ~30 ms; this path costs a few.
import { PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFString, type PDFObject, type PDFRef } from "pdf-lib";
import type { FontFace } from "./font-faces";
import type { ShapedRun } from "./text-shaping";
import { subsetTrueType } from "./truetype-subset";

export type Rgb = readonly [number, number, number];

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const;

const num = (n: number): string => {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? "0" : String(r);
};

const hex4 = (n: number): string => n.toString(16).padStart(4, "0");

function utf16Hex(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out;
}

/**
 * zlib-deflates with the runtime's native CompressionStream (workerd and Node both have it): ~20x less CPU than a
 * JavaScript deflate, which was the largest cost of a certificate.
 */
export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const encoder = new TextEncoder();

/** Streams shorter than this are stored: deflating them would cost more time than the bytes are worth. */
const DEFLATE_MIN = 2048;

async function packStream(bytes: Uint8Array): Promise<{ dict: Record<string, string>; bytes: Uint8Array }> {
  if (bytes.length < DEFLATE_MIN) return { dict: {}, bytes };
  return { dict: { Filter: "FlateDecode" }, bytes: await deflate(bytes) };
}

/**
 * One face embedded in one document: the glyphs drawn with it, numbered in the order first drawn (CID k = the k-th
 * glyph, CID 0 = .notdef), their widths and their text. The subset font uses the same numbering.
 */
class EmbeddedFont {
  /** Source glyph ids, by CID - 1. */
  readonly order: number[] = [];
  readonly glyphs: Array<{ width: number; text: string }> = [];
  private readonly cids = new Map<number, number>();
  constructor(
    readonly face: FontFace,
    readonly name: string,
    readonly ref: PDFRef,
  ) {}

  /** The CID that draws glyph `id` of the face. */
  use(id: number, width: number, text: string): number {
    let cid = this.cids.get(id);
    if (cid === undefined) {
      this.order.push(id);
      this.glyphs.push({ width, text });
      cid = this.order.length;
      this.cids.set(id, cid);
    }
    return cid;
  }
}

export interface TextOptions {
  size: number;
  color?: Rgb;
  /** Extra space between characters, in points (letter-spaced headings). */
  tracking?: number;
}

/**
 * Graphics that are the same in every document (a certificate's frame, its seal): recorded and deflated once per
 * isolate, written into each PDF as a Form XObject that pages draw with one `Do`.
 */
interface CachedForm {
  width: number;
  height: number;
  contents: Uint8Array;
  packed?: { dict: Record<string, string>; bytes: Uint8Array };
}

const FORM_CACHE_LIMIT = 64;
const formCache = new Map<string, CachedForm>();

/** One page's content stream, written as PDF operators. Coordinates are PDF points from the bottom-left. */
export class PageCanvas {
  private readonly ops: string[] = [];
  readonly fonts = new Set<EmbeddedFont>();
  readonly forms = new Set<CachedForm>();

  constructor(
    private readonly writer: PdfWriter,
    readonly width: number,
    readonly height: number,
  ) {}

  private op(s: string): this {
    this.ops.push(s);
    return this;
  }

  save(): this {
    return this.op("q");
  }
  restore(): this {
    return this.op("Q");
  }
  fillColor([r, g, b]: Rgb): this {
    return this.op(`${num(r)} ${num(g)} ${num(b)} rg`);
  }
  strokeColor([r, g, b]: Rgb): this {
    return this.op(`${num(r)} ${num(g)} ${num(b)} RG`);
  }
  lineWidth(w: number): this {
    return this.op(`${num(w)} w`);
  }
  dash(pattern: number[], phase = 0): this {
    return this.op(`[${pattern.map(num).join(" ")}] ${num(phase)} d`);
  }
  lineCap(style: 0 | 1 | 2): this {
    return this.op(`${style} J`);
  }
  moveTo(x: number, y: number): this {
    return this.op(`${num(x)} ${num(y)} m`);
  }
  lineTo(x: number, y: number): this {
    return this.op(`${num(x)} ${num(y)} l`);
  }
  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): this {
    return this.op(`${num(x1)} ${num(y1)} ${num(x2)} ${num(y2)} ${num(x)} ${num(y)} c`);
  }
  closePath(): this {
    return this.op("h");
  }
  rect(x: number, y: number, w: number, h: number): this {
    return this.op(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re`);
  }
  /** Adds a full circle (four Béziers) to the current path. */
  circle(cx: number, cy: number, r: number): this {
    const k = 0.5523 * r;
    return this.moveTo(cx + r, cy)
      .curveTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
      .curveTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
      .curveTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
      .curveTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
      .closePath();
  }
  fill(): this {
    return this.op("f");
  }
  stroke(): this {
    return this.op("S");
  }
  fillAndStroke(): this {
    return this.op("B");
  }
  /** Applies a transform to what follows (inside save/restore). */
  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    return this.op(`${num(a)} ${num(b)} ${num(c)} ${num(d)} ${num(e)} ${num(f)} cm`);
  }

  /**
   * Draws what `draw` draws, from a per-isolate cache keyed by `key` (and the page size): `draw` must depend on
   * nothing but the key and must not draw text. The form runs in its own graphics state (q/Q around it).
   */
  form(key: string, draw: (c: PageCanvas) => void): this {
    const cacheKey = `${key} @${this.width}x${this.height}`;
    let form = formCache.get(cacheKey);
    if (!form) {
      const recorder = new PageCanvas(this.writer, this.width, this.height);
      draw(recorder);
      if (recorder.fonts.size) throw new Error("a cached form cannot draw text");
      form = { width: this.width, height: this.height, contents: encoder.encode(recorder.contents()) };
      if (formCache.size >= FORM_CACHE_LIMIT) formCache.delete(formCache.keys().next().value!);
      formCache.set(cacheKey, form);
    }
    this.forms.add(form);
    return this.op(`/${this.writer.formName(form)} Do`);
  }

  line(x1: number, y1: number, x2: number, y2: number): this {
    return this.moveTo(x1, y1).lineTo(x2, y2).stroke();
  }

  /** Draws shaped runs (visual order) with the baseline starting at (x, y); returns the width drawn. */
  drawRuns(runs: readonly ShapedRun[], x: number, y: number, opts: TextOptions): number {
    const { size } = opts;
    const tracking = opts.tracking ?? 0;
    let pen = x;
    this.op("BT");
    if (opts.color) this.fillColor(opts.color);
    // Character spacing is graphics state that outlives ET: set it on every text object.
    this.op(`${num(tracking)} Tc`);
    for (const run of runs) {
      if (!run.glyphs.length) continue;
      const font = this.writer.fontFor(run.face);
      this.fonts.add(font);
      let tj = "";
      let runWidth = 0;
      for (const g of run.glyphs) {
        tj += `<${hex4(font.use(g.id, g.width, g.text))}>`;
        // Shaped advances differ from the font's widths for marks (zero advance): adjust with TJ.
        const adjust = g.width - g.advance;
        if (Math.abs(adjust) > 0.01) tj += ` ${num(adjust)} `;
        runWidth += (g.advance * size) / 1000 + tracking;
      }
      if (run.complex && !run.rtl) this.op(`/Span <</ActualText <FEFF${utf16Hex(run.text)}>>> BDC`);
      this.op(`/${font.name} ${num(size)} Tf 1 0 0 1 ${num(pen)} ${num(y)} Tm [${tj}] TJ`);
      if (run.complex && !run.rtl) this.op("EMC");
      pen += runWidth;
    }
    this.op("ET");
    return pen - x;
  }

  /** The page's operators, one per line. */
  contents(): string {
    return this.ops.join("\n");
  }
}

export interface DocumentInfo {
  title: string;
  author: string;
  subject?: string;
}

const SUBSET_TAG_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Builds one PDF: pages with content drawn through PageCanvas, fonts embedded on save. */
export class PdfWriter {
  private readonly pages: Array<{ canvas: PageCanvas; page: ReturnType<PDFDocument["addPage"]> }> = [];
  private readonly fonts = new Map<FontFace, EmbeddedFont>();
  private readonly forms = new Map<CachedForm, string>();

  private constructor(private readonly doc: PDFDocument) {}

  static async create(info: DocumentInfo): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(info.title);
    doc.setAuthor(info.author);
    if (info.subject) doc.setSubject(info.subject);
    doc.setCreator(info.author);
    doc.setProducer("journal-edge documents");
    doc.setCreationDate(new Date());
    return new PdfWriter(doc);
  }

  addPage(size: { width: number; height: number }): PageCanvas {
    const page = this.doc.addPage([size.width, size.height]);
    const canvas = new PageCanvas(this, size.width, size.height);
    this.pages.push({ canvas, page });
    return canvas;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  fontFor(face: FontFace): EmbeddedFont {
    let font = this.fonts.get(face);
    if (!font) {
      font = new EmbeddedFont(face, `F${this.fonts.size + 1}`, this.doc.context.nextRef());
      this.fonts.set(face, font);
    }
    return font;
  }

  /** The resource name of a cached form in this document. */
  formName(form: CachedForm): string {
    let name = this.forms.get(form);
    if (!name) {
      name = `X${this.forms.size + 1}`;
      this.forms.set(form, name);
    }
    return name;
  }

  async save(): Promise<Uint8Array> {
    const ctx = this.doc.context;
    const fonts = [...this.fonts.values()];
    const formRefs = new Map<CachedForm, PDFRef>();
    for (const form of this.forms.keys()) {
      form.packed ??= await packStream(form.contents);
      const dict = ctx.obj({ Type: "XObject", Subtype: "Form", BBox: [0, 0, form.width, form.height], Resources: {}, ...form.packed.dict });
      formRefs.set(form, ctx.register(PDFRawStream.of(dict, form.packed.bytes)));
    }
    // Page contents are deflated (operators compress ~5x). Font programs (glyph outlines compress ~30%) and
    // ToUnicode maps are small and stored as they are: each native deflate call costs ~0.2 ms whatever its size.
    const contents = await Promise.all(this.pages.map(({ canvas }) => packStream(encoder.encode(canvas.contents()))));
    this.pages.forEach(({ canvas, page }, i) => {
      page.node.set(PDFName.of("Contents"), ctx.register(PDFRawStream.of(ctx.obj(contents[i].dict), contents[i].bytes)));
      for (const font of canvas.fonts) page.node.setFontDictionary(PDFName.of(font.name), font.ref);
      for (const form of canvas.forms) page.node.setXObject(PDFName.of(this.forms.get(form)!), formRefs.get(form)!);
    });
    fonts.forEach((font, i) => this.embedFont(font, i, subsetTrueType(font.face.bytes, font.order), encoder.encode(toUnicodeCMap(font))));
    return this.doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  }

  private embedFont(font: EmbeddedFont, index: number, program: Uint8Array, cmap: Uint8Array): void {
    const ctx = this.doc.context;
    const fk = font.face.font;
    const scale = 1000 / fk.unitsPerEm;
    const fontFile = PDFRawStream.of(ctx.obj({ Length1: program.length }), program);
    // Subset fonts are named with a six-letter tag (ISO 32000 9.6.4); unique within the document.
    let tag = "";
    for (let i = 0, n = index + 1; i < 6; i++, n = Math.floor(n / 26)) tag = SUBSET_TAG_LETTERS[n % 26] + tag;
    const baseFont = `${tag}+${(fk.postscriptName ?? font.face.key).replace(/[^A-Za-z0-9-]/g, "")}`;
    const bbox = fk.bbox;
    const descriptor = ctx.register(
      ctx.obj({
        Type: "FontDescriptor",
        FontName: baseFont,
        Flags: 4 | (fk.italicAngle ? 64 : 0),
        FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale].map(Math.round),
        ItalicAngle: fk.italicAngle,
        Ascent: Math.round(fk.ascent * scale),
        Descent: Math.round(fk.descent * scale),
        CapHeight: Math.round((fk.capHeight || fk.ascent) * scale),
        StemV: 80,
        FontFile2: ctx.register(fontFile),
      }),
    );
    // W: CIDs are consecutive from 1, so one array holds every width.
    const widths: PDFObject[] = [PDFNumber.of(1), ctx.obj(font.glyphs.map((g) => Math.round(g.width)))];
    const cidFont = ctx.register(
      ctx.obj({
        Type: "Font",
        Subtype: "CIDFontType2",
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Identity"), Supplement: 0 },
        FontDescriptor: descriptor,
        CIDToGIDMap: "Identity",
        DW: 0,
        W: widths,
      }),
    );
    const toUnicode = ctx.register(PDFRawStream.of(ctx.obj({}), cmap));
    ctx.assign(
      font.ref,
      ctx.obj({
        Type: "Font",
        Subtype: "Type0",
        BaseFont: baseFont,
        Encoding: "Identity-H",
        DescendantFonts: [cidFont],
        ToUnicode: toUnicode,
      }),
    );
  }
}

/** The ToUnicode CMap: glyph id -> the text it stands for (blocks of at most 100 entries). */
function toUnicodeCMap(font: EmbeddedFont): string {
  const entries: string[] = [];
  font.glyphs.forEach((g, i) => {
    if (g.text.length > 0) entries.push(`<${hex4(i + 1)}> <${utf16Hex(g.text)}>`);
  });
  let body = "";
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    body += `${block.length} beginbfchar\n${block.join("\n")}\nendbfchar\n`;
  }
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
${body}endcmap
CMapName currentdict /defineresource findresource pop
end
end`;
}

