// A demo article as a real, multi-page PDF (pdf-lib): a title page with the journal header, title, authors,
// abstract and keywords, then body pages whose count matches the article's page range. Text is set in Noto Serif
// (fonts/, embedded as subsets), so names print as stored ("Şükrü Işık", not "Sukru Isik": issue 27 item 7) and
// Scholar finds the authors on the first page. The page furniture (journal header, page numbers) stays in
// Helvetica; anything a font lacks passes through printable() first.
import { readFile } from "node:fs/promises";
import fontkit from "@pdf-lib/fontkit";
import { withEvenGlyphs } from "./even-glyphs";
import {
  PDFDocument,
  StandardFonts,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
  setWordSpacing,
  showText,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from "pdf-lib";

export interface ArticlePdfInput {
  journal: { name: string; shortName: string; issn: string; domain: string; publisher: string };
  article: {
    type: string;
    refnumber: string;
    /** Sanitized rich text (i, b, sub, sup). */
    title: string;
    authors: { name: string; affiliation: number }[];
    affiliations: string[];
    email: string;
    year: number;
    volume: number;
    issue: number;
    firstPage: number;
    /** Total pages including the title page (the page range's length). */
    pageCount: number;
    received: string;
    accepted: string;
    published: string;
    /** The publication date as YYYY-MM-DD (the PDF's CreationDate). */
    publishedOn: string;
    abstract: string;
    keywords: string[];
  };
  /** Body sections in order; the one named by `growSection` is padded with `filler()` to fill the pages. */
  sections: { heading: string; paragraphs: string[] }[];
  growSection: string;
  filler: () => string;
  references: string[];
}

// ---- text that the embedded fonts can draw --------------------------------------------------------------

const TRANSLITERATE: Record<string, string> = {
  ə: "a",
  Ə: "A",
  ı: "i",
  İ: "I",
  ş: "s",
  Ş: "S",
  ğ: "g",
  Ğ: "G",
  ł: "l",
  Ł: "L",
  đ: "d",
  Đ: "D",
  "\u2212": "-",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2032": "'",
  Δ: "delta ",
  α: "alpha",
  β: "beta",
  γ: "gamma",
  μ: "\u00b5",
};

const charSets = new WeakMap<PDFFont, Set<number>>();

/**
 * The text with every character the font cannot draw (pdf-lib would throw, or draw nothing) replaced by a close
 * form: Noto Serif covers Latin, Greek and Cyrillic, so this only touches rare symbols there; Helvetica (WinAnsi)
 * gets ASCII stand-ins.
 */
export function printable(text: string, font: PDFFont): string {
  let chars = charSets.get(font);
  if (!chars) charSets.set(font, (chars = new Set(font.getCharacterSet())));
  const has = (c: string) => chars.has(c.codePointAt(0)!);
  let out = "";
  for (const ch of text) {
    if (has(ch) || ch === " ") out += ch;
    else if (TRANSLITERATE[ch] !== undefined && [...TRANSLITERATE[ch]].every(has)) out += TRANSLITERATE[ch];
    else {
      const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += base && [...base].every(has) ? base : "?";
    }
  }
  return out;
}

/** The text faces, from the repository's subset Noto Serif (SIL OFL, fonts/README.md). */
const NOTO_SERIF = {
  regular: "NotoSerif-Regular.ttf.bin",
  bold: "NotoSerif-Bold.ttf.bin",
  italic: "NotoSerif-Italic.ttf.bin",
  boldItalic: "NotoSerif-BoldItalic.ttf.bin",
} as const;
const fontBytes = new Map<string, Promise<Uint8Array>>();
const notoSerif = (file: string) => {
  if (!fontBytes.has(file))
    fontBytes.set(
      file,
      readFile(new URL(`../../fonts/${file}`, import.meta.url)).then((bytes) => withEvenGlyphs(new Uint8Array(bytes))),
    );
  return fontBytes.get(file)!;
};

// ---- rich text runs -------------------------------------------------------------------------------------

interface Style {
  bold: boolean;
  italic: boolean;
  script: "sub" | "sup" | null;
}
interface Piece extends Style {
  text: string;
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
}

/** Sanitized rich text -> styled pieces (paragraph and line breaks become spaces). */
function piecesOf(html: string, base: Partial<Style> = {}): Piece[] {
  const out: Piece[] = [];
  const style: Style = { bold: !!base.bold, italic: !!base.italic, script: null };
  const stack: string[] = [];
  let last = 0;
  const push = (text: string) => text && out.push({ ...style, text: decode(text) });
  for (const m of html.matchAll(/<(\/?)([a-z]+)\s*\/?>/gi)) {
    push(html.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === "/";
    const tag = m[2].toLowerCase();
    if (tag === "br" || tag === "p") {
      push(" ");
      continue;
    }
    if (closing) stack.splice(stack.lastIndexOf(tag), 1);
    else stack.push(tag);
    style.bold = !!base.bold || stack.includes("b") || stack.includes("strong");
    style.italic = !!base.italic || stack.includes("i") || stack.includes("em");
    style.script = stack.includes("sub") ? "sub" : stack.includes("sup") ? "sup" : null;
  }
  push(html.slice(last));
  return out;
}

// ---- layout ---------------------------------------------------------------------------------------------

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
  sans: PDFFont;
  sansBold: PDFFont;
  sansOblique: PDFFont;
}

interface Word {
  pieces: (Piece & { width: number; font: PDFFont; size: number; rise: number })[];
  width: number;
}
interface Line {
  words: Word[];
  width: number;
  justify: boolean;
}

function fontOf(fonts: Fonts, s: Style): PDFFont {
  return s.bold ? (s.italic ? fonts.boldItalic : fonts.bold) : s.italic ? fonts.italic : fonts.regular;
}

function wordsOf(fonts: Fonts, html: string, size: number, base: Partial<Style> = {}): Word[] {
  const words: Word[] = [];
  let current: Word = { pieces: [], width: 0 };
  const flush = () => {
    if (current.pieces.length) words.push(current);
    current = { pieces: [], width: 0 };
  };
  for (const piece of piecesOf(html, base)) {
    const font = fontOf(fonts, piece);
    const pieceSize = piece.script ? size * 0.68 : size;
    const rise = piece.script === "sub" ? -size * 0.22 : piece.script === "sup" ? size * 0.36 : 0;
    const parts = printable(piece.text, font).split(/(\s+)/);
    for (const part of parts) {
      if (!part) continue;
      if (/^\s+$/.test(part)) {
        flush();
        continue;
      }
      const width = font.widthOfTextAtSize(part, pieceSize);
      current.pieces.push({ ...piece, text: part, width, font, size: pieceSize, rise });
      current.width += width;
    }
  }
  flush();
  return words;
}

function wrap(fonts: Fonts, html: string, size: number, maxWidth: number, base: Partial<Style> = {}): Line[] {
  const space = fonts.regular.widthOfTextAtSize(" ", size);
  const lines: Line[] = [];
  let line: Line = { words: [], width: 0, justify: true };
  for (const word of wordsOf(fonts, html, size, base)) {
    const next = line.words.length ? line.width + space + word.width : word.width;
    if (next > maxWidth && line.words.length) {
      lines.push(line);
      line = { words: [word], width: word.width, justify: true };
    } else {
      line.words.push(word);
      line.width = next;
    }
  }
  if (line.words.length) lines.push({ ...line, justify: false });
  return lines;
}

/** Font resource names per page, so each line is one text object with plain operators (fast). */
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

/**
 * Draws one laid-out line as a single text object: runs flow from one show operator to the next, word
 * spacing (Tw) justifies, text rise (Ts) makes sub- and superscripts. (One drawText per word is ~10x slower.)
 */
function drawLine(
  page: PDFPage,
  fonts: Fonts,
  line: Line,
  x: number,
  y: number,
  size: number,
  maxWidth: number,
  opts: { justify?: boolean; align?: "left" | "center" | "right"; color?: ReturnType<typeof rgb> } = {},
) {
  const gaps = line.words.length - 1;
  const justify = opts.justify && line.justify && gaps > 0;
  const extra = justify ? (maxWidth - line.width) / gaps : 0;
  let cx = x;
  if (opts.align === "center") cx = x + (maxWidth - line.width) / 2;
  if (opts.align === "right") cx = x + maxWidth - line.width;
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    setFillingColor(opts.color ?? rgb(0.1, 0.1, 0.1)),
    beginText(),
    setTextMatrix(1, 0, 0, 1, cx, y),
    setWordSpacing(extra),
  ];
  let current: { font: PDFFont; size: number; rise: number } | null = null;
  let text = "";
  const flush = () => {
    if (current && text) ops.push(showText(current.font.encodeText(text)));
    text = "";
  };
  line.words.forEach((word, wi) => {
    word.pieces.forEach((p, pi) => {
      if (!current || current.font !== p.font || current.size !== p.size || current.rise !== p.rise) {
        flush();
        current = { font: p.font, size: p.size, rise: p.rise };
        ops.push(setFontAndSize(fontKey(page, p.font), p.size), setTextRise(p.rise));
      }
      // The space before a word is drawn in the first piece's style, at the regular body size.
      if (wi > 0 && pi === 0) {
        if (p.size !== size || p.rise !== 0) {
          flush();
          ops.push(setFontAndSize(fontKey(page, fonts.regular), size), setTextRise(0), showText(fonts.regular.encodeText(" ")));
          ops.push(setFontAndSize(fontKey(page, p.font), p.size), setTextRise(p.rise));
        } else text += " ";
      }
      text += p.text;
    });
  });
  flush();
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}

