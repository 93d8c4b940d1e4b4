// Invisible characters in names and titles (docs/decisions/0053-invisible-characters.md). Default-ignorable code
// points (LRM/RLM and the other bidi controls, zero-width space, word joiner, CGJ, soft hyphen, BOM, variation
// selectors, tag characters) show nothing on a screen, so two names that look identical may differ by one, and a
// PDF font draws them as marker boxes. They are removed when a name or title is saved, before drawing, and from
// both sides of a name comparison. ZWJ and ZWNJ are kept where they mean something: after a letter or mark of a
// script that joins or forms conjuncts (Arabic, the Indic scripts, Sinhala...), where they select a glyph form.
// Runtime-neutral (Worker and SPA).

export const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const HAS_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Scripts whose shaping ZWJ/ZWNJ steer (joining or conjunct forms). */
const JOINING_CONTEXT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Tibetan}]\p{M}*$/u;

/** `text` without default-ignorable code points, except ZWJ/ZWNJ inside a joining or Indic script's word. */
export function stripInvisible(text: string): string {
  if (!HAS_IGNORABLE.test(text)) return text;
  return text.replace(IGNORABLE, (ch, offset: number, whole: string) => {
    if (ch !== "\u200c" && ch !== "\u200d") return "";
    return JOINING_CONTEXT.test(whole.slice(Math.max(0, offset - 8), offset)) ? ch : "";
  });
}
