// The PDF writer of the documents: pages drawn through PageCanvas (content streams written as operator text), fonts
// embedded as Type0/CIDFontType2 with the glyphs exactly as shaped (Arabic joining, Indic reordering, per-glyph
// advances), a ToUnicode map (per cluster for reordered Indic glyphs) and ActualText so text extraction reads the
// real characters in logical order, each font subset to the glyphs drawn and renumbered in drawing order
// (truetype-subset.ts), and the file (objects, xref, trailer) written directly. The first version, through pdf-lib,
// cost 5.7 to 11 ms a document, mostly in writing the file (its object model and serializer, deflate round trips,
// whole font programs); this path costs 1 to 2 ms (docs/decisions/0052-document-speed.md).
import { deflateSync } from "node:zlib";
import { createHash } from "node:crypto";
import type { FontFace } from "./font-faces";
import type { ShapedRun } from "./text-shaping";
import { subsetTrueType } from "./truetype-subset";
import { assertPdfStructure } from "./pdf-self-check";

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
 * zlib-deflates with node:zlib's synchronous deflateSync, native code in workerd (nodejs_compat) and Node: ~25 µs for
 * a 5 KB content stream, where a CompressionStream round trip costs ~150-500 µs (stream and promise plumbing) and a
 * JavaScript deflate ~200-400 µs. Level 3: within 3% of level 6's size at half its time.
 */
export function deflate(bytes: Uint8Array): Uint8Array {
  return deflateSync(bytes, { level: 3 });
}

const encoder = new TextEncoder();

/** Content streams shorter than this are stored: below it deflate saves too few bytes to be worth a call. */
const DEFLATE_MIN = 512;

/** A stream's bytes and the /Filter entry (with its leading space) they need. */
interface PackedStream {
  filter: string;
  bytes: Uint8Array;
}

function packStream(bytes: Uint8Array): PackedStream {
  if (bytes.length < DEFLATE_MIN) return { filter: "", bytes };
  return { filter: " /Filter /FlateDecode", bytes: deflate(bytes) };
}

/**
 * One face embedded in one document: the glyphs drawn with it, numbered in the order first drawn (subset glyph k =
 * the k-th glyph, 0 = .notdef), and the codes (CIDs) that draw them with their widths and their text. A glyph has one
 * CID per text it stands for: a matra drawn before its consonant reads "क" in one word and "म" in another
 * (per-cluster ToUnicode, docs/decisions/0058-copy-paste-of-indic-text.md). While every glyph has one text, CID k
 * draws subset glyph k (CIDToGIDMap /Identity); after that a CIDToGIDMap stream says which glyph each CID draws.
 */
class EmbeddedFont {
  /** Source glyph ids, by subset glyph id - 1. */
  readonly order: number[] = [];
  /** By CID - 1: the subset glyph it draws, its width and its text. */
  readonly glyphs: Array<{ gid: number; width: number; text: string }> = [];
  /** True while CID k draws subset glyph k for every CID. */
  identity = true;
  /** Source glyph id -> its first CID. */
  private readonly cids = new Map<number, number>();
  /** Source glyph id and another text -> its CID. */
  private variants: Map<string, number> | null = null;
  constructor(
    readonly face: FontFace,
    readonly name: string,
    /** Object number of its Type0 font dictionary. */
    readonly ref: number,
  ) {}

  /** The CID that draws glyph `id` of the face standing for `text`. */
  use(id: number, width: number, text: string): number {
    const first = this.cids.get(id);
    if (first === undefined) {
      this.order.push(id);
      this.glyphs.push({ gid: this.order.length, width, text });
      const cid = this.glyphs.length;
      if (cid !== this.order.length) this.identity = false;
      this.cids.set(id, cid);
      return cid;
    }
    const glyph = this.glyphs[first - 1];
    if (glyph.text === text) return first;
    const key = `${id} ${text}`;
    let cid = this.variants?.get(key);
    if (cid === undefined) {
      this.glyphs.push({ gid: glyph.gid, width, text });
      cid = this.glyphs.length;
      this.identity = false;
      (this.variants ??= new Map()).set(key, cid);
    }
    return cid;
  }

  /** The CIDToGIDMap stream's bytes: the subset glyph of each CID from 0, two bytes each (big-endian). */
  cidToGidMap(): Uint8Array {
    const bytes = new Uint8Array((this.glyphs.length + 1) * 2);
    this.glyphs.forEach((g, i) => {
      bytes[(i + 1) * 2] = g.gid >> 8;
      bytes[(i + 1) * 2 + 1] = g.gid & 0xff;
    });
    return bytes;
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
  packed?: PackedStream;
}

const FORM_CACHE_LIMIT = 64;
const formCache = new Map<string, CachedForm>();

/** Where a line of text was drawn: baseline start, width drawn and font size (the layout's own measurement). */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  size: number;
  text: string;
}

/** Pages laid out while a layout recording is on (tests check that no text leaves its box or overlaps another). */
export interface RecordedPage {
  width: number;
  height: number;
  texts: TextBox[];
}
let layoutRecording: RecordedPage[] | null = null;

