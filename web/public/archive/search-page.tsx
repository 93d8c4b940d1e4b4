// /search?q=&page=: the result count, the query, and the issue-style table with a highlighted excerpt per
// result, 20 a page with page links; the SPEC's sentence when nothing matches.
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ArticleTable } from "../../components/article-table";
import { SearchIcon } from "../../components/icons";
import { Pagination } from "../../components/pagination";
import { searchHref } from "../../lib/search-format";
import { richMessage, useT } from "../../lib/i18n";
import { useJournalName } from "../journal-context";
import { usePageData } from "../../lib/page-data";

/** A page number beyond the results (an old link, an edited URL): say so, and lead to the last page. */
function PastLastPage({ pages, href }: { pages: number; href: string }) {
  const t = useT();
  return (
    <p className="empty" data-testid="search-past-end">
      {t("search.pastEnd", { pages })} <Link to={href}>{t("search.lastPage")}</Link>
    </p>
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const name = useJournalName();
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setText(q);
  }
  const { results: data } = usePageData("search");

  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchHref("/search", text.trim()));
  };

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("search.title")}</h1>
      </header>
      <form role="search" className="search-page__form" action="/search" method="get" onSubmit={submit} aria-label={t("site.search.label")}>
        <label htmlFor="search-q" className="visually-hidden">
          {t("search.inputLabel")}
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("search.placeholder")}
        />
        <button type="submit" className="button">
          <SearchIcon /> {t("site.search.submit")}
        </button>
      </form>

      {!q && <p className="empty">{t("search.prompt")}</p>}
      {q && data && (
        <div aria-live="polite">
          <p className="search-page__summary" data-testid="search-summary">
            {richMessage(t, "search.summary", {
              count: <strong>{t(data.more ? "search.countMore" : "search.count", { count: data.count })}</strong>,
              query: (
                <q>
                  <bdi>{data.q}</bdi>
                </q>
              ),
            })}
            {data.pages > 1 && data.page <= data.pages && (
              <span className="search-page__page"> · {t("search.pageOf", { page: data.page, pages: data.pages })}</span>
            )}
          </p>
          {data.count === 0 ? (
            <p className="empty">{t("search.empty")}</p>
          ) : data.page > data.pages ? (
            <PastLastPage pages={data.pages} href={searchHref("/search", q, data.pages)} />
          ) : (
            <>
              <ArticleTable
                articles={data.results}
                journalName={name}
                showIssue
                caption={t("search.caption", { query: data.q })}
                firstNumber={(data.page - 1) * data.per_page + 1}
              />
              <Pagination page={data.page} pages={data.pages} hrefFor={(n) => searchHref("/search", q, n)} label={t("search.pagesLabel")} />
            </>
          )}
        </div>
      )}
    </article>
  );
}
