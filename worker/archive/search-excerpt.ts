// A search hit's excerpt (docs/decisions/0081-search-pages.md): a window of the abstract's plain text around the
// query's words, with the matched words flagged. Built here from the hit's abstract_text and the query's phrases
// rather than with FTS5 snippet(): snippet() needs the full-text cursor of the page's rows, so the search would
// walk the index (and merge its prefix doclists) once more per page. Words are compared the way the index's
// unicode61 tokenizer sees them (runs of letters, marks and digits; lower case; Latin diacritics folded).
import type { ExcerptPart } from "#contract/api";
import { type HighlightPhrase, WORD } from "./search-query";
import { alternateSpelling, foldLetters } from "./search-folding";

/** Words of abstract in an excerpt. */
export const EXCERPT_TOKENS = 24;
const ELLIPSIS = "…";
/** Control characters (all but tab and line feed): never in an answer. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const CONTROLS = new RegExp(CONTROL.source, "g");

/**
 * A word as the index compares it: NFKC, lower case, combining diacritics removed (remove_diacritics 2), letters
 * such as ı, ə, ø folded as typed (search-folding.ts, migration 0050).
 */
export function foldWord(word: string): string {
  // Most words are ASCII: nothing to fold or normalize (normalize() is the costly part of an excerpt).
  if (!/[^\x00-\x7f]/.test(word)) return word.toLowerCase();
  return foldLetters(word)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFKC")
    .toLowerCase();
}

/**
 * The words of a text as the tokenizer sees them: offsets in two parallel lists, and a test of word i against a
 * folded query word (whole, or as its beginning). No object or string per word: an excerpt tokenizes a whole
 * abstract to find a 24-word window, 20 times a page.
 */
interface Tokens {
  count: number;
  start: number[];
  end: number[];
  is(i: number, word: string, prefix: boolean): boolean;
}

const isAsciiWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

function tokensOf(text: string): Tokens {
  const start: number[] = [];
  const end: number[] = [];
  if (/[^\x00-\x7f]/.test(text)) {
    const folded: string[] = [];
    // Words with ə match as typed either way (search-folding.ts): their second spelling, by token index.
    const alternate = new Map<number, string>();
    for (const m of text.matchAll(WORD)) {
      const other = alternateSpelling(m[0]);
      if (other !== null) alternate.set(start.length, foldWord(other));
      start.push(m.index);
      end.push(m.index + m[0].length);
      folded.push(foldWord(m[0]));
    }
    const same = (word: string | undefined, w: string, prefix: boolean) => word !== undefined && (prefix ? word.startsWith(w) : word === w);
    return { count: start.length, start, end, is: (i, w, prefix) => same(folded[i], w, prefix) || same(alternate.get(i), w, prefix) };
  }
  // ASCII text (most abstracts): a character loop, several times faster than a \p{...} regular expression, and
  // words compared in place in the lower-cased text.
  const lower = text.toLowerCase();
  let from = -1;
  for (let i = 0; i <= text.length; i++) {
    const word = i < text.length && isAsciiWordChar(text.charCodeAt(i));
    if (word && from < 0) from = i;
    else if (!word && from >= 0) {
      start.push(from);
      end.push(i);
      from = -1;
    }
  }
  return {
    count: start.length,
    start,
    end,
    is: (i, w, prefix) => {
      const length = end[i] - start[i];
      return (prefix ? length >= w.length : length === w.length) && lower.startsWith(w, start[i]);
    },
  };
}

interface Hit {
  from: number;
  to: number;
  phrase: number;
}

/** Token index ranges [from, to) where a phrase matches, in text order. */
function hitsOf(tokens: Tokens, phrases: HighlightPhrase[]): Hit[] {
  const folded = phrases.map((p) => ({ words: p.words.map(foldWord), prefix: p.prefix }));
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.count; i++) {
    for (let phrase = 0; phrase < folded.length; phrase++) {
      const { words, prefix } = folded[phrase];
      const n = words.length;
      if (i + n > tokens.count) continue;
      let k = 0;
      while (k < n && tokens.is(i + k, words[k], prefix && k === n - 1)) k++;
      if (k === n) hits.push({ from: i, to: i + n, phrase });
    }
  }
  return hits;
}

/** The first token of the window of `size` tokens that holds the most distinct phrases (then the most hits). */
function bestStart(hits: Hit[], count: number, size: number): number {
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
  const raw = text ?? "";
  const plain = CONTROL.test(raw) ? raw.replace(CONTROLS, "") : raw;
  const tokens = tokensOf(plain);
  if (!tokens.count) return [];
  const hits = hitsOf(tokens, phrases);
  const first = bestStart(hits, tokens.count, size);
  const last = Math.min(first + size, tokens.count);
  const from = first === 0 ? 0 : tokens.start[first];
  const to = last === tokens.count ? plain.length : tokens.end[last - 1];
  // Character ranges to flag, the overlapping ones joined.
  const marks: [number, number][] = [];
  for (const h of hits) {
    if (h.from < first || h.to > last) continue;
    const range: [number, number] = [tokens.start[h.from], tokens.end[h.to - 1]];
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
  if (last < tokens.count) push(ELLIPSIS, false);
  return parts;
}
