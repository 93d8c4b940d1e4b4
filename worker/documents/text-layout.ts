// Text on a page: measuring, fitting to a width, wrapping into lines, alignment, and the rich text of titles
// (stored sanitized HTML: b, i, em, strong, u, sup, sub, br, p) with its italics, bold, sub- and superscripts.
import { decodeEntities } from "#contract/rich-text";
import type { TextStyle } from "./font-faces";
import type { PageCanvas, Rgb } from "./pdf-writer";
import { bidiLevels, paragraphDirection, reorder, runsWidth, shapeText, type BaseDirection } from "./text-shaping";

export type Align = "left" | "center" | "right";

export interface TextSpec {
  size: number;
  style?: TextStyle;
  color?: Rgb;
  /** Extra space between characters, in points. */
  tracking?: number;
  /** Base direction of the paragraph the text belongs to ("auto": from its first strong character). */
  direction?: BaseDirection;
}

/** Collapses runs of whitespace and trims: what a name or a label looks like on paper. */
import { tidy } from "./tidy-text";
export { tidy };

export function textWidth(text: string, spec: TextSpec): number {
  const runs = shapeText(text, spec.style, spec.direction);
  let chars = 0;
  if (spec.tracking) for (const run of runs) chars += run.glyphs.length;
  return runsWidth(runs, spec.size) + chars * (spec.tracking ?? 0);
}

/** Draws one line; `x` is the left edge, the centre or the right edge according to `align`. Returns its width. */
export function drawText(canvas: PageCanvas, text: string, x: number, y: number, spec: TextSpec & { align?: Align }): number {
  const width = textWidth(text, spec);
  const left = spec.align === "center" ? x - width / 2 : spec.align === "right" ? x - width : x;
  canvas.drawRuns(shapeText(text, spec.style, spec.direction), left, y, { size: spec.size, color: spec.color, tracking: spec.tracking });
  return width;
}

/** The largest size in [min, max] at which `text` fits in `maxWidth` on one line (min if none does). */
export function fitSize(text: string, spec: Omit<TextSpec, "size">, maxSize: number, minSize: number, maxWidth: number): number {
  const atMax = textWidth(text, { ...spec, size: maxSize });
  if (atMax <= maxWidth) return maxSize;
  return Math.max(minSize, Math.floor(((maxSize * maxWidth) / atMax) * 4) / 4);
}

/** Greedy word wrap; a word longer than the line is broken between characters. */
export function wrapText(text: string, spec: TextSpec, maxWidth: number): string[] {
  const words = tidy(text).split(" ").filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, spec) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, spec) > maxWidth && [...line].length > 1) {
      // The longest start that fits (binary search: widths grow with the prefix), at least one character.
      const chars = [...line];
      let lo = 1;
      let hi = chars.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (textWidth(chars.slice(0, mid).join(""), spec) <= maxWidth) lo = mid;
        else hi = mid - 1;
      }
      lines.push(chars.slice(0, lo).join(""));
      line = chars.slice(lo).join("");
    }
  }
  if (line) lines.push(line);
  return lines;
}

export interface ParagraphSpec extends TextSpec {
  x: number;
  width: number;
  lineHeight: number;
  align?: Align;
  maxLines?: number;
}

/** Draws wrapped text starting with the first baseline at `y`; returns the baseline after the last line. */
export function drawParagraph(canvas: PageCanvas, text: string, y: number, spec: ParagraphSpec): number {
  // Bidi: the paragraph's direction is resolved once, from the whole text, and every line is laid out with it.
  spec = { ...spec, direction: paragraphDirection(text, spec.direction) };
  let lines = wrapText(text, spec, spec.width);
  if (spec.maxLines && lines.length > spec.maxLines) {
    lines = lines.slice(0, spec.maxLines);
    let last = lines[lines.length - 1];
    while (last && textWidth(`${last}…`, spec) > spec.width) last = last.replace(/\s*\S+$/, "") || [...last].slice(0, -1).join("");
    lines[lines.length - 1] = `${last}…`;
  }
  const anchor = spec.align === "center" ? spec.x + spec.width / 2 : spec.align === "right" ? spec.x + spec.width : spec.x;
  for (const line of lines) {
    drawText(canvas, line, anchor, y, { ...spec, align: spec.align });
    y -= spec.lineHeight;
  }
  return y;
}

// ---------------------------------------------------------------------------------------------------------------
// Rich text

export interface RichFragment {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  script: "sup" | "sub" | null;
}

/** Sanitized rich text -> fragments with their styles. Line breaks and paragraphs become spaces (titles flow). */
export function parseRichText(html: string): RichFragment[] {
  const out: RichFragment[] = [];
  const open: string[] = [];
  const state = () => ({
    bold: open.some((t) => t === "b" || t === "strong"),
    italic: open.some((t) => t === "i" || t === "em"),
    underline: open.includes("u"),
    script: (open.findLast((t) => t === "sup" || t === "sub") ?? null) as RichFragment["script"],
  });
  const push = (text: string) => {
    if (!text) return;
    const s = state();
    const prev = out[out.length - 1];
    if (prev && prev.bold === s.bold && prev.italic === s.italic && prev.underline === s.underline && prev.script === s.script)
      prev.text += text;
    else out.push({ text, ...s });
  };
  let last = 0;
  for (const m of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/gi)) {
    push(decodeEntities(html.slice(last, m.index)));
    last = m.index + m[0].length;
    const tag = m[2].toLowerCase();
    if (tag === "br" || tag === "p") {
      push(" ");
      continue;
    }
    if (m[1]) {
      const at = open.lastIndexOf(tag);
      if (at !== -1) open.splice(at, 1);
    } else open.push(tag);
  }
  push(decodeEntities(html.slice(last)));
  // Collapse whitespace across fragments.
  let prevSpace = true;
  for (const f of out) {
    f.text = f.text.replace(/\s+/g, " ");
    if (prevSpace) f.text = f.text.replace(/^ /, "");
    if (f.text) prevSpace = f.text.endsWith(" ");
  }
  const kept = out.filter((f) => f.text);
  if (kept.length) kept[kept.length - 1].text = kept[kept.length - 1].text.replace(/ $/, "");
  return kept.filter((f) => f.text);
}

