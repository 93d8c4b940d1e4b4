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
import { stripInvisible } from "#contract/invisible-text";

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
  /** The text this glyph stands for, in the order a PDF text extractor reads it (ToUnicode): in a reordered Indic
   * cluster, a piece of the cluster's text (clusterTexts). */
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
  /** Reordered or ligated glyphs (Arabic, Indic): written with ActualText (poppler, Acrobat) as well as per-cluster
   * ToUnicode texts (pdf.js, which ignores ActualText: clusterTexts). */
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
    const layout = font.layout as unknown as (
      text: string,
      features?: string[],
      script?: string,
      language?: string,
      direction?: string,
    ) => ReturnType<typeof font.layout>;
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
    // Left to right: pre-base vowels and reph are drawn out of logical order; give each glyph the text that makes
    // the glyphs, read in drawing order, spell the characters in logical order (pdf.js reads no /ActualText).
    if (!rtl) {
      const texts = clusterTexts(
        piece.text,
        run.glyphs.map((g) => g.codePoints),
        glyphs,
      );
      glyphs.forEach((g, i) => {
        g.text = texts[i];
      });
    }
  }
  return { face, glyphs, text: piece.text, rtl, level: piece.level, complex: face.shaping === "shaped", advance };
}

const MN = /\p{Mn}/u;
const STARTS_BLANK = /^\s/u;
const ENDS_FORMAT = /\p{Cf}$/u;
const ONLY_FORMAT = /^\p{Cf}+$/u;

/**
 * The ToUnicode text of each glyph of a left-to-right shaped run, in drawing order, such that the glyphs' texts
 * joined in drawing order are the run's characters in logical order (docs/decisions/0058-copy-paste-of-indic-text.md).
 * Glyphs are grouped into clusters: the shortest groups, in drawing order, whose characters (NFD, as fontkit splits
 * two-part vowels) are the next characters of the text in some order. A cluster drawn in logical order (a letter, a
 * conjunct) keeps its own characters; a reordered one ("कि" drawn ि क, "र्मा" drawn म ा reph) has its text cut into one
 * piece per glyph, in logical order, so no glyph maps to nothing. Where to cut follows pdf.js, the reader this is
 * for: it takes a glyph whose text has a nonspacing mark (\p{Mn}: virama, e-matra) for zero-width and glues it to
 * the text before it without a position check, drops one whose text ends with a format character (\p{Cf}) and
 * reads one whose text starts with a space as a space. So marks go preferably to glyphs that draw no advance, and
 * never to the first glyph of a run or of a word (pdf.js would put a space after it).
 */
