// Letters people cannot type on an ordinary keyboard, spelled as they type them (issue #27 item 12,
// docs/decisions/0177-search-letter-folding.md). The unicode61 tokenizer already folds case and letters that
// decompose into a base letter and a mark (ş, ü, é); these are letters of their own and stay as they are, so
// "Işık" was indexed as "isık" and "Isik" found nothing. Migration 0050 indexes the text folded by the same table
// (generated columns of nested replace()), and the query is folded here: both sides meet on "isik".

/** Each letter and what it is typed as. The SQL of migration 0050 spells out the same pairs. */
export const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ı: "i",
  İ: "i",
  ə: "e",
  Ə: "e",
  ǝ: "e",
  ø: "o",
  Ø: "o",
  ł: "l",
  Ł: "l",
  ß: "ss",
  ẞ: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  þ: "th",
  Þ: "th",
  ħ: "h",
  Ħ: "h",
};

const FOLDED_LETTER = new RegExp(`[${Object.keys(LETTER_FOLDS).join("")}]`, "gu");

/** The text with every letter of LETTER_FOLDS spelled as typed ("Işık Məmmədov" -> "Isik Memmedov"). */
export function foldLetters(text: string): string {
  return text.replace(FOLDED_LETTER, (ch) => LETTER_FOLDS[ch]);
}

const SCHWA = /[əƏ]/;

/**
 * The other way a word with Azerbaijani ə is typed (ə as "a": Məmmədov -> Mammadov), or null when it has none.
 * Migration 0050 indexes such text both ways; the query folds ə to e (LETTER_FOLDS), matching either copy.
 */
export function alternateSpelling(word: string): string | null {
  return SCHWA.test(word) ? word.replace(/[əƏ]/g, "a") : null;
}
