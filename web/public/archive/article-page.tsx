// /archives/{year}/{vol}/{issue}/{ref}: the article (abstract) page. The Worker already wrote the scholarly
// meta tags into the first HTML; this is what the reader sees. 'Article not found!' when missing or disabled.
import { Link } from "react-router";
import { ArticleFigures } from "../../components/article-figures";
import { CiteArticle } from "../../components/cite-article";
import { DownloadIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { articlePdfPath, citationText, issueLabel, issuePath, splitAuthors } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { ArticleBackMatter, ArticleFactEntries } from "./article-facts";
import { ArticleFulltext } from "./article-fulltext";
import { usePageData } from "../../lib/page-data";

export function ArticlePage() {
  // The loader answers null (and 404) when the article is missing, disabled, or not in the issue the URL names.
  const { article: a, fulltext } = usePageData("article");
  const name = useJournalName();
  const settings = useSettings();

  if (!a) {
    return (
      <article className="page">
        <h1 className="page__title">Article not found!</h1>
        <p className="empty">
          The article may have been moved or withdrawn. Browse the <Link to="/archives">archives</Link> or <Link to="/search">search</Link>{" "}
          for it.
        </p>
      </article>
    );
  }

  const authors = splitAuthors(a.authorname);
  return (
    <article className="page article-view">
      <header className="page__header">
        <p className="breadcrumb">
          <Link to="/archives">Archives</Link> <span aria-hidden>›</span> <Link to={issuePath(a)}>{issueLabel(a)}</Link>
        </p>
        <RichText as="h1" className="article-view__title" html={a.title} />
        <p className="article-view__authors">{authors.join(", ")}</p>
        {a.country && <p className="article-view__country">{a.country}</p>}
      </header>

      <div className="article-view__bar">
        <dl className="article-view__facts">
          <div>
            <dt>Reference</dt>
            <dd>{a.refnumber}</dd>
          </div>
          {a.pagenumber && (
            <div>
              <dt>Pages</dt>
              <dd>{a.pagenumber}</dd>
            </div>
          )}
          <div>
            <dt>Issue</dt>
            <dd>{issueLabel(a)}</dd>
          </div>
          <ArticleFactEntries article={a} settings={settings} />
          <ArticleFigures refnumber={a.refnumber} />
        </dl>
        <div className="article-view__actions">
          {a.file_url && (
            <a className="button" href={articlePdfPath(a)} download={`${a.refnumber}.pdf`}>
              <DownloadIcon /> Download
            </a>
          )}
          <Link className="button button--ghost" to={`/pdf?refno=${encodeURIComponent(a.refnumber)}`}>
            Certificates
          </Link>
        </div>
      </div>

      <section className="article-view__abstract" aria-labelledby="abstract-title">
        <h2 id="abstract-title">Abstract</h2>
        <RichText className="prose" html={a.abstract} />
      </section>

      {a.keywords && (
        <p className="article-view__keywords">
          <strong>Keywords:</strong> {a.keywords}
        </p>
      )}

      {fulltext && <ArticleFulltext html={fulltext.html} />}

      <ArticleBackMatter article={a} fulltext={fulltext} />

      <CiteArticle article={a} fallback={citationText(a, name)} />
    </article>
  );
}
