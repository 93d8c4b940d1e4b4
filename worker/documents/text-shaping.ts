// Unicode text -> positioned glyph runs: font fallback per character, shaping per run, and a simplified bidi pass.
// - Each character takes the first face of the style's chain that has a glyph for it; combining marks and joiners
//   stay with their base; spaces and punctuation stay in the current run when its face has them.
// - A character no face covers is decomposed (NFKD: "ﬁ" -> "fi", "²" -> "2"); failing that it is drawn as U+FFFD,
//   the visible replacement character, never as an empty box.
// - Bidi: runs in a right-to-left face are shaped right to left by fontkit (Arabic joining, lam-alef); a paragraph
//   whose first strong character is right-to-left shows its runs in reverse order; in a left-to-right paragraph,
//   consecutive right-to-left runs (with the digits between them) are reversed as a group. European digits always
//   read left to right. This covers names and titles; full UAX #9 (nested embeddings, mirroring) is not attempted.
import { fallbackChain, type FontFace, type TextStyle } from "./font-faces";
import { stripInvisible } from "../schemas/invisible-text";

export interface ShapedGlyph {
  /** Glyph id in the face (also the CID in the PDF). */
  id: number;
  /** Advance in thousandths of the font size. */
  advance: number;
  /** Natural advance (the font's hmtx width) in thousandths: the PDF's /W entry for this glyph. */
  width: number;
  /** The text this glyph stands for, in the order a PDF text extractor reads it (ToUnicode). */
  text: string;
}

export interface ShapedRun {
  face: FontFace;
  glyphs: ShapedGlyph[];
  /** The run's characters in logical order (ActualText of complex runs). */
  text: string;
  rtl: boolean;
  /** Reordered or ligated glyphs (Arabic, Indic): PDF extractors need ActualText to read it back. */
  complex: boolean;
  /** Total advance in thousandths of the font size. */
  advance: number;
}

const MARK = /^[\p{M}\u200c\u200d\ufe00-\ufe0f]$/u;
const NEUTRAL = /^[\p{Zs}\p{P}\p{S}]$/u;
const DIGIT = /^[0-9]$/;
const RTL_STRONG = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const STRONG = /[\p{L}]/u;

/**
 * Characters that never reach the page: controls become spaces; default-ignorables (bidi marks, zero-width
 * characters, soft hyphens, BOMs, variation selectors) vanish, except ZWJ/ZWNJ inside joining and Indic words.
 */
export function cleanText(text: string): string {
  return stripInvisible(text.normalize("NFC").replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " "));
}

interface Piece {
  face: FontFace;
  text: string;
  digits: boolean;
}

function faceFor(chain: readonly FontFace[], cp: number): FontFace | null {
  for (const face of chain) if (face.covers(cp)) return face;
  return null;
}

/** Splits text into pieces drawn with one face each, in logical order. */
function itemize(text: string, chain: readonly FontFace[]): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  const push = (face: FontFace, ch: string, digits: boolean) => {
    if (current && current.face === face && current.digits === digits) current.text += ch;
    else pieces.push((current = { face, text: ch, digits }));
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (current && MARK.test(ch) && (current.face.covers(cp) || cp === 0x200c || cp === 0x200d)) {
      current.text += ch;
      continue;
    }
    if (DIGIT.test(ch)) {
      // European digits read left to right even inside Arabic text: they never join a right-to-left run.
      if (current && !current.face.rtl && current.face.covers(cp)) {
        current.text += ch;
        continue;
      }
      const face = chain.find((f) => !f.rtl && f.covers(cp)) ?? chain[0];
      pieces.push((current = { face, text: ch, digits: true }));
      continue;
    }
    if (current && NEUTRAL.test(ch) && current.face.covers(cp)) {
      current.text += ch;
      continue;
    }
    const face = faceFor(chain, cp);
    if (face) {
      push(face, ch, false);
      continue;
    }
    const decomposed = ch.normalize("NFKD");
    if (decomposed !== ch && [...decomposed].every((d) => faceFor(chain, d.codePointAt(0)!))) {
      for (const d of decomposed) push(faceFor(chain, d.codePointAt(0)!)!, d, false);
      continue;
    }
    push(faceFor(chain, 0xfffd) ?? chain[0], "\ufffd", false);
  }
  return pieces;
}

