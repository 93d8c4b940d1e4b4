// /search?q=&page=: the result count, the query, and the issue-style table with a highlighted excerpt per
// result, 20 a page with page links; the SPEC's sentence when nothing matches.
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ArticleTable } from "../../components/article-table";
import { SearchIcon } from "../../components/icons";
import { Pagination } from "../../components/pagination";
import { resultCountText, searchHref } from "../../lib/search-format";
import { useJournalName } from "../journal-context";
import { usePageData } from "../../lib/page-data";

export const EMPTY_RESULT = "Sorry, nothing matched your search terms. Please try again with different keywords.";

/** A page number beyond the results (an old link, an edited URL): say so, and lead to the last page. */
function PastLastPage({ pages, href }: { pages: number; href: string }) {
  return (
    <p className="empty" data-testid="search-past-end">
      There {pages === 1 ? "is only one page" : `are only ${pages} pages`} of results. <Link to={href}>Go to the last page</Link>.
    </p>
  );
}

export function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const name = useJournalName();
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
        <h1 className="page__title">Search</h1>
      </header>
      <form role="search" className="search-page__form" action="/search" method="get" onSubmit={submit} aria-label="Search articles">
        <label htmlFor="search-q" className="visually-hidden">
          Search articles by title, author, keyword or reference number
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Title, author, keyword or reference number"
        />
        <button type="submit" className="button">
          <SearchIcon /> Search
        </button>
      </form>

      {!q && <p className="empty">Enter a title, an author's name, a keyword or a reference number.</p>}
      {q && data && (
        <div aria-live="polite">
          <p className="search-page__summary" data-testid="search-summary">
            <strong>{resultCountText(data.count, data.more)}</strong> for <q>{data.q}</q>
            {data.pages > 1 && data.page <= data.pages && (
              <span className="search-page__page">
                {" "}
                · page {data.page} of {data.pages}
              </span>
            )}
          </p>
          {data.count === 0 ? (
            <p className="empty">{EMPTY_RESULT}</p>
          ) : data.page > data.pages ? (
            <PastLastPage pages={data.pages} href={searchHref("/search", q, data.pages)} />
          ) : (
            <>
              <ArticleTable
                articles={data.results}
                journalName={name}
                showIssue
                caption={`Search results for ${data.q}`}
                firstNumber={(data.page - 1) * data.per_page + 1}
              />
              <Pagination page={data.page} pages={data.pages} hrefFor={(n) => searchHref("/search", q, n)} label="Search result pages" />
            </>
          )}
        </div>
      )}
    </article>
  );
}
