// The browser's catalogs: a chunk per language, and a page loads only its own (the Worker bundles them all:
// web/entry.server.tsx).
import { DEFAULT_LANGUAGE, type Language } from "#contract/i18n/languages";
import { createTranslator, needsFullFormatter, type Catalog, type Translator } from "#contract/i18n/messages";

type CatalogModule = Promise<{ default: Catalog }>;

/** One loader per shipped language (a language without one fails the typecheck). */
const CATALOGS: Record<Language, () => CatalogModule> = {
  en: () => import("../../contract/i18n/catalogs/en.json"),
  ar: () => import("../../contract/i18n/catalogs/ar.json"),
  id: () => import("../../contract/i18n/catalogs/id.json"),
  fr: () => import("../../contract/i18n/catalogs/fr.json"),
  ru: () => import("../../contract/i18n/catalogs/ru.json"),
  az: () => import("../../contract/i18n/catalogs/az.json"),
  es: () => import("../../contract/i18n/catalogs/es.json"),
  "pt-BR": () => import("../../contract/i18n/catalogs/pt-BR.json"),
};

/** The page's language as the document names it (`<html lang>`), else the default. */
export function documentLanguage(doc: Document): Language {
  const lang = doc.documentElement.lang;
  return Object.hasOwn(CATALOGS, lang) ? (lang as Language) : DEFAULT_LANGUAGE;
}

/**
 * The address prefix of the page's language: "/ar" when the address starts with the document's language tag (a
 * language other than the journal's primary one, docs/decisions/0351), else "".
 */
export function documentBasename(doc: Document, lang: Language): string {
  const first = doc.location.pathname.split("/")[1];
  return first === lang ? `/${lang}` : "";
}

/**
 * Loads `lang`'s catalog (only that one) and makes its Translator; the ICU formatter (plurals, selects) comes as a
 * chunk of its own, only for a catalog with such messages (docs/decisions/0350: the public entry's budget).
 */
export async function loadTranslator(lang: Language): Promise<Translator> {
  const catalog = (await CATALOGS[lang]()).default;
  const format = needsFullFormatter(catalog) ? (await import("#contract/i18n/message-format")).formatMessage : undefined;
  return createTranslator(lang, catalog, format);
}
