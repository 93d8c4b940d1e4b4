// Unicode text -> positioned glyph runs: font fallback per character, shaping per run, and bidi by UAX #9.
// - Each character takes the first face of the style's chain that has a glyph for it; combining marks and joiners
//   stay with their base; spaces and punctuation stay in the current run when its face has them.
// - A character no face covers is decomposed (NFKD: "ﬁ" -> "fi", "²" -> "2"); failing that it is drawn as U+FFFD,
//   the visible replacement character, never as an empty box.
// - Bidi: the Unicode Bidirectional Algorithm (bidi-js, UAX #9) resolves each character's embedding level with the
//   paragraph's base direction (taken from the whole paragraph before it is broken into lines, see
//   paragraphDirection); runs are split where the level changes, shaped in their direction (mirrored brackets in
//   right-to-left runs), and put in visual order by rule L2 (docs/decisions/0055-bidi.md).
import bidiFactory from "bidi-js";
import { fallbackChain, type FontFace, type TextStyle } from "./font-faces";
import { stripInvisible } from "../schemas/invisible-text";

const bidi = bidiFactory();

/** A paragraph's base direction: "auto" takes it from the first strong character (UAX #9 P2/P3). */
export type BaseDirection = "ltr" | "rtl" | "auto";

/** The resolved base direction of a whole paragraph (before line breaking): its lines are laid out with it. */
export function paragraphDirection(text: string, base: BaseDirection = "auto"): "ltr" | "rtl" {
  if (base !== "auto") return base;
  if (!RTL_ANY.test(text)) return "ltr";
  return bidi.getEmbeddingLevels(cleanText(text)).paragraphs[0]?.level % 2 ? "rtl" : "ltr";
}

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
  /** Bidi embedding level (odd: right to left). */
  level: number;
  /** Reordered or ligated glyphs (Arabic, Indic): PDF extractors need ActualText to read it back. */
  complex: boolean;
  /** Total advance in thousandths of the font size. */
  advance: number;
}

// biome-ignore lint/suspicious/noMisleadingCharacterClass: one code point is tested at a time (marks, ZWNJ/ZWJ, variation selectors)
const MARK = /^[\p{M}\u200c\u200d\ufe00-\ufe0f]$/u;
const NEUTRAL = /^[\p{Zs}\p{P}\p{S}]$/u;
const DIGIT = /^[0-9]$/;
/** Any character that may be right to left (Hebrew, Arabic, Syriac, Thaana, NKo... and explicit RTL marks). */
const RTL_ANY = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

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
  /** Bidi embedding level (odd: right to left). */
  level: number;
}

function faceFor(chain: readonly FontFace[], cp: number): FontFace | null {
  for (const face of chain) if (face.covers(cp)) return face;
  return null;
}

/** Splits text into pieces drawn with one face at one bidi level each, in logical order. */
function itemize(text: string, chain: readonly FontFace[], levels: Uint8Array | null): Piece[] {
  const pieces: Piece[] = [];
  let current: Piece | null = null;
  let level = 0;
  const push = (face: FontFace, ch: string, digits: boolean) => {
    if (current && current.face === face && current.digits === digits && current.level === level) current.text += ch;
    else pieces.push((current = { face, text: ch, digits, level }));
  };
  let index = 0;
  for (const ch of text) {
    level = levels ? levels[index] : 0;
    index += ch.length;
    const cp = ch.codePointAt(0)!;
    if (current && MARK.test(ch) && (current.face.covers(cp) || cp === 0x200c || cp === 0x200d)) {
      current.text += ch;
      continue;
    }
    const sameLevel = current?.level === level;
    if (DIGIT.test(ch)) {
      // European digits: drawn with a left-to-right face (the bidi levels keep them left to right).
      if (current && sameLevel && !current.face.rtl && current.face.covers(cp)) {
        current.text += ch;
        continue;
      }
      const face = chain.find((f) => !f.rtl && f.covers(cp)) ?? chain[0];
      pieces.push((current = { face, text: ch, digits: true, level }));
      continue;
    }
    if (current && sameLevel && NEUTRAL.test(ch) && current.face.covers(cp)) {
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
  const rtl = piece.level % 2 === 1;
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
    if (rtl) glyphs.reverse();
  } else {
    const font = face.font;
    const scale = 1000 / font.unitsPerEm;
    // fontkit's layout takes (text, features, script, language, direction); its typings list only the first two.
    const layout = font.layout as unknown as (text: string, features?: string[], script?: string, language?: string, direction?: string) => ReturnType<typeof font.layout>;
    const run = layout.call(font, piece.text, undefined, undefined, undefined, rtl ? "rtl" : "ltr");
    run.glyphs.forEach((glyph, i) => {
      const width = glyph.advanceWidth * scale;
      const glyphAdvance = run.positions[i].xAdvance * scale;
      let text = String.fromCodePoint(...glyph.codePoints);
      // Extractors read right-to-left runs backwards and reverse them again: store ligatures reversed too.
      if (rtl) text = [...text].reverse().join("");
      glyphs.push({ id: glyph.id, advance: glyphAdvance, width, text });
      advance += glyphAdvance;
    });
  }
  return { face, glyphs, text: piece.text, rtl, level: piece.level, complex: face.shaping === "shaped", advance };
}

/** UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
export function reorder<T extends { level: number }>(runs: readonly T[]): T[] {
  const out = [...runs];
  let highest = 0;
  let lowestOdd = Infinity;
  for (const r of runs) {
    highest = Math.max(highest, r.level);
    if (r.level % 2) lowestOdd = Math.min(lowestOdd, r.level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; ) {
      if (out[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j].level >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out;
}

/** The embedding level of each UTF-16 unit of `text` in a paragraph of direction `base` (null: all left to right). */
export function bidiLevels(text: string, base: BaseDirection): Uint8Array | null {
  if (!RTL_ANY.test(text) && base !== "rtl") return null;
  return bidi.getEmbeddingLevels(text, base === "auto" ? undefined : base).levels;
}

/** The text with bidi-mirrored characters (brackets) swapped where they resolve right to left, and the levels. */
function resolveBidi(text: string, base: BaseDirection): { text: string; levels: Uint8Array | null } {
  if (!RTL_ANY.test(text) && base !== "rtl") return { text, levels: null };
  const embedding = bidi.getEmbeddingLevels(text, base === "auto" ? undefined : base);
  const mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  if (!mirrored.size) return { text, levels: embedding.levels };
  const units = text.split("");
  for (const [i, ch] of mirrored) units[i] = ch;
  return { text: units.join(""), levels: embedding.levels };
}

const CACHE_LIMIT = 4000;
const cache = new Map<string, ShapedRun[]>();

/** Drops every cached shaping (after a font was loaded, text once drawn as U+FFFD can be drawn for real). */
export function clearShapeCache(): void {
  cache.clear();
}

/**
 * Shapes one line of text in the given style into runs in visual (left-to-right) order, with `base` the direction
 * of the paragraph the line belongs to. Results are cached per isolate (labels, journal names and titles repeat
 * across documents); callers must not mutate them.
 */
export function shapeText(text: string, style: TextStyle = {}, base: BaseDirection = "auto"): ShapedRun[] {
  const key = `${style.bold ? "b" : ""}${style.italic ? "i" : ""}${base}\u0000${text}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const resolved = resolveBidi(cleanText(text), base);
  const runs = itemize(resolved.text, fallbackChain(style), resolved.levels).map(shapePiece);
  const visual = resolved.levels ? reorder(runs) : runs;
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

