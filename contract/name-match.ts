// How two spellings of one name are compared (certificate verification, decision 0170; the edit form's dropped
// authors). Its own module, apart from invisible-text.ts, so the public pages' scripts never carry it.
import { IGNORABLE } from "./invisible-text";

/**
 * NFKC (compatibility forms: full-width letters, ligatures), every default-ignorable removed (ZWJ/ZWNJ too), case
 * folded (toUpperCase then toLowerCase folds ß/SS; Turkish dotted and dotless i fold to i), whitespace collapsed.
 */
export function nameMatchKey(name: string): string {
  return name
    .normalize("NFKC")
    .replace(IGNORABLE, "")
    .replace(/\s+/g, " ")
    .trim()
    .toUpperCase()
    .toLowerCase()
    .normalize("NFC")
    .replace(/i\u0307/g, "i")
    .replace(/\u0131/g, "i");
}
