// The interface languages the site ships (issue 50 item 1): one message catalog each in ./catalogs/<tag>.json,
// named by its BCP 47 tag, the same tag `<html lang>` carries and `Intl` formats with.
export const LANGUAGES = ["en", "ar", "id", "fr", "ru", "az", "es", "pt-BR"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of the catalogs' ids and of every page until a journal chooses its own (issue 50 item 2). */
export const DEFAULT_LANGUAGE: Language = "en";

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(["ar"]);

export type TextDirection = "ltr" | "rtl";

/** The `dir` of a page in `lang`. */
export const dirOf = (lang: Language): TextDirection => (RIGHT_TO_LEFT.has(lang) ? "rtl" : "ltr");

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** Whether two tags name one language: the same tag, or the same primary language where one has no region (en, en-GB). */
export function sameLanguage(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/_/g, "-");
  const y = b.toLowerCase().replace(/_/g, "-");
  if (x === y) return true;
  const [px, ...rx] = x.split("-");
  const [py, ...ry] = y.split("-");
  return px === py && (rx.length === 0 || ry.length === 0);
}
