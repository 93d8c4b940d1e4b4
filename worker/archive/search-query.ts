// Free text -> a safe FTS5 MATCH expression (docs/decisions/0081-search-pages.md). User text never reaches FTS5
// syntax unquoted: every word is emitted inside double quotes, and punctuation only separates words.
import { foldLetters } from "./search-folding";

/** The most words a query keeps (the rest are ignored). */
export const MAX_QUERY_WORDS = 12;
/** Words shorter than this match whole words only; longer ones also match words they begin. */
export const PREFIX_MIN_CHARS = 3;
/** Most terms a prefix word is expanded into from the term list (migration 0009); beyond it, FTS5's prefix query. */
export const MAX_PREFIX_TERMS = 32;
/** The columns a user's words may match (never the scope column). */
const TEXT_COLUMNS = "{search_title search_authors search_abstract search_keywords refnumber}";
/** The columns of the short fields' index (articles_search_short, migration 0008): all but the scope. */
const SHORT_COLUMNS = "{search_title search_authors search_keywords refnumber}";

/** Letters (with their combining marks) and digits of any script, as the unicode61 tokenizer sees a word. */
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export interface Phrase {
  words: string[];
  /** True for text the user put in double quotes: matched as written, no prefix. */
  quoted: boolean;
}

/** Splits the text into quoted phrases and bare chunks ("soil-water" is one chunk: a two-word phrase). */
function phrasesOf(text: string): Phrase[] {
  const out: Phrase[] = [];
  // A quote opens a phrase that runs to the next quote, or to the end when it is never closed.
  for (const m of text.matchAll(/"([^"]*)"?|[^"\s]+/g)) {
    const quoted = m[1] !== undefined;
    const words = (quoted ? m[1] : m[0]).match(WORD) ?? [];
    if (!words.length) continue;
    out.push({ words, quoted });
  }
  return out;
}

const isPrefix = (p: Phrase) => !p.quoted && [...p.words[p.words.length - 1]].length >= PREFIX_MIN_CHARS;

function phraseExpression(p: Phrase): string {
  const body = `"${p.words.join(" ")}"`;
  return isPrefix(p) ? `${body}*` : body;
}

/**
 * A phrase whose last word stands for every indexed term it begins, to be looked up in the term list
 * (articles_search_terms) and searched as `("<head>term1" OR "<head>term2" …)`: FTS5 walks those lazily, where
 * its own prefix query (`fallback`) merges every such term's whole doclist first (docs/decisions/0133).
 */
export interface PrefixTerms {
  /** The phrase's words before the last, each followed by a space ("" for one word). */
  head: string;
  /** The terms are those from `from` (the last word) up to, not including, `to`. */
  from: string;
  to: string;
  /** The expression when the word begins no term or more than MAX_PREFIX_TERMS: the prefix query. */
  fallback: string;
}

/** The next string after every string that begins with the ASCII word `w` ("soil" → "soim"). */
const afterPrefix = (w: string) => w.slice(0, -1) + String.fromCharCode(w.charCodeAt(w.length - 1) + 1);

/**
 * A prefix phrase to expand from the term list, or null to leave to FTS5. Only for a last word of plain ASCII
 * letters and digits (the tokenizer leaves those as they are, so the word compares with the stored terms as is)
 * and longer than the prefix index's length (a 3-character prefix is read from FTS5's prefix index, no merge).
 */
function prefixTerms(p: Phrase): PrefixTerms | null {
  const last = p.words[p.words.length - 1];
  if (!isPrefix(p) || last.length <= PREFIX_MIN_CHARS || !/^[a-z0-9]+$/.test(last)) return null;
  const head = p.words
    .slice(0, -1)
    .map((w) => `${w} `)
    .join("");
  return { head, from: last, to: afterPrefix(last), fallback: phraseExpression(p) };
}

/** The user's phrases, as searched: letters folded as the index folds them (search-folding.ts), lower case, at most MAX_QUERY_WORDS words, each word at most 64 characters. */
function phrasesOfQuery(text: string): Phrase[] {
  const phrases: Phrase[] = [];
  let budget = MAX_QUERY_WORDS;
  // Folded before lower-casing: "İ" becomes "i", not "i" and a combining dot.
  for (const p of phrasesOf(foldLetters(text.normalize("NFKC")).toLowerCase())) {
    if (budget <= 0) break;
    const words = p.words.slice(0, budget).map((w) => w.slice(0, 64));
    budget -= words.length;
    phrases.push({ ...p, words });
  }
  return phrases;
}

/** A phrase to highlight in an excerpt: its words as searched, the last one matching word beginnings or not. */
export interface HighlightPhrase {
  words: string[];
  prefix: boolean;
}

/** A piece of a MATCH expression: FTS5 query text, or a prefix phrase the statement expands from the term list. */
export type MatchPart = string | PrefixTerms;

/**
 * The MATCH expressions of one search: the scope token (the journal, or its public articles) and the columns,
 * then the words, the same for both indexes. The words are parts, joined into one expression by the statement
 * (worker/archive/search.repo.ts) once it has expanded the prefix phrases.
 */
export interface SearchMatch {
  /** For articles_search (every match, the phrases anywhere in the text columns): the text before the words. */
  all: string;
  /** For articles_search_short (every phrase in the title, authors, keywords or reference): the text before the words. */
  short: string;
  /** The words: `(w1 AND w2 …)`. */
  words: MatchPart[];
  /** The phrases, for the excerpt's highlights (worker/archive/search-excerpt.ts). */
  phrases: HighlightPhrase[];
}

/** null when the text holds no word (only punctuation, or nothing): the search answers an empty result. */
export function searchMatch(text: string, scope: { journalId: number; publicOnly: boolean }): SearchMatch | null {
  const phrases = phrasesOfQuery(text);
  if (!phrases.length) return null;
  const unique = [...new Map(phrases.map((p) => [phraseExpression(p), p])).values()];
  const words = unique.flatMap((p, i): MatchPart[] => [i === 0 ? "(" : " AND ", prefixTerms(p) ?? phraseExpression(p)]);
  const token = `search_scope : "${scope.publicOnly ? "p" : "j"}${Math.trunc(scope.journalId)}"`;
  return {
    all: `${token} AND ${TEXT_COLUMNS} : `,
    short: `${token} AND ${SHORT_COLUMNS} : `,
    words: joinText([...words, ")"]),
    phrases: phrases.map((p) => ({ words: p.words, prefix: isPrefix(p) })),
  };
}

/** Adjacent text parts as one. */
function joinText(parts: MatchPart[]): MatchPart[] {
  const out: MatchPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (typeof part === "string" && typeof last === "string") out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out;
}
