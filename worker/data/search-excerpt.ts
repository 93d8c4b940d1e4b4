// A search hit's excerpt (docs/decisions/0081-search-pages.md): a window of the abstract's plain text around the
// query's words, with the matched words flagged. Built here from the hit's abstract_text and the query's phrases
// rather than with FTS5 snippet(): snippet() needs the full-text cursor of the page's rows, so the search would
// walk the index (and merge its prefix doclists) once more per page. Words are compared the way the index's
// unicode61 tokenizer sees them (runs of letters, marks and digits; lower case; Latin diacritics folded).
import type { ExcerptPart } from "../schemas/api";
import { type HighlightPhrase, WORD } from "./search-query";

/** Words of abstract in an excerpt. */
export const EXCERPT_TOKENS = 24;
const ELLIPSIS = "…";

/** A word as the index compares it: NFKC, lower case, combining diacritics removed (remove_diacritics 2). */
export function foldWord(word: string): string {
  const lower = word.toLowerCase();
  // Most words are ASCII: nothing to normalize (normalize() is the costly part of an excerpt).
  if (!/[^\x00-\x7f]/.test(lower)) return lower;
  return lower.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").normalize("NFKC").toLowerCase();
}

interface Token {
  start: number;
  end: number;
  folded: string;
}

const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The words of the text as the tokenizer sees them, with their offsets and folded forms. */
function tokensOf(text: string): Token[] {
  if (/[^\x00-\x7f]/.test(text)) {
    return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, folded: foldWord(m[0]) }));
  }
  // ASCII text (most abstracts): a character loop and one toLowerCase(), several times faster than a \p{...}
  // regular expression and normalize() word by word.
  const lower = text.toLowerCase();
  const tokens: Token[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const word = i < text.length && isAsciiWordChar(text.charCodeAt(i));
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      tokens.push({ start, end: i, folded: lower.slice(start, i) });
      start = -1;
    }
  }
  return tokens;
}

/** Token index ranges [from, to) where a phrase matches, in text order. */
function hitsOf(tokens: Token[], phrases: HighlightPhrase[]): { from: number; to: number; phrase: number }[] {
  const folded = phrases.map((p) => ({ words: p.words.map(foldWord), prefix: p.prefix }));
  const hits: { from: number; to: number; phrase: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    folded.forEach((p, phrase) => {
      const n = p.words.length;
      if (i + n > tokens.length) return;
      for (let k = 0; k < n; k++) {
        const t = tokens[i + k].folded;
        const ok = k === n - 1 && p.prefix ? t.startsWith(p.words[k]) : t === p.words[k];
        if (!ok) return;
      }
      hits.push({ from: i, to: i + n, phrase });
    });
  }
  return hits;
}

/** The first token of the window of `size` tokens that holds the most distinct phrases (then the most hits). */
function bestStart(hits: { from: number; to: number; phrase: number }[], count: number, size: number): number {
  let best = { start: 0, score: -1 };
  for (const h of hits) {
    const inside = hits.filter((x) => x.from >= h.from && x.to <= h.from + size);
    const score = new Set(inside.map((x) => x.phrase)).size * 1000 + inside.length;
    if (score <= best.score) continue;
    // Center the hits in the window: as many words before the first as after the last.
    const last = Math.max(...inside.map((x) => x.to));
    const start = Math.max(0, Math.min(h.from - Math.floor((size - (last - h.from)) / 2), count - size));
    best = { start, score };
  }
  return best.start;
}

/** The excerpt of `text` for a search's phrases: about EXCERPT_TOKENS words, plain-text parts, matches flagged. */
export function excerptOf(text: string | null, phrases: HighlightPhrase[], size = EXCERPT_TOKENS): ExcerptPart[] {
  // Control characters never reach the answer (article text is sanitized, but this is the last gate).
  const plain = (text ?? "").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
  const tokens = tokensOf(plain);
  if (!tokens.length) return [];
  const hits = hitsOf(tokens, phrases);
  const first = bestStart(hits, tokens.length, size);
  const last = Math.min(first + size, tokens.length);
  const from = first === 0 ? 0 : tokens[first].start;
  const to = last === tokens.length ? plain.length : tokens[last - 1].end;
  // Character ranges to flag, the overlapping ones joined.
  const marks: [number, number][] = [];
  for (const h of hits) {
    if (h.from < first || h.to > last) continue;
    const range: [number, number] = [tokens[h.from].start, tokens[h.to - 1].end];
    const prev = marks[marks.length - 1];
    if (prev && range[0] <= prev[1]) prev[1] = Math.max(prev[1], range[1]);
    else marks.push(range);
  }
  const parts: ExcerptPart[] = [];
  const push = (s: string, hit: boolean) => {
    if (!s) return;
    const prev = parts[parts.length - 1];
    if (prev && prev.hit === hit) prev.text += s;
    else parts.push({ text: s, hit });
  };
  if (first > 0) push(ELLIPSIS, false);
  let at = from;
  for (const [a, b] of marks) {
    push(plain.slice(at, a), false);
    push(plain.slice(a, b), true);
    at = b;
  }
  push(plain.slice(at, to), false);
  if (last < tokens.length) push(ELLIPSIS, false);
  return parts;
}
