// Where each language of a journal's pages lives (issue 50 item 2, docs/decisions/0351): the journal's primary
// interface language at the plain addresses ("/archives"), every other language it offers under its tag
// ("/ar/archives", "/pt-BR/"). Shared by the Worker (routing, heads, sitemaps, redirects) and the browser (the
// router's basename, the language switcher).
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./languages";

/** A journal's interface languages: the primary one and every one it offers (the primary first). */
export interface LanguageOffer {
  primary: Language;
  offered: readonly Language[];
}

/** The cookie the language switcher sets (and nothing else does): the language a visitor chose. */
export const LANGUAGE_COOKIE = "lang";

/** The switcher's address: GET /language?to=<tag>&path=<plain path> sets the cookie and moves to that page. */
export const LANGUAGE_SWITCH_PATH = "/language";

/** "en,ar,id" (as stored) -> the shipped tags in it, each once, in order. */
export function parseLanguageList(stored: string): Language[] {
  const out: Language[] = [];
  for (const part of stored.split(",")) {
    const tag = part.trim();
    if (isLanguage(tag) && !out.includes(tag)) out.push(tag);
  }
  return out;
}

/** The journal's offer from its two settings; anything unusable falls back to English alone. */
export function languageOffer(primary: string, offered: string): LanguageOffer {
  const main = isLanguage(primary) ? primary : DEFAULT_LANGUAGE;
  const list = parseLanguageList(offered).filter((l) => l !== main);
  return { primary: main, offered: [main, ...list] };
}

/** A journal's offer, from its settings (the columns and the API fields have the same names). */
export const offerOf = (j: { interface_language: string; interface_languages: string }): LanguageOffer =>
  languageOffer(j.interface_language, j.interface_languages);

/** The address prefix of `lang`'s pages: "" for the primary language, "/ar" for another. */
export const languageBase = (offer: LanguageOffer, lang: Language): string => (lang === offer.primary ? "" : `/${lang}`);

/** `path` (a plain path, "/archives") in `lang`: "/ar/archives"; the home page "/" becomes "/ar" (no page address
 * ends in a slash: worker/core/middleware/canonical-redirects.ts). */
export function localizedPath(offer: LanguageOffer, lang: Language, path: string): string {
  const base = languageBase(offer, lang);
  if (!base) return path;
  return path === "/" || path.startsWith("?") ? `${base}${path.slice(1)}` : `${base}${path}`;
}

export type PathLanguage =
  | { kind: "page"; lang: Language; path: string }
  /** The primary language's tag as a prefix ("/en/archives"): its page lives at the plain address. */
  | { kind: "plain"; path: string };

const PREFIX = /^\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)(?=\/|$)/;

/**
 * The language a path's prefix names, and the plain path under it. A prefix of a shipped language the journal does
 * not offer is no language (the path stays as it is: a 404 page). "/ar" alone is "/ar/" (the home page).
 */
export function splitLanguagePath(offer: LanguageOffer, pathname: string): PathLanguage {
  const m = PREFIX.exec(pathname);
  const tag = m && LANGUAGES.find((l) => l === m[1]);
  if (!m || !tag || !offer.offered.includes(tag)) return { kind: "page", lang: offer.primary, path: pathname };
  const rest = pathname.slice(m[0].length) || "/";
  return tag === offer.primary ? { kind: "plain", path: rest } : { kind: "page", lang: tag, path: rest };
}

/**
 * The offered language an Accept-Language header prefers (RFC 9110 §12.5.4: quality values, "pt" matches
 * "pt-BR", "pt-BR" matches "pt"), or null when it names none of them.
 */
export function preferredLanguage(offer: LanguageOffer, header: string | null): Language | null {
  if (!header) return null;
  const ranges = header
    .split(",")
    .slice(0, 30)
    .map((part, index) => {
      const [range = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)).find(Boolean);
      return { range: range.trim().toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((r) => r.range && r.range !== "*" && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { range } of ranges) {
    const exact = offer.offered.find((l) => l.toLowerCase() === range);
    if (exact) return exact;
    const base = range.split("-")[0];
    const near = offer.offered.find((l) => l.toLowerCase().split("-")[0] === base);
    if (near) return near;
  }
  return null;
}

/** Each language's name in itself, for the switcher (a reader looks for their own language's name). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  ar: "العربية",
  id: "Bahasa Indonesia",
  fr: "Français",
  ru: "Русский",
  az: "Azərbaycanca",
  es: "Español",
  "pt-BR": "Português (Brasil)",
};