function shapePiece(piece: Piece): ShapedRun {
  const { face } = piece;
  const glyphs: ShapedGlyph[] = [];
  let advance = 0;
  if (face.shaping === "direct") {
    const tables = face.tables;
    const scale = 1000 / tables.metrics.unitsPerEm;
    for (const ch of piece.text) {
      const id = tables.glyphId(ch.codePointAt(0)!);
      const width = tables.advanceWidth(id) * scale;
      glyphs.push({ id, advance: width, width, text: ch });
      advance += width;
    }
  } else {
    const font = face.font;
    const scale = 1000 / font.unitsPerEm;
    const run = font.layout(piece.text);
    run.glyphs.forEach((glyph, i) => {
      const width = glyph.advanceWidth * scale;
      const glyphAdvance = run.positions[i].xAdvance * scale;
      let text = String.fromCodePoint(...glyph.codePoints);
      // Extractors read right-to-left runs backwards and reverse them again: store ligatures reversed too.
      if (face.rtl) text = [...text].reverse().join("");
      glyphs.push({ id: glyph.id, advance: glyphAdvance, width, text });
      advance += glyphAdvance;
    });
  }
  return { face, glyphs, text: piece.text, rtl: face.rtl, complex: face.shaping === "shaped", advance };
}

/**
 * In a left-to-right paragraph, spaces and punctuation after a right-to-left word belong to the paragraph's
 * direction ("محمد, Ali" keeps its comma after the Arabic name): move them out of the right-to-left piece.
 */
function detachTrailingNeutrals(pieces: Piece[], chain: readonly FontFace[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const m = piece.face.rtl ? /[\s\p{P}\p{S}]+$/u.exec(piece.text) : null;
    const tail = m?.[0] ?? "";
    const host = tail && chain.find((f) => !f.rtl && [...tail].every((ch) => f.covers(ch.codePointAt(0)!)));
    if (!tail || tail === piece.text || !host) {
      out.push(piece);
      continue;
    }
    out.push({ ...piece, text: piece.text.slice(0, -tail.length) }, { face: host, text: tail, digits: false });
  }
  return out;
}

/** Visual order of the runs (see the header comment for the rules). */
function reorder(runs: ShapedRun[], pieces: Piece[], rtlParagraph: boolean): ShapedRun[] {
  if (rtlParagraph) return [...runs].reverse();
  const out: ShapedRun[] = [];
  let i = 0;
  while (i < runs.length) {
    if (!runs[i].rtl) {
      out.push(runs[i++]);
      continue;
    }
    // A right-to-left stretch: RTL runs, plus digit runs that sit between two of them.
    let j = i + 1;
    while (j < runs.length && (runs[j].rtl || (pieces[j].digits && runs.slice(j).some((r) => r.rtl)))) j++;
    while (j > i + 1 && !runs[j - 1].rtl) j--;
    out.push(...runs.slice(i, j).reverse());
    i = j;
  }
  return out;
}

const CACHE_LIMIT = 4000;
const cache = new Map<string, ShapedRun[]>();

/**
 * Shapes one line of text in the given style into runs in visual (left-to-right) order. Results are cached per
 * isolate (labels, journal names and titles repeat across documents); callers must not mutate them.
 */
export function shapeText(text: string, style: TextStyle = {}): ShapedRun[] {
  const key = `${style.bold ? "b" : ""}${style.italic ? "i" : ""}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const clean = cleanText(text);
  const chain = fallbackChain(style);
  const firstStrong = clean.match(STRONG)?.[0] ?? "";
  const rtlParagraph = RTL_STRONG.test(firstStrong);
  const pieces = rtlParagraph ? itemize(clean, chain) : detachTrailingNeutrals(itemize(clean, chain), chain);
  const runs = pieces.map(shapePiece);
  const visual = reorder(runs, pieces, rtlParagraph);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, visual);
  return visual;
}

/** Width of shaped runs at a font size, in points. */
export function runsWidth(runs: readonly ShapedRun[], size: number): number {
  let total = 0;
  for (const run of runs) total += run.advance;
  return (total * size) / 1000;
}

/** True when every character of `text` has a glyph in some face of the style's chain (no replacement needed). */
export function isCovered(text: string, style: TextStyle = {}): boolean {
  const chain = fallbackChain(style);
  for (const ch of cleanText(text)) if (!faceFor(chain, ch.codePointAt(0)!)) return false;
  return true;
}