/** Runs `build` and returns the pages it wrote with every text box drawn on them. */
export async function recordLayout(build: () => Promise<unknown>): Promise<RecordedPage[]> {
  const pages: RecordedPage[] = [];
  layoutRecording = pages;
  try {
    await build();
  } finally {
    layoutRecording = null;
  }
  return pages;
}

/** One page's content stream, written as PDF operators. Coordinates are PDF points from the bottom-left. */
export class PageCanvas {
  private readonly ops: string[] = [];
  readonly texts: TextBox[] | null = layoutRecording ? [] : null;
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
    this.texts?.push({ x, y, width: pen - x, size, text: runs.map((r) => r.text).join("") });
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
  /** BCP 47 language of the document's text (the catalog's /Lang); "en" when not given. */
  lang?: string;
}

/** The application that makes the documents (/Creator; /Producer names the writer). */
export const CREATOR = "journal-edge";

const SUBSET_TAG_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Six capital letters from a hash of the font and its glyph set: equal subsets get equal tags (ISO 32000 9.6.4). */
export function subsetTag(fontKey: string, glyphIds: readonly number[]): string {
  const digest = createHash("sha256")
    .update(`${fontKey}:${glyphIds.join(",")}`)
    .digest();
  let tag = "";
  for (let i = 0; i < 6; i++) tag += SUBSET_TAG_LETTERS[digest[i] % 26];
  return tag;
}

const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A PDF text string: UTF-16BE with a byte order mark, hex-encoded (any script, no escaping). */
const textString = (text: string): string => `<FEFF${utf16Hex(text)}>`;

/** A PDF date string in UTC: (D:YYYYMMDDHHmmSSZ). */
const dateString = (d: Date): string => `(D:${d.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z)`;

/** One indirect object: a dictionary or array written as text, and for a stream its (already encoded) bytes. */
interface PdfObject {
  body: string;
  stream?: Uint8Array;
}

/**
 * Builds one PDF: pages with content drawn through PageCanvas, fonts embedded on save. The file is written directly
 * (objects, cross-reference table, trailer): the structure of these documents is fixed and small, and a general
 * object model costs more than the drawing.
 */
export class PdfWriter {
  private readonly pages: PageCanvas[] = [];
  private readonly fonts = new Map<FontFace, EmbeddedFont>();
  private readonly forms = new Map<CachedForm, string>();
  /** Object numbers are indexes + 1; 1 is the catalog, 2 the page tree, 3 the document information. */
  private readonly objects: Array<PdfObject | null> = [null, null, null];

  private constructor(
    private readonly info: string,
    private readonly lang: string,
  ) {}

  static async create(info: DocumentInfo): Promise<PdfWriter> {
    let dict = `<< /Title ${textString(info.title)} /Author ${textString(info.author)}`;
    if (info.subject) dict += ` /Subject ${textString(info.subject)}`;
    dict += ` /Creator (${CREATOR}) /Producer (journal-edge documents) /CreationDate ${dateString(new Date())} >>`;
    const lang = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(info.lang ?? "") ? info.lang! : "en";
    return new PdfWriter(dict, lang);
  }

  /** Reserves an object number (written later with `set`). */
  private reserve(): number {
    this.objects.push(null);
    return this.objects.length;
  }

  private set(ref: number, body: string, stream?: Uint8Array): number {
    this.objects[ref - 1] = { body, stream };
    return ref;
  }

  private add(body: string, stream?: Uint8Array): number {
    return this.set(this.reserve(), body, stream);
  }

  addPage(size: { width: number; height: number }): PageCanvas {
    const canvas = new PageCanvas(this, size.width, size.height);
    this.pages.push(canvas);
    return canvas;
  }

  get pageCount(): number {
    return this.pages.length;
  }

