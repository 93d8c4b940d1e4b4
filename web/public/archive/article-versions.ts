// Which language version of an article a page shows first (issue 50 item 4): the one in the reader's language when
// the article has it, else the article's own; the others follow, each in its language and direction.
import type { Article } from "#contract/api";
import { dirOf, isLanguage, sameLanguage, type TextDirection } from "#contract/i18n/languages";

export interface ShownVersion {
  lang: string;
  dir: TextDirection;
  title: string;
  abstract: string;
  keywords: string;
  /** The article's own version (its language: the article's, else the journal's). */
  main: boolean;
}

export function shownVersions(
  a: Pick<Article, "title" | "abstract" | "keywords" | "language" | "translations">,
  journalLanguage: string,
  pageLanguage: string,
): ShownVersion[] {
  const mainLang = a.language || journalLanguage || "en";
  const dir = (lang: string): TextDirection => {
    const primary = lang.split("-")[0] ?? lang;
    return isLanguage(lang) ? dirOf(lang) : isLanguage(primary) ? dirOf(primary) : "ltr";
  };
  const main: ShownVersion = { lang: mainLang, dir: dir(mainLang), title: a.title, abstract: a.abstract, keywords: a.keywords, main: true };
  const others = a.translations
    .filter((t) => !sameLanguage(t.lang, mainLang))
    .map(
      (t): ShownVersion => ({ lang: t.lang, dir: dir(t.lang), title: t.title, abstract: t.abstract, keywords: t.keywords, main: false }),
    );
  const all = [main, ...others];
  const readers = others.find((v) => sameLanguage(v.lang, pageLanguage) && v.title);
  if (!readers || sameLanguage(mainLang, pageLanguage)) return all;
  return [readers, ...all.filter((v) => v !== readers)];
}
