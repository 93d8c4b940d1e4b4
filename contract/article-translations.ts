// An article's other language versions (issue 50 item 4, docs/decisions/0375): title, abstract and keywords in
// another of the shipped languages, beside the main version kept in the article's own columns (its language is
// articles.language, else the journal's). Stored as a JSON array in articles.translations; the form sends the
// same JSON (a string in multipart forms). Runtime-neutral: read by the Worker, the pages and the admin form.
import { z } from "zod";
import { LANGUAGES, dirOf, isLanguage, sameLanguage, type Language, type TextDirection } from "./i18n/languages";

export { sameLanguage };
import { INVALID, jsonListText, richText, text, visibleText } from "./field-rules";
import { richTextToPlain, sanitizeRichText } from "./rich-text";
import { stripInvisible } from "./invisible-text";

export interface ArticleTranslation {
  /** One of the shipped languages (BCP 47, as LANGUAGES spells it). */
  lang: Language;
  /** Inline rich text (as the main title), or "" when this version has an abstract only. */
  title: string;
  /** Rich text, or "". */
  abstract: string;
  /** Comma separated, as the main keywords. */
  keywords: string;
}

/** A tag as sent ("ar", "PT-br", "pt_BR") as the shipped language it names, or null. */
export function shippedLanguage(tag: string): Language | null {
  const wanted = tag.trim().replace(/_/g, "-").toLowerCase();
  return LANGUAGES.find((l) => l.toLowerCase() === wanted) ?? null;
}

/**
 * A locale as other systems write it (OJS: "en_US", "ar_IQ", "id_ID", "fr_CA", "pt_BR"; OAI: "en") as the
 * shipped language it is written in: the exact tag first, else its primary language when that ships without a
 * region (ar_IQ -> ar). Null for a language not shipped (de_DE, pt_PT).
 */
export function languageOfLocale(locale: string): Language | null {
  const exact = shippedLanguage(locale);
  if (exact) return exact;
  const primary = locale.trim().split(/[-_]/)[0]?.toLowerCase() ?? "";
  return LANGUAGES.find((l) => l === primary) ?? null;
}

export const MAX_TRANSLATIONS = LANGUAGES.length - 1;

const langRule = z.string({ error: "invalid_language" }).transform((v, ctx) => {
  const lang = shippedLanguage(v);
  if (!lang) {
    ctx.addIssue({ code: "custom", message: "invalid_language" });
    return z.NEVER;
  }
  return lang;
});

/** A title as the main title is checked: sanitized, invisible characters removed; may be empty here. */
const versionTitle = text(2000).transform((v) => sanitizeRichText(stripInvisible(sanitizeRichText(v))));

const translationRule = z
  .object({
    lang: langRule,
    title: versionTitle.default(""),
    abstract: richText(60_000).default(""),
    keywords: visibleText(1000).default(""),
  })
  // A version says something: its title or its abstract.
  .refine((t) => richTextToPlain(t.title) !== "" || richTextToPlain(t.abstract) !== "", INVALID);

/** The form's and the API's `translations`: a JSON array (or its text), one version per language. */
export const translationsField = z.preprocess(
  jsonListText,
  z
    .array(translationRule, { error: INVALID })
    .max(MAX_TRANSLATIONS, INVALID)
    .refine((list) => new Set(list.map((t) => t.lang)).size === list.length, "duplicate_language"),
);

/** A version in the article's own language (its main version is that one): the API refuses it (duplicate_language). */
export const hasMainLanguageVersion = (list: readonly { lang: string }[], mainLanguage: string): boolean =>
  list.some((t) => sameLanguage(t.lang, mainLanguage));

/** The stored JSON as versions; whatever is not a well-formed version is left out (never throws). */
export function parseTranslations(stored: string | null | undefined): ArticleTranslation[] {
  let raw: unknown;
  try {
    raw = JSON.parse(stored || "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t): ArticleTranslation[] => {
    if (!t || typeof t !== "object") return [];
    const { lang, title, abstract, keywords } = t as Record<string, unknown>;
    if (typeof lang !== "string" || !isLanguage(lang)) return [];
    const str = (x: unknown) => (typeof x === "string" ? x : "");
    return [{ lang, title: str(title), abstract: str(abstract), keywords: str(keywords) }];
  });
}

/** The plain text search reads (articles.trans_*), every version's together. */
export function translationSearchText(list: readonly ArticleTranslation[]) {
  const join = (parts: string[]) => parts.filter(Boolean).join(" ");
  return {
    transTitleText: join(list.map((t) => richTextToPlain(t.title))),
    transAbstractText: join(list.map((t) => richTextToPlain(t.abstract))),
    transKeywords: join(list.map((t) => t.keywords)),
  };
}

/** Keywords as a list: comma or semicolon separated, as the main keywords are read. */
export const keywordList = (keywords: string): string[] =>
  keywords
    .split(/[,;،]/)
    .map((k) => k.trim())
    .filter(Boolean);

/** One version as every output reads it: plain text beside the stored rich text, the keywords as a list. */
export interface LanguageVersion {
  lang: Language;
  dir: TextDirection;
  titleHtml: string;
  title: string;
  abstractHtml: string;
  abstract: string;
  keywords: string[];
}

export const languageVersionOf = (t: ArticleTranslation): LanguageVersion => ({
  lang: t.lang,
  dir: dirOf(t.lang),
  titleHtml: t.title,
  title: richTextToPlain(t.title),
  abstractHtml: t.abstract,
  abstract: richTextToPlain(t.abstract),
  keywords: keywordList(t.keywords),
});

/** The versions in another language than `mainLanguage` (a version in the main language is not another one). */
export function otherVersions(stored: string, mainLanguage: string): LanguageVersion[] {
  return parseTranslations(stored)
    .filter((t) => !sameLanguage(t.lang, mainLanguage))
    .map(languageVersionOf);
}
