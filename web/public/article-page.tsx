// /archives/{year}/{vol}/{issue}/{ref}: the article (abstract) page. The Worker already wrote the scholarly
// meta tags into the first HTML; this is what the reader sees. 'Article not found!' when missing or disabled.
import { Link, useParams } from "react-router";
import type { ArticleDetail } from "../../worker/schemas/api";
import { CiteArticle } from "../components/cite-article";
import { DownloadIcon } from "../components/icons";
import { Loading } from "../components/loading";
import { RichText } from "../components/rich-text";
import { useApi } from "../lib/api";
import { articlePdfPath, citationText, issueLabel, issuePath, splitAuthors } from "../lib/format";
import { richTextToPlain } from "../../worker/schemas/rich-text";
import { digitsOf } from "./issue-page";
import { useJournalName, usePageTitle } from "./journal-context";

export function ArticlePage() {
  const params = useParams();
  const ref = (params.ref ?? "").trim();
  const { data, loading, error } = useApi<ArticleDetail>(ref ? `/api/archives/ref/${encodeURIComponent(ref)}` : null);
  const name = useJournalName();
  // The article must sit in the issue the URL names (the Worker answers 404 otherwise, too).
  const a =
    data && data.year === digitsOf(params.year) && data.volume === digitsOf(params.vol) && data.issue === digitsOf(params.issue) ? data : undefined;
  const notFound = !ref || error !== undefined || (data !== undefined && a === undefined);
  usePageTitle(a ? richTextToPlain(a.title) : notFound ? "Article not found!" : undefined);

  if (loading) {
    return (
      <article className="page">
        <Loading lines={10} label="Loading the article…" />
      </article>
    );
  }
  if (notFound || !a) {
    return (
      <article className="page">
        <h1 className="page__title">Article not found!</h1>
        <p className="empty">
          The article may have been moved or withdrawn. Browse the <Link to="/archives">archives</Link> or <Link to="/search">search</Link> for it.
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

      <CiteArticle article={a} fallback={citationText(a, name)} />
    </article>
  );
}
