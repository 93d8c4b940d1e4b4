// Free text -> a safe FTS5 MATCH expression (docs/decisions/0081-search-pages.md). User text never reaches FTS5
// syntax unquoted: every word is emitted inside double quotes, and punctuation only separates words.

/** The most words a query keeps (the rest are ignored). */
export const MAX_QUERY_WORDS = 12;
/** Words shorter than this match whole words only; longer ones also match words they begin. */
export const PREFIX_MIN_CHARS = 3;
/** The columns a user's words may match (never the scope column). */
const TEXT_COLUMNS = "{title_text authorname abstract_text keywords refnumber}";
/** The short fields: a match there ranks a broad search's result first. */
const SHORT_COLUMNS = "{title_text authorname keywords refnumber}";

/** Letters (with their combining marks) and digits of any script, as the unicode61 tokenizer sees a word. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

interface Phrase {
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

/** The user's phrases (each quoted, every one required), or null when the text holds no word. */
function phrasesExpression(text: string): string | null {
  const phrases: Phrase[] = [];
  let budget = MAX_QUERY_WORDS;
  for (const p of phrasesOf(text.normalize("NFKC").toLowerCase())) {
    if (budget <= 0) break;
    const words = p.words.slice(0, budget).map((w) => w.slice(0, 64));
    budget -= words.length;
    phrases.push({ ...p, words });
  }
  const unique = [...new Set(phrases.map(phraseExpression))];
  return unique.length ? `(${unique.join(" AND ")})` : null;
}

/** The MATCH expressions of one search, each ANDed with the scope token (the journal, or its public articles). */
export interface SearchMatch {
  /** Every match: the phrases anywhere in the text columns. */
  all: string;
  /** Matches with every phrase in the short fields (title, authors, keywords, reference). */
  short: string;
  /** The other matches: the phrases found, but not all of them in the short fields. */
  rest: string;
}

/** null when the text holds no word (only punctuation, or nothing): the search answers an empty result. */
export function searchMatch(text: string, scope: { journalId: number; publicOnly: boolean }): SearchMatch | null {
  const words = phrasesExpression(text);
  if (!words) return null;
  const token = `search_scope : "${scope.publicOnly ? "p" : "j"}${Math.trunc(scope.journalId)}"`;
  const all = `${token} AND ${TEXT_COLUMNS} : ${words}`;
  // The text-column clause adds nothing to what matches; it makes snippet() mark the words in the abstract too.
  const short = `${token} AND ${SHORT_COLUMNS} : ${words} AND ${TEXT_COLUMNS} : ${words}`;
  return { all, short, rest: `(${all}) NOT (${SHORT_COLUMNS} : ${words})` };
}
