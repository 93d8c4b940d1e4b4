// Text that fits its box (docs/decisions/0056-text-that-fits.md): every box measures its content and first shrinks
// it (down to a floor size), then wraps it (up to the box's lines), and only at the floor, when it still does not
// fit, ends it with an ellipsis. Nothing is cut silently and nothing runs out of its box.
import type { PageCanvas } from "./pdf-writer";
import {
  drawRichLines,
  drawText,
  layoutRichText,
  textWidth,
  tidy,
  wrapText,
  type Align,
  type RichDrawSpec,
  type RichFragment,
  type RichLine,
  type TextSpec,
} from "./text-layout";
import { paragraphDirection } from "./text-shaping";

const ELLIPSIS = "…";
/** Sizes are tried in steps of this many points. */
const STEP = 0.5;

export interface Fitted {
  size: number;
  lines: string[];
  /** True when the text was shortened (ellipsis): the admin is warned about it when saving. */
  truncated: boolean;
}

/** The longest start of `text` that fits in `width` followed by an ellipsis (cut at a word when that loses little). */
export function ellipsize(text: string, spec: TextSpec, width: number): string {
  const chars = [...tidy(text)];
  let lo = 0;
  let hi = chars.length;
  // Binary search on the number of characters kept: widths grow with the prefix.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${chars.slice(0, mid).join("").trimEnd()}${ELLIPSIS}`, spec) <= width) lo = mid;
    else hi = mid - 1;
  }
  let kept = chars.slice(0, lo).join("");
  const atWord = kept.replace(/\s+\S*$/, "");
  if (atWord && atWord.length >= kept.length * 0.7 && lo < chars.length) kept = atWord;
  return `${kept.replace(/[\s,;:.–—-]+$/, "")}${ELLIPSIS}`;
}

/** One line: the largest size in [minSize, maxSize] at which it fits, else the floor size with an ellipsis. */
export function fitLine(text: string, spec: Omit<TextSpec, "size">, maxSize: number, minSize: number, width: number): Fitted {
  const clean = tidy(text);
  const atMax = textWidth(clean, { ...spec, size: maxSize });
  if (atMax <= width) return { size: maxSize, lines: [clean], truncated: false };
  // Width is proportional to size (tracking aside): jump close to the answer, then step down to be sure.
  let size = Math.max(minSize, Math.floor((maxSize * width) / atMax / STEP) * STEP);
  while (size > minSize && textWidth(clean, { ...spec, size }) > width) size = Math.max(minSize, size - STEP);
  if (textWidth(clean, { ...spec, size }) <= width) return { size, lines: [clean], truncated: false };
  return { size: minSize, lines: [ellipsize(clean, { ...spec, size: minSize }, width)], truncated: true };
}

/** Draws one fitted line (see fitLine); `x` is the left edge, centre or right edge per `align`. */
export function drawLineFitted(
  canvas: PageCanvas,
  text: string,
  x: number,
  y: number,
  spec: Omit<TextSpec, "size"> & { maxSize: number; minSize: number; width: number; align?: Align },
): Fitted {
  const fitted = fitLine(text, spec, spec.maxSize, spec.minSize, spec.width);
  drawText(canvas, fitted.lines[0], x, y, { ...spec, size: fitted.size });
  return fitted;
}

export interface ParagraphFit {
  maxSize: number;
  minSize: number;
  width: number;
  /** Lines allowed; with `height`, also no more than fit in that height at size × leading per line. */
  maxLines: number;
  height?: number;
  leading?: number;
}

/** The lines a box allows at a size (at least one). */
function linesAllowed(fit: ParagraphFit, size: number): number {
  if (fit.height === undefined) return fit.maxLines;
  return Math.max(1, Math.min(fit.maxLines, Math.floor(fit.height / (size * (fit.leading ?? 1.3)) + 1e-6)));
}

/**
 * The shrink-then-wrap search shared by plain and rich paragraphs: from maxSize down in STEPs, the first size whose
 * `layout` fits the lines the box allows (sizes whose one-line width already needs more are skipped unmeasured);
 * at the floor, the allowed lines with the last one ended by `ellipsizeLast`.
 */
function shrinkToFit<L>(
  oneLineAtMax: number,
  fit: ParagraphFit,
  layout: (size: number) => L[],
  ellipsizeLast: (last: L, next: L | undefined, size: number) => L,
): { size: number; lines: L[]; truncated: boolean } {
  for (let size = fit.maxSize; ; size = Math.max(fit.minSize, size - STEP)) {
    const allowed = linesAllowed(fit, size);
    if (size > fit.minSize && (oneLineAtMax * size) / fit.maxSize > allowed * fit.width) continue;
    const lines = layout(size);
    if (lines.length <= allowed) return { size, lines, truncated: false };
    if (size <= fit.minSize) {
      const kept = lines.slice(0, allowed);
      kept[kept.length - 1] = ellipsizeLast(kept[kept.length - 1], lines[allowed], size);
      return { size, lines: kept, truncated: true };
    }
  }
}