// ---- the document ---------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 60;
const TOP = A4[1] - 70;
const BOTTOM = 70;
const WIDTH = A4[0] - 2 * MARGIN_X;
const BODY_SIZE = 10.5;
const LEADING = 14.2;
const ACCENT = rgb(0.09, 0.27, 0.45);
const GREY = rgb(0.4, 0.4, 0.4);

type Block = { kind: "heading"; text: string } | { kind: "para"; lines: Line[] } | { kind: "ref"; lines: Line[] };

function blockHeight(b: Block): number {
  if (b.kind === "heading") return LEADING * 2;
  return b.lines.length * LEADING + (b.kind === "para" ? 5 : 2);
}

/** Greedy pagination: lines flow across pages; a heading never ends a page. Returns page count. */
function paginate(blocks: Block[], place?: (pageIndex: number, block: Block, y: number, lineFrom: number, lineTo: number) => void): number {
  let pageIndex = 0;
  let y = TOP;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind === "heading") {
      if (y - LEADING * 4 < BOTTOM) {
        pageIndex++;
        y = TOP;
      }
      place?.(pageIndex, b, y, 0, 0);
      y -= blockHeight(b);
      continue;
    }
    let from = 0;
    while (from < b.lines.length) {
      const fit = Math.floor((y - BOTTOM) / LEADING);
      if (fit <= 0) {
        pageIndex++;
        y = TOP;
        continue;
      }
      const to = Math.min(b.lines.length, from + fit);
      place?.(pageIndex, b, y, from, to);
      y -= (to - from) * LEADING;
      from = to;
    }
    y -= b.kind === "para" ? 5 : 2;
  }
  return pageIndex + 1;
}

