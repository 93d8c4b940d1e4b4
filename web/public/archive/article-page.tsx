// /archives/{year}/{vol}/{issue}/{ref}: the article (abstract) page. The Worker already wrote the scholarly
// meta tags into the first HTML; this is what the reader sees. 'Article not found!' when missing or disabled.
import { Link } from "react-router";
import { ArticleFigures } from "../../components/article-figures";
import { CiteArticle } from "../../components/cite-article";
import { DownloadIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { articlePdfPath, citationText, issuePath, splitAuthors } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { useJournalName, useSettings } from "../journal-context";
import { ArticleBackMatter, ArticleFactEntries } from "./article-facts";
import { ArticleFulltext } from "./article-fulltext";
import { usePageData } from "../../lib/page-data";

export function ArticlePage() {
  // The loader answers null (and 404) when the article is missing, disabled, or not in the issue the URL names.
  const { article: a, fulltext } = usePageData("article");
  const name = useJournalName();
  const settings = useSettings();
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
  return (
    <article className="page article-view">
      <header className="page__header">
        <p className="breadcrumb">
          <Link to="/archives">{t("site.nav.archives")}</Link> <span aria-hidden>{t("issue.crumb")}</span>{" "}
          <Link to={issuePath(a)}>{t("issue.label", { year: a.year, volume: a.volume, issue: a.issue })}</Link>
        </p>
        <RichText as="h1" className="article-view__title" html={a.title} />
        <p className="article-view__authors">{authors.join(", ")}</p>
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
        <RichText className="prose" html={a.abstract} />
      </section>

      {a.keywords && (
        <p className="article-view__keywords">
          <strong>{t("article.keywords")}</strong> {a.keywords}
        </p>
      )}

      {fulltext && <ArticleFulltext html={fulltext.html} />}

      <ArticleBackMatter article={a} fulltext={fulltext} />

      <CiteArticle article={a} fallback={citationText(a, name)} />
    </article>
  );
}
