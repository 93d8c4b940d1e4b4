// The duplicate-title key (docs/decisions/0063-title-key.md, 0145-what-staff-type-is-stored.md): two titles are
// the same title when their plain text matches after removing everything that shows nothing, Unicode
// compatibility normalisation (NFKC), full case folding, and mapping letters of other scripts that look like
// Latin ones to those (UTS #39's confusable prototypes). SQLite's lower() folds ASCII only, so the key is computed
// here and stored in articles.title_key.
import confusablePrototypes from "unhomoglyph/data.json";

/**
 * What shows nothing: every Default_Ignorable_Code_Point (zero-width space and joiners, CGJ, bidi controls,
 * variation selectors, tag characters, Mongolian free variation selectors, the Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0...), plus the braille pattern blank, which a font draws as empty space.
 */
const SHOWS_NOTHING = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** Letters and marks that are not Latin and not shared by every script: where a look-alike of a Latin letter hides. */
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

/** UTS #39 confusables.txt (Unicode 13, MIT-licensed data of the unhomoglyph package): code point -> prototype. */
const PROTOTYPE = new Map(Object.entries(confusablePrototypes as Record<string, string>));

/**
 * Each letter of a non-Latin script replaced by its confusable prototype (Cyrillic "о" -> "o", Greek "Α" -> "A",
 * Armenian "օ" -> "o"); Latin and common characters stay as they are, so "rn"/"m" or "l"/"1" in one script are
 * not made one (titles such as "Type I" and "Type 1" stay different).
 */
function latinLookalikes(text: string): string {
  let out = "";
  for (const ch of text) out += OTHER_SCRIPT.test(ch) ? (PROTOTYPE.get(ch) ?? ch) : ch;
  return out;
}

const fold = (s: string) => s.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");

/**
 * "Ｅ. coli ＧＲＯＷＴＨ", "E.\u200Bcoli growth", "E. coli growth" (NFD or NFC), "E. cоli growth" (Cyrillic о) and
 * "STRASSE"/"Straße" each give one key. toUpperCase().toLowerCase() is JavaScript's full case fold (ß -> ss, final
 * sigma -> σ); it runs after the look-alike mapping, which follows the letter's case as it was typed (Cyrillic
 * "Т" looks like "T", its small form "т" like a small capital).
 */
export function titleKeyOf(plainTitle: string): string {
  const visible = plainTitle.replace(SHOWS_NOTHING, "").normalize("NFKC").replace(SHOWS_NOTHING, "");
  return fold(latinLookalikes(visible.normalize("NFD")))
    .replace(SHOWS_NOTHING, "")
    .replace(/\s+/g, " ")
    .trim();
}