interface PlacedFragment {
  text: string;
  style: TextStyle;
  size: number;
  rise: number;
  underline: boolean;
  width: number;
}

export interface RichLine {
  fragments: PlacedFragment[];
  width: number;
  /** The direction of the paragraph the line was broken from. */
  direction: "ltr" | "rtl";
}

const SCRIPT_SCALE = 0.64;

function place(f: RichFragment, text: string, base: TextSpec): PlacedFragment {
  // Emphasis inside italic text is set upright, as typographers do.
  const style = { bold: !!base.style?.bold || f.bold, italic: !!base.style?.italic !== f.italic };
  const size = f.script ? base.size * SCRIPT_SCALE : base.size;
  const rise = f.script === "sup" ? base.size * 0.36 : f.script === "sub" ? -base.size * 0.14 : 0;
  return { text, style, size, rise, underline: f.underline, width: textWidth(text, { size, style }) };
}

/** Wraps rich text into lines no wider than `maxWidth` (words may mix styles: "H<sub>2</sub>O"). */
export function layoutRichText(fragments: RichFragment[], base: TextSpec, maxWidth: number): RichLine[] {
  const direction = paragraphDirection(fragments.map((f) => f.text).join(""), base.direction);
  // Words: sequences of placed fragments between spaces.
  const words: PlacedFragment[][] = [];
  let word: PlacedFragment[] = [];
  const spaceWidth = textWidth(" ", base);
  for (const f of fragments) {
    const parts = f.text.split(/( )/);
    for (const part of parts) {
      if (part === " ") {
        if (word.length) words.push(word);
        word = [];
      } else if (part) word.push(place(f, part, base));
    }
  }
  if (word.length) words.push(word);

  const lines: RichLine[] = [];
  let line: RichLine = { fragments: [], width: 0, direction };
  const wordWidth = (w: PlacedFragment[]) => w.reduce((s, f) => s + f.width, 0);
  for (const w of words) {
    const ww = wordWidth(w);
    const needed = line.fragments.length ? spaceWidth + ww : ww;
    if (line.fragments.length && line.width + needed > maxWidth) {
      lines.push(line);
      line = { fragments: [], width: 0, direction };
    }
    if (line.fragments.length) {
      line.fragments.push({ text: " ", style: w[0].style, size: base.size, rise: 0, underline: false, width: spaceWidth });
      line.width += spaceWidth;
    }
    if (ww > maxWidth && w.length === 1) {
      // An unbreakable word wider than the line (a long formula): break it between characters.
      for (const piece of wrapText(w[0].text, { size: w[0].size, style: w[0].style }, maxWidth)) {
        if (line.fragments.length) lines.push(line);
        const placed = { ...w[0], text: piece, width: textWidth(piece, { size: w[0].size, style: w[0].style }) };
        line = { fragments: [placed], width: placed.width, direction };
      }
      continue;
    }
    line.fragments.push(...w);
    line.width += ww;
  }
  if (line.fragments.length) lines.push(line);
  return lines;
}

export interface RichDrawSpec {
  x: number;
  width: number;
  lineHeight: number;
  align?: Align;
  color?: Rgb;
}

/**
 * The fragments of a rich line in visual order: each takes the bidi level of its first character in the line's
 * text (resolved with the paragraph's direction) and the fragments are reordered by rule L2.
 */
function visualOrder(line: RichLine): PlacedFragment[] {
  const text = line.fragments.map((f) => f.text).join("");
  const levels = bidiLevels(text, line.direction);
  if (!levels) return line.fragments;
  let at = 0;
  const leveled = line.fragments.map((f) => {
    const level = levels[at];
    at += f.text.length;
    return { f, level };
  });
  return reorder(leveled).map((x) => x.f);
}

/** Draws laid-out rich lines from the first baseline `y`; returns the baseline after the last line. */
export function drawRichLines(canvas: PageCanvas, lines: RichLine[], y: number, spec: RichDrawSpec): number {
  for (const line of lines) {
    let pen =
      spec.align === "center" ? spec.x + (spec.width - line.width) / 2 : spec.align === "right" ? spec.x + spec.width - line.width : spec.x;
    for (const f of visualOrder(line)) {
      canvas.drawRuns(shapeText(f.text, f.style, line.direction), pen, y + f.rise, { size: f.size, color: spec.color });
      if (f.underline) {
        canvas.save().lineWidth(f.size * 0.05);
        if (spec.color) canvas.strokeColor(spec.color);
        canvas.line(pen, y - f.size * 0.12, pen + f.width, y - f.size * 0.12).restore();
      }
      pen += f.width;
    }
    y -= spec.lineHeight;
  }
  return y;
}