  fontFor(face: FontFace): EmbeddedFont {
    let font = this.fonts.get(face);
    if (!font) {
      font = new EmbeddedFont(face, `F${this.fonts.size + 1}`, this.reserve());
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
    if (layoutRecording)
      for (const page of this.pages) layoutRecording.push({ width: page.width, height: page.height, texts: page.texts ?? [] });
    const formRefs = new Map<CachedForm, number>();
    for (const form of this.forms.keys()) {
      form.packed ??= packStream(form.contents);
      const { bytes, filter } = form.packed;
      formRefs.set(
        form,
        this.add(
          `<< /Type /XObject /Subtype /Form /BBox [0 0 ${num(form.width)} ${num(form.height)}] /Resources << >>${filter} /Length ${bytes.length} >>`,
          bytes,
        ),
      );
    }
    const contents = this.pages.map((canvas) => packStream(encoder.encode(canvas.contents())));
    const kids = this.pages.map((canvas, i) => {
      const content = this.add(`<< /Length ${contents[i].bytes.length}${contents[i].filter} >>`, contents[i].bytes);
      let resources = "";
      if (canvas.fonts.size) resources += ` /Font << ${[...canvas.fonts].map((f) => `/${f.name} ${f.ref} 0 R`).join(" ")} >>`;
      if (canvas.forms.size)
        resources += ` /XObject << ${[...canvas.forms].map((f) => `/${this.forms.get(f)} ${formRefs.get(f)} 0 R`).join(" ")} >>`;
      return this.add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(canvas.width)} ${num(canvas.height)}] /Resources <<${resources} >> /Contents ${content} 0 R >>`,
      );
    });
    for (const font of this.fonts.values()) this.embedFont(font);
    this.set(1, `<< /Type /Catalog /Pages 2 0 R /Lang (${this.lang}) /ViewerPreferences << /DisplayDocTitle true >> >>`);
    this.set(2, `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`);
    this.set(3, this.info);
    return this.serialize();
  }

  /** Header, objects, cross-reference table and trailer. */
  private serialize(): Uint8Array {
    const parts: Uint8Array[] = [];
    const offsets: number[] = [];
    let length = 0;
    const write = (bytes: Uint8Array) => {
      parts.push(bytes);
      length += bytes.length;
    };
    // The binary comment tells transfer tools the file is binary (ISO 32000 7.5.2).
    write(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
    this.objects.forEach((object, i) => {
      if (!object) throw new Error(`PDF object ${i + 1} was reserved but never written`);
      offsets.push(length);
      if (object.stream) {
        write(encoder.encode(`${i + 1} 0 obj\n${object.body}\nstream\n`));
        write(object.stream);
        write(encoder.encode("\nendstream\nendobj\n"));
      } else write(encoder.encode(`${i + 1} 0 obj\n${object.body}\nendobj\n`));
    });
    const size = this.objects.length + 1;
    let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
    for (const offset of offsets) xref += `${String(offset).padStart(10, "0")} 00000 n \n`;
    // The file identifier (ISO 32000 14.4): a hash of everything before the xref; both parts equal in a new file.
    const hash = createHash("md5");
    for (const part of parts) hash.update(part);
    const id = hexOf(hash.digest());
    write(
      encoder.encode(`${xref}trailer\n<< /Size ${size} /Root 1 0 R /Info 3 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${length}\n%%EOF\n`),
    );
    const out = new Uint8Array(length);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
    assertPdfStructure(out);
    return out;
  }

  private embedFont(font: EmbeddedFont): void {
    const fk = font.face.tables.metrics;
    const scale = 1000 / fk.unitsPerEm;
    // The font program and ToUnicode map are stored, not deflated: renumbered glyph outlines compress only ~30% and
    // deflating them cost more CPU than the whole rest of the font (measured: ~0.2 ms per font); a map is ~1 KB.
    const program = subsetTrueType(font.face.bytes, font.order);
    const cmap = encoder.encode(toUnicodeCMap(font));
    const fontFile = this.add(`<< /Length ${program.length} /Length1 ${program.length} >>`, program);
    const baseFont = `${subsetTag(font.face.key, font.order)}+${(fk.postscriptName ?? font.face.key).replace(/[^A-Za-z0-9-]/g, "")}`;
    const bbox = fk.bbox.map((v) => Math.round(v * scale));
    const descriptor = this.add(
      `<< /Type /FontDescriptor /FontName /${baseFont} /Flags ${4 | (fk.italicAngle ? 64 : 0)} /FontBBox [${bbox.join(" ")}]` +
        ` /ItalicAngle ${num(fk.italicAngle)} /Ascent ${Math.round(fk.ascent * scale)} /Descent ${Math.round(fk.descent * scale)}` +
        ` /CapHeight ${Math.round((fk.capHeight || fk.ascent) * scale)} /StemV 80 /FontFile2 ${fontFile} 0 R >>`,
    );
    // W: CIDs are consecutive from 1, so one array holds every width.
    const widths = font.glyphs.map((g) => Math.round(g.width)).join(" ");
    let cidToGid = "/Identity";
    if (!font.identity) {
      const map = packStream(font.cidToGidMap());
      cidToGid = `${this.add(`<< /Length ${map.bytes.length}${map.filter} >>`, map.bytes)} 0 R`;
    }
    const cidFont = this.add(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont /${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>` +
        ` /FontDescriptor ${descriptor} 0 R /CIDToGIDMap ${cidToGid} /DW 0 /W [1 [${widths}]] >>`,
    );
    const toUnicode = this.add(`<< /Length ${cmap.length} >>`, cmap);
    this.set(
      font.ref,
      `<< /Type /Font /Subtype /Type0 /BaseFont /${baseFont} /Encoding /Identity-H /DescendantFonts [${cidFont} 0 R] /ToUnicode ${toUnicode} 0 R >>`,
    );
  }
}

/**
 * A glyph that stands for no text of its own maps to U+2060 WORD JOINER: invisible, ignored by search, and skipped
 * by pdf.js, which reads a code missing from the map as the code's own number ("A" for CID 0x41).
 */
const NO_TEXT = "\u2060";

/** The ToUnicode CMap: CID -> the text it stands for (blocks of at most 100 entries). */
function toUnicodeCMap(font: EmbeddedFont): string {
  const entries: string[] = [];
  font.glyphs.forEach((g, i) => {
    entries.push(`<${hex4(i + 1)}> <${utf16Hex(g.text || NO_TEXT)}>`);
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