/** A paragraph: the largest size at which it wraps into `maxLines`, else the floor size, its last line ellipsized. */
export function fitParagraph(text: string, spec: Omit<TextSpec, "size">, fit: ParagraphFit): Fitted {
  const base = { ...spec, direction: paragraphDirection(text, spec.direction) };
  // Width of the whole text on one line at maxSize: no size needing more lines than allowed is wrapped.
  const oneLine = textWidth(tidy(text), { ...base, size: fit.maxSize });
  return shrinkToFit(
    oneLine,
    fit,
    (size) => wrapText(text, { ...base, size }, fit.width),
    (last, next, size) => ellipsize(`${last} ${next}`, { ...base, size }, fit.width),
  );
}

/** Draws a fitted paragraph's lines from the first baseline `y` (line height = size × leading); returns the next baseline. */
export function drawFittedLines(
  canvas: PageCanvas,
  fitted: Fitted,
  y: number,
  spec: Omit<TextSpec, "size"> & { x: number; width: number; leading: number; align?: Align; text: string },
): number {
  const direction = paragraphDirection(spec.text, spec.direction);
  const anchor = spec.align === "center" ? spec.x + spec.width / 2 : spec.align === "right" ? spec.x + spec.width : spec.x;
  for (const line of fitted.lines) {
    drawText(canvas, line, anchor, y, { ...spec, size: fitted.size, direction });
    y -= fitted.size * spec.leading;
  }
  return y;
}

export interface RichFitted {
  size: number;
  lines: RichLine[];
  truncated: boolean;
}

/** Rich text (a title) fitted like fitParagraph: shrink, wrap, and at the floor end the last line with an ellipsis. */
export function fitRichText(fragments: RichFragment[], spec: Omit<TextSpec, "size">, fit: ParagraphFit): RichFitted {
  const oneLine = textWidth(fragments.map((f) => f.text).join(""), { ...spec, size: fit.maxSize });
  return shrinkToFit(
    oneLine,
    fit,
    (size) => layoutRichText(fragments, { ...spec, size }, fit.width),
    (last, _next, size) => ellipsizeRichLine(last, fit.width, size, spec),
  );
}

/** Drops fragments (then characters) from the end of a rich line until it and an ellipsis fit in `width`. */
function ellipsizeRichLine(line: RichLine, width: number, size: number, spec: Omit<TextSpec, "size">): RichLine {
  const fragments = line.fragments.map((f) => ({ ...f }));
  const ellipsisWidth = textWidth(ELLIPSIS, { ...spec, size });
  let total = fragments.reduce((s, f) => s + f.width, 0);
  while (fragments.length && total + ellipsisWidth > width) {
    const last = fragments[fragments.length - 1];
    const room = width - ellipsisWidth - (total - last.width);
    if (room > 0 && last.text.trim()) {
      const cut = ellipsize(
        last.text,
        { size: last.size, style: last.style },
        room + textWidth(ELLIPSIS, { size: last.size, style: last.style }),
      );
      const text = cut.slice(0, -ELLIPSIS.length);
      const w = textWidth(text, { size: last.size, style: last.style });
      if (text && total - last.width + w + ellipsisWidth <= width) {
        total += w - last.width;
        fragments[fragments.length - 1] = { ...last, text, width: w };
        break;
      }
    }
    total -= last.width;
    fragments.pop();
  }
  while (fragments.length && !fragments[fragments.length - 1].text.trim()) total -= fragments.pop()!.width;
  const anchor = fragments[fragments.length - 1];
  const style = anchor?.style ?? { italic: !!spec.style?.italic, bold: !!spec.style?.bold };
  fragments.push({ text: ELLIPSIS, style, size, rise: 0, underline: false, width: textWidth(ELLIPSIS, { size, style }) });
  return { ...line, fragments, width: total + textWidth(ELLIPSIS, { size, style }) };
}

/** Draws fitted rich lines (see drawRichLines); returns the baseline after the last line. */
export function drawRichFitted(
  canvas: PageCanvas,
  fitted: RichFitted,
  y: number,
  spec: Omit<RichDrawSpec, "lineHeight"> & { leading: number },
): number {
  return drawRichLines(canvas, fitted.lines, y, { ...spec, lineHeight: fitted.size * spec.leading });
}