export async function buildArticlePdf(input: ArticlePdfInput): Promise<Uint8Array> {
  const { journal, article } = input;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const serif = async (file: string) => doc.embedFont(await notoSerif(file), { subset: true });
  const italic = await serif(NOTO_SERIF.italic);
  const fonts: Fonts = {
    regular: await serif(NOTO_SERIF.regular),
    bold: await serif(NOTO_SERIF.bold),
    italic,
    boldItalic: await serif(NOTO_SERIF.boldItalic),
    sans: await doc.embedFont(StandardFonts.Helvetica),
    sansBold: await doc.embedFont(StandardFonts.HelveticaBold),
    // The running head names the authors: a Unicode face, as on the title page.
    sansOblique: italic,
  };
  const safe = (s: string, f: PDFFont = fonts.regular) => printable(s, f);
  const titlePlain = article.title.replace(/<[^>]+>/g, "");
  // The document information is UTF-16 text: names and titles as stored.
  doc.setTitle(decode(titlePlain));
  doc.setAuthor(article.authors.map((a) => a.name).join(", "));
  doc.setSubject(`${journal.name}, Vol. ${article.volume}, Issue ${article.issue} (${article.year})`);
  doc.setKeywords(article.keywords);
  doc.setProducer("journal-edge demo data");
  doc.setCreator("journal-edge scripts/seed.ts");
  // article.published is the long form printed on the page ("15 March 2024"); the ISO date makes a valid D: date.
  const created = new Date(`${article.publishedOn}T09:00:00Z`);
  if (Number.isNaN(created.getTime())) throw new Error(`invalid publication date ${article.publishedOn}`);
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const lastPage = article.firstPage + article.pageCount - 1;
  const surname = (name: string) => name.split(" ").slice(-1)[0];
  const runningAuthors =
    article.authors.length > 2 ? `${surname(article.authors[0].name)} et al.` : article.authors.map((a) => surname(a.name)).join(" and ");

  const footer = (page: PDFPage, n: number) => {
    page.drawLine({ start: { x: MARGIN_X, y: 52 }, end: { x: A4[0] - MARGIN_X, y: 52 }, thickness: 0.5, color: GREY });
    page.drawText(safe(`${journal.domain}`, fonts.sans), { x: MARGIN_X, y: 38, size: 8, font: fonts.sans, color: GREY });
    const num = String(n);
    page.drawText(num, {
      x: A4[0] - MARGIN_X - fonts.sansBold.widthOfTextAtSize(num, 9),
      y: 38,
      size: 9,
      font: fonts.sansBold,
      color: ACCENT,
    });
  };

  // Title page.
  const first = doc.addPage(A4);
  first.drawRectangle({ x: 0, y: A4[1] - 92, width: A4[0], height: 92, color: ACCENT });
  first.drawText(safe(journal.name.toUpperCase(), fonts.sansBold), {
    x: MARGIN_X,
    y: A4[1] - 42,
    size: 12.5,
    font: fonts.sansBold,
    color: rgb(1, 1, 1),
    maxWidth: WIDTH,
  });
  const [issnPrint, issnOnline] = journal.issn.split(",").map((s) => s.trim());
  first.drawText(safe(`ISSN: ${issnPrint} (Print)${issnOnline ? `  |  ${issnOnline} (Online)` : ""}  |  ${journal.domain}`, fonts.sans), {
    x: MARGIN_X,
    y: A4[1] - 60,
    size: 8.5,
    font: fonts.sans,
    color: rgb(0.85, 0.9, 0.96),
  });
  first.drawText(`Volume ${article.volume}, Issue ${article.issue}, ${article.year}, Pages ${article.firstPage}-${lastPage}`, {
    x: MARGIN_X,
    y: A4[1] - 75,
    size: 8.5,
    font: fonts.sans,
    color: rgb(0.85, 0.9, 0.96),
  });
  let y = A4[1] - 122;
  first.drawText(safe(article.type.toUpperCase(), fonts.sansBold), { x: MARGIN_X, y, size: 8.5, font: fonts.sansBold, color: ACCENT });
  const refLabel = safe(`Ref. No.: ${article.refnumber}`, fonts.sans);
  first.drawText(refLabel, {
    x: A4[0] - MARGIN_X - fonts.sans.widthOfTextAtSize(refLabel, 8.5),
    y,
    size: 8.5,
    font: fonts.sans,
    color: GREY,
  });
  y -= 28;
  for (const line of wrap(fonts, article.title, 17, WIDTH, { bold: true })) {
    drawLine(first, fonts, line, MARGIN_X, y, 17, WIDTH);
    y -= 21;
  }
  y -= 6;
  const authorsHtml = article.authors
    .map((a, i) => `${a.name.replace(/&/g, "&amp;").replace(/</g, "&lt;")}<sup>${a.affiliation}${i === 0 ? "*" : ""}</sup>`)
    .join(", ");
  for (const line of wrap(fonts, authorsHtml, 11.5, WIDTH)) {
    drawLine(first, fonts, line, MARGIN_X, y, 11.5, WIDTH);
    y -= 15;
  }
  y -= 4;
  article.affiliations.forEach((aff, i) => {
    for (const line of wrap(fonts, `<sup>${i + 1}</sup>${aff.replace(/&/g, "&amp;").replace(/</g, "&lt;")}`, 9, WIDTH, { italic: true })) {
      drawLine(first, fonts, line, MARGIN_X, y, 9, WIDTH, { color: GREY });
      y -= 11.5;
    }
  });
  first.drawText(safe(`*Corresponding author: ${article.email}`, fonts.italic), {
    x: MARGIN_X,
    y,
    size: 9,
    font: fonts.italic,
    color: GREY,
  });
  y -= 20;
  const dates = `Received: ${article.received}   |   Accepted: ${article.accepted}   |   Published: ${article.published}`;
  first.drawText(dates, { x: MARGIN_X, y, size: 8.5, font: fonts.sans, color: GREY });
  y -= 14;

  // Abstract box.
  const abstractLines = wrap(fonts, article.abstract, BODY_SIZE, WIDTH - 24);
  const keywordLines = wrap(fonts, `<b>Keywords:</b> ${article.keywords.join("; ")}`, BODY_SIZE, WIDTH - 24);
  const boxHeight = 34 + (abstractLines.length + keywordLines.length) * LEADING + 10;
  first.drawRectangle({
    x: MARGIN_X,
    y: y - boxHeight,
    width: WIDTH,
    height: boxHeight,
    color: rgb(0.95, 0.97, 0.99),
    borderColor: rgb(0.75, 0.82, 0.9),
    borderWidth: 0.8,
  });
  y -= 22;
  first.drawText("Abstract", { x: MARGIN_X + 12, y, size: 12, font: fonts.bold, color: ACCENT });
  y -= LEADING + 2;
  for (const line of abstractLines) {
    drawLine(first, fonts, line, MARGIN_X + 12, y, BODY_SIZE, WIDTH - 24, { justify: true });
    y -= LEADING;
  }
  y -= 6;
  for (const line of keywordLines) {
    drawLine(first, fonts, line, MARGIN_X + 12, y, BODY_SIZE, WIDTH - 24);
    y -= LEADING;
  }
  y -= 30;
  const citeLines = wrap(
    fonts,
    `<b>How to cite this article:</b> ${article.authors.map((a) => a.name).join(", ")}. ${article.title}. <i>${journal.shortName}</i> ${article.year}; ${article.volume}(${article.issue}): ${article.firstPage}-${lastPage}.`,
    9,
    WIDTH,
  );
  for (const line of citeLines) {
    drawLine(first, fonts, line, MARGIN_X, y, 9, WIDTH, { color: rgb(0.25, 0.25, 0.25) });
    y -= 12;
  }
  const notice = `Copyright (c) ${article.year} the authors. Published by ${journal.publisher}. This is an open access article distributed under the terms of the Creative Commons Attribution 4.0 License, which permits unrestricted use, distribution and reproduction in any medium, provided the original work is properly cited.`;
  let ny = 90;
  for (const line of wrap(fonts, notice, 7.5, WIDTH).reverse()) {
    drawLine(first, fonts, line, MARGIN_X, ny, 7.5, WIDTH, { color: GREY });
    ny += 9.5;
  }
  footer(first, article.firstPage);

  // Body pages: grow the chosen section until the body fills exactly pageCount - 1 pages.
  const bodyPages = Math.max(1, article.pageCount - 1);
  const para = (html: string): Block => ({ kind: "para", lines: wrap(fonts, html, BODY_SIZE, WIDTH) });
  // Wrap every fixed block once; only the padding paragraphs change while the pages are being filled.
  const head: Block[] = [];
  const tail: Block[] = [];
  let target = head;
  for (const s of input.sections) {
    target.push({ kind: "heading", text: s.heading });
    for (const p of s.paragraphs) target.push(para(p));
    if (s.heading === input.growSection) target = tail;
  }
  tail.push({ kind: "heading", text: "References" });
  input.references.forEach((r, i) => {
    tail.push({ kind: "ref", lines: wrap(fonts, `${i + 1}. ${r}`, 9.5, WIDTH) });
  });
  const build = (extra: Block[]): Block[] => [...head, ...extra, ...tail];
  const extra: Block[] = [];
  for (let guard = 0; guard < 60; guard++) {
    const candidate = para(input.filler());
    if (paginate(build([...extra, candidate])) > bodyPages) break;
    extra.push(candidate);
  }
  const blocks = build(extra);
  const pages: PDFPage[] = [];
  const pageAt = (i: number) => {
    while (pages.length <= i) {
      const p = doc.addPage(A4);
      const n = article.firstPage + pages.length + 1;
      const head = safe(
        `${journal.shortName} ${article.year}; ${article.volume}(${article.issue}): ${article.firstPage}-${lastPage}`,
        fonts.sansOblique,
      );
      p.drawText(head, { x: MARGIN_X, y: A4[1] - 40, size: 8, font: fonts.sansOblique, color: GREY });
      const right = safe(runningAuthors, fonts.sansOblique);
      p.drawText(right, {
        x: A4[0] - MARGIN_X - fonts.sansOblique.widthOfTextAtSize(right, 8),
        y: A4[1] - 40,
        size: 8,
        font: fonts.sansOblique,
        color: GREY,
      });
      p.drawLine({ start: { x: MARGIN_X, y: A4[1] - 46 }, end: { x: A4[0] - MARGIN_X, y: A4[1] - 46 }, thickness: 0.5, color: GREY });
      footer(p, n);
      pages.push(p);
    }
    return pages[i];
  };
  paginate(blocks, (pageIndex, block, top, from, to) => {
    const page = pageAt(pageIndex);
    if (block.kind === "heading") {
      page.drawText(safe(block.text, fonts.bold), { x: MARGIN_X, y: top - LEADING, size: 12, font: fonts.bold, color: ACCENT });
      return;
    }
    const size = block.kind === "ref" ? 9.5 : BODY_SIZE;
    for (let i = from; i < to; i++) {
      drawLine(page, fonts, block.lines[i], MARGIN_X, top - (i - from) * LEADING, size, WIDTH, { justify: block.kind === "para" });
    }
  });
  // A short body may need fewer pages than the range says: keep the range honest with a notes page.
  while (pages.length < bodyPages) pageAt(pages.length);
  return doc.save({ useObjectStreams: true });
}
