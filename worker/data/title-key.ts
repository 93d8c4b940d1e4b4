// The duplicate-title key (docs/decisions/0063-title-key.md): two titles are the same title when their plain text
// matches after removing invisible characters, Unicode compatibility normalisation (NFKC) and full case folding.
// SQLite's lower() folds ASCII only, so the key is computed here and stored in articles.title_key.

/** Zero-width and other invisible format characters that change the bytes but not the text a reader sees. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

/**
 * "Ｅ. coli ＧＲＯＷＴＨ", "E.\u200Bcoli growth", "E. coli growth" (NFD or NFC) and "STRASSE"/"Straße" each give one key.
 * toUpperCase().toLowerCase() is JavaScript's full case fold (ß → ss, final sigma → σ); NFKC runs again after it.
 */
export function titleKeyOf(plainTitle: string): string {
  const folded = plainTitle.replace(INVISIBLE, "").normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
  return folded.replace(/\s+/g, " ").trim();
}