export function clusterTexts(
  text: string,
  glyphCodePoints: ReadonlyArray<readonly number[]>,
  glyphs: ReadonlyArray<{ advance: number }>,
): string[] {
  const chars = [...text];
  // The text's code points in NFD, with the character each comes from.
  const logical: number[] = [];
  const charOf: number[] = [];
  chars.forEach((ch, i) => {
    for (const d of ch.normalize("NFD")) {
      logical.push(d.codePointAt(0)!);
      charOf.push(i);
    }
  });
  charOf.push(chars.length);
  const clusters: Array<{ glyphEnd: number; charEnd: number }> = [];
  const balance = new Map<number, number>();
  let unbalanced = 0;
  const bump = (cp: number, by: number) => {
    const before = balance.get(cp) ?? 0;
    balance.set(cp, before + by);
    if (before === 0) unbalanced++;
    else if (before + by === 0) unbalanced--;
  };
  let consumed = 0;
  let clusterStart = 0;
  let broken = false;
  for (let g = 0; g < glyphCodePoints.length && !broken; g++) {
    for (const d of String.fromCodePoint(...glyphCodePoints[g]).normalize("NFD")) {
      if (consumed >= logical.length) {
        broken = true;
        break;
      }
      bump(d.codePointAt(0)!, 1);
      bump(logical[consumed++], -1);
    }
    // A cluster ends where its glyphs hold exactly the next characters (whole ones); glyphs with no characters
    // join the next cluster.
    if (!broken && unbalanced === 0 && consumed > clusterStart && charOf[consumed] !== charOf[consumed - 1]) {
      clusters.push({ glyphEnd: g + 1, charEnd: charOf[consumed] });
      clusterStart = consumed;
    }
  }
  // What did not match (and glyphs after the last cluster) is one cluster to the end.
  const lastGlyphEnd = clusters.at(-1)?.glyphEnd ?? 0;
  if (lastGlyphEnd < glyphCodePoints.length || (clusters.at(-1)?.charEnd ?? 0) < chars.length) {
    if (lastGlyphEnd === glyphCodePoints.length && clusters.length) clusters[clusters.length - 1].charEnd = chars.length;
    else clusters.push({ glyphEnd: glyphCodePoints.length, charEnd: chars.length });
  }
  const texts: string[] = [];
  let glyphStart = 0;
  let charStart = 0;
  for (let c = 0; c < clusters.length; c++) {
    let { glyphEnd, charEnd } = clusters[c];
    const wordStart = glyphStart === 0 || STARTS_BLANK.test(texts[glyphStart - 1]);
    let pieces = splitCluster(chars.slice(charStart, charEnd).join(""), glyphs.slice(glyphStart, glyphEnd), wordStart);
    // A run or word that would start with a mark ("শ্র" is one glyph): take the next cluster in, so its first glyph
    // gets a letter.
    for (let more = 0; more < 3 && wordStart && MN.test(pieces[0]) && c + 1 < clusters.length; more++) {
      c++;
      ({ glyphEnd, charEnd } = clusters[c]);
      pieces = splitCluster(chars.slice(charStart, charEnd).join(""), glyphs.slice(glyphStart, glyphEnd), true);
    }
    texts.push(...pieces);
    glyphStart = glyphEnd;
    charStart = charEnd;
  }
  return texts;
}

/** Cuts a cluster's text into one piece per glyph (logical order, drawing order), at the least cost for pdf.js. */
function splitCluster(text: string, glyphs: ReadonlyArray<{ advance: number }>, wordStart: boolean): string[] {
  const k = glyphs.length;
  if (k === 1) return [text];
  let units = [...text];
  if (units.length < k) units = [...text.normalize("NFD")];
  const m = units.length;
  const cost = (g: number, from: number, to: number): number => {
    if (from === to) return 1e6; // a glyph with no text (the writer maps it to an invisible word joiner)
    const piece = units.slice(from, to).join("");
    let c = 0;
    if (ENDS_FORMAT.test(piece) && !ONLY_FORMAT.test(piece)) c += 1e6; // pdf.js would drop the letters with it
    if (STARTS_BLANK.test(piece) && from + 1 < to) c += 1e6;
    if (MN.test(piece)) c += (g === 0 && wordStart ? 1e4 : 0) + glyphs[g].advance;
    return c + (to - from) ** 2 * 0.001; // evenly spread when all else is equal
  };
  // best[g][i]: least cost of giving units[0, i) to glyphs [0, g), with the cut that got there.
  const best: number[][] = Array.from({ length: k + 1 }, () => new Array<number>(m + 1).fill(Infinity));
  const cut: number[][] = Array.from({ length: k + 1 }, () => new Array<number>(m + 1).fill(0));
  best[0][0] = 0;
  for (let g = 1; g <= k; g++) {
    for (let i = 0; i <= m; i++) {
      if (g === k && i !== m) continue;
      for (let j = 0; j <= i; j++) {
        if (best[g - 1][j] === Infinity) continue;
        const total = best[g - 1][j] + cost(g - 1, j, i);
        if (total < best[g][i]) {
          best[g][i] = total;
          cut[g][i] = j;
        }
      }
    }
  }
  const pieces = new Array<string>(k);
  for (let g = k, i = m; g > 0; g--) {
    const j = cut[g][i];
    pieces[g - 1] = units.slice(j, i).join("");
    i = j;
  }
  return pieces;
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
