// /archives/{year}/{vol}/{issue}/{ref}: the article (abstract) page. The Worker already wrote the scholarly
// meta tags into the first HTML; this is what the reader sees. 'Article not found!' when missing or disabled.
import { Link } from "react-router";
import { ArticleFigures } from "../../components/article-figures";
import { CiteArticle } from "../../components/cite-article";
import { DownloadIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { articlePdfPath, citationText, issuePath, splitAuthors } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { ArticleBackMatter, ArticleFactEntries } from "./article-facts";
import { ArticleAuthors } from "./article-authors";
import { ArticleFulltext } from "./article-fulltext";
import { usePageData } from "../../lib/page-data";
import { useT, useTranslator } from "../../lib/i18n";
import { shownVersions, type ShownVersion } from "./article-versions";

export function ArticlePage() {
  // The loader answers null (and 404) when the article is missing, disabled, or not in the issue the URL names.
  const { article: a, fulltext } = usePageData("article");
  const name = useJournalName();
  const settings = useSettings();
  const { lang: pageLanguage } = useTranslator();
  const t = useT();

  if (!a) {
    return (
      <article className="page">
        <h1 className="page__title">{t("article.notFound")}</h1>
        <p className="empty">
          {t("article.notFoundHint")} <Link to="/archives">{t("site.nav.archives")}</Link> ·{" "}
          <Link to="/search">{t("site.search.submit")}</Link>
        </p>
      </article>
    );
  }

  const authors = splitAuthors(a.authorname);
  // The reader's language first when the article has it, else its own; each text marked with its language.
  const [first, ...others] = shownVersions(a, settings?.language ?? "", pageLanguage) as [ShownVersion, ...ShownVersion[]];
  const inLanguage = (v: ShownVersion) => ({ lang: v.lang, dir: v.dir });
  return (
    <article className="page article-view">
      <header className="page__header">
        <p className="breadcrumb">
          <Link to="/archives">{t("site.nav.archives")}</Link> <span aria-hidden>{t("issue.crumb")}</span>{" "}
          <Link to={issuePath(a)}>{t("issue.label", { year: a.year, volume: a.volume, issue: a.issue })}</Link>
        </p>
        <RichText as="h1" className="article-view__title" html={first.title} {...inLanguage(first)} />
        <ArticleAuthors names={authors} authors={a.authors} />
        {a.country && <p className="article-view__country">{a.country}</p>}
      </header>

      <div className="article-view__bar">
        <dl className="article-view__facts">
          <div>
            <dt>{t("article.reference")}</dt>
            <dd dir="ltr">{a.refnumber}</dd>
          </div>
          {a.pagenumber && (
            <div>
              <dt>{t("article.pages")}</dt>
              <dd dir="ltr">{a.pagenumber}</dd>
            </div>
          )}
          <div>
            <dt>{t("article.issue")}</dt>
            <dd>{t("issue.label", { year: a.year, volume: a.volume, issue: a.issue })}</dd>
          </div>
          <ArticleFactEntries article={a} settings={settings} />
          <ArticleFigures refnumber={a.refnumber} />
        </dl>
        <div className="article-view__actions">
          {a.file_url && (
            <a className="button" href={articlePdfPath(a)} download={`${a.refnumber}.pdf`}>
              <DownloadIcon /> {t("list.download")}
            </a>
          )}
          <Link className="button button--ghost" to={`/pdf?refno=${encodeURIComponent(a.refnumber)}`}>
            {t("article.certificates")}
          </Link>
        </div>
      </div>

      <section className="article-view__abstract" aria-labelledby="abstract-title">
        <h2 id="abstract-title">{t("list.abstract")}</h2>
        <RichText className="prose" html={first.abstract} {...inLanguage(first)} />
      </section>

      {first.keywords && (
        <p className="article-view__keywords">
          <strong>{t("article.keywords")}</strong> <span {...inLanguage(first)}>{first.keywords}</span>
        </p>
      )}

      {others.length > 0 && (
        <section className="article-view__versions" aria-labelledby="versions-title">
          <h2 id="versions-title">{t("article.versions.heading")}</h2>
          {others.map((v) => (
            <OtherVersion key={v.lang} version={v} pageLanguage={pageLanguage} />
          ))}
        </section>
      )}

      {fulltext && <ArticleFulltext html={fulltext.html} />}

      <ArticleBackMatter article={a} fulltext={fulltext} />

      <CiteArticle article={a} fallback={citationText(a, name)} />
    </article>
  );
}

/** One other language version: its language named in the page's language, then its title, abstract and keywords in their own. */
function OtherVersion({ version: v, pageLanguage }: { version: ShownVersion; pageLanguage: string }) {
  let name = v.lang;
  try {
    name = new Intl.DisplayNames([pageLanguage], { type: "language" }).of(v.lang) ?? v.lang;
  } catch {
    // A tag Intl cannot name: shown as it is.
  }
  return (
    <section className="article-version" aria-label={name}>
      <p className="article-version__language">{name}</p>
      <div lang={v.lang} dir={v.dir}>
        {v.title && <RichText as="h3" className="article-version__title" html={v.title} />}
        {v.abstract && <RichText className="prose" html={v.abstract} />}
        {v.keywords && <p className="article-view__keywords">{v.keywords}</p>}
      </div>
    </section>
  );
}
