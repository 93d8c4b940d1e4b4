// Free text -> a safe FTS5 MATCH expression (docs/decisions/0081-search-pages.md). User text never reaches FTS5
// syntax unquoted: every word is emitted inside double quotes, and punctuation only separates words.

/** The most words a query keeps (the rest are ignored). */
export const MAX_QUERY_WORDS = 12;
/** Words shorter than this match whole words only; longer ones also match words they begin. */
export const PREFIX_MIN_CHARS = 3;
/** The columns a user's words may match (never the scope column). */
const TEXT_COLUMNS = "{title_text authorname abstract_text keywords refnumber}";
/** The columns of the short fields' index (articles_search_short, migration 0008): all but the scope. */
const SHORT_COLUMNS = "{title_text authorname keywords refnumber}";

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

function phraseExpression(p: Phrase): string {
  const body = `"${p.words.join(" ")}"`;
  const last = p.words[p.words.length - 1];
  return !p.quoted && [...last].length >= PREFIX_MIN_CHARS ? `${body}*` : body;
}

/** The user's phrases, as searched: folded, at most MAX_QUERY_WORDS words, each word at most 64 characters. */
function phrasesOfQuery(text: string): Phrase[] {
  const phrases: Phrase[] = [];
  let budget = MAX_QUERY_WORDS;
  for (const p of phrasesOf(text.normalize("NFKC").toLowerCase())) {
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

/** The MATCH expressions of one search, each ANDed with the scope token (the journal, or its public articles). */
export interface SearchMatch {
  /** For articles_search: every match, the phrases anywhere in the text columns. */
  all: string;
  /** For articles_search_short: the matches with every phrase in the short fields (title, authors, keywords, reference). */
  short: string;
  /** The phrases, for the excerpt's highlights (worker/data/search-excerpt.ts). */
  phrases: HighlightPhrase[];
}

/** null when the text holds no word (only punctuation, or nothing): the search answers an empty result. */
export function searchMatch(text: string, scope: { journalId: number; publicOnly: boolean }): SearchMatch | null {
  const phrases = phrasesOfQuery(text);
  if (!phrases.length) return null;
  const expressions = [...new Set(phrases.map(phraseExpression))];
  const words = `(${expressions.join(" AND ")})`;
  const token = `search_scope : "${scope.publicOnly ? "p" : "j"}${Math.trunc(scope.journalId)}"`;
  return {
    all: `${token} AND ${TEXT_COLUMNS} : ${words}`,
    short: `${token} AND ${SHORT_COLUMNS} : ${words}`,
    phrases: phrases.map((p) => ({ words: p.words, prefix: phraseExpression(p).endsWith("*") })),
  };
}
