// An article's other language versions in OJS Native XML, both ways (issue 50 item 4, docs/decisions/0375): OJS
// keeps every title, abstract and keyword list per locale (<title locale="fr_CA">); the main version is the
// publication's locale, each other shipped language becomes a language version here, and an export writes each
// version back under its OJS locale, beside the main one (OJS's schema wants the localized copies of an element
// side by side: titles, then abstracts, then keyword lists).
import { sanitizeRichText } from "#contract/rich-text";
import { languageOfLocale, otherVersions, sameLanguage, type ArticleTranslation } from "#contract/article-translations";
import { childrenNamed, type XmlNode } from "./xml-tree";
import { xmlAttr as esc } from "../core/xml";

// ---- Import -------------------------------------------------------------------------------------------------

const own = (n: XmlNode | undefined) => (n?.text ?? "").trim();

/** A keyword list's entries: <keyword>text</keyword> (3.0-3.4) or <keyword><name>text</name></keyword> (3.5). */
const keywordTexts = (list: XmlNode) => list.children.map((k) => own(k) || own(childrenNamed(k, "name")[0])).filter(Boolean);

/**
 * The publication's texts in other locales than `mainLocale`, as language versions: those in a shipped language;
 * `notKept` gets the locales of the others ("title or abstract in de_DE (a language this site does not offer)").
 */
export function languageVersionsOf(publication: XmlNode, mainLocale: string, notKept: string[]): ArticleTranslation[] {
  const mainLanguage = languageOfLocale(mainLocale) ?? mainLocale;
  const byLocale = new Map<string, { title: string; prefix: string; subtitle: string; abstract: string; keywords: string[] }>();
  const entry = (locale: string) => {
    let e = byLocale.get(locale);
    if (!e) byLocale.set(locale, (e = { title: "", prefix: "", subtitle: "", abstract: "", keywords: [] }));
    return e;
  };
  for (const name of ["title", "prefix", "subtitle", "abstract"] as const)
    for (const n of childrenNamed(publication, name)) {
      const locale = n.attrs.locale ?? "";
      if (locale && locale !== mainLocale && own(n)) entry(locale)[name] = own(n);
    }
  for (const list of childrenNamed(publication, "keywords")) {
    const locale = list.attrs.locale ?? "";
    if (locale && locale !== mainLocale) entry(locale).keywords = keywordTexts(list);
  }
  const versions: ArticleTranslation[] = [];
  for (const [locale, e] of byLocale) {
    if (!e.title && !e.abstract) continue;
    const lang = languageOfLocale(locale);
    if (!lang) {
      notKept.push(`title or abstract in ${locale} (a language this site does not offer)`);
      continue;
    }
    if (sameLanguage(lang, mainLanguage) || versions.some((v) => v.lang === lang)) {
      notKept.push(`title or abstract in ${locale} (a second version in ${lang})`);
      continue;
    }
    const title = [e.prefix, e.title].filter(Boolean).join(" ") + (e.subtitle ? `: ${e.subtitle}` : "");
    versions.push({
      lang,
      title: sanitizeRichText(title),
      abstract: sanitizeRichText(e.abstract),
      keywords: e.keywords.join(", ").slice(0, 1000),
    });
  }
  return versions;
}

// ---- Export -------------------------------------------------------------------------------------------------

/** A shipped language as OJS names its locale: "pt-BR" -> "pt_BR", "ar" -> "ar" (OJS 3.4+ locales). */
export const ojsLocaleOf = (lang: string) => lang.replace(/-/g, "_");

/** The versions an export writes: those in another language than the main locale's. */
export const exportedVersions = (translations: string, mainLocale: string) => otherVersions(translations, mainLocale);

/** <title locale> of each version, to follow the main <title>. */
export const versionTitlesXml = (translations: string, mainLocale: string, indent: string) =>
  exportedVersions(translations, mainLocale)
    .filter((v) => v.titleHtml)
    .map((v) => `${indent}<title locale="${esc(ojsLocaleOf(v.lang))}">${esc(v.titleHtml)}</title>`);

/** <abstract locale> of each version, to follow the main <abstract>. */
export const versionAbstractsXml = (translations: string, mainLocale: string, indent: string) =>
  exportedVersions(translations, mainLocale)
    .filter((v) => v.abstractHtml)
    .map((v) => `${indent}<abstract locale="${esc(ojsLocaleOf(v.lang))}">${esc(v.abstractHtml)}</abstract>`);

/** <keywords locale> of each version, to follow the main list. */
export const versionKeywordsXml = (translations: string, mainLocale: string, indent: string) =>
  exportedVersions(translations, mainLocale)
    .filter((v) => v.keywords.length)
    .map(
      (v) =>
        `${indent}<keywords locale="${esc(ojsLocaleOf(v.lang))}">${v.keywords.map((k) => `<keyword><name>${esc(k)}</name></keyword>`).join("")}</keywords>`,
    );
