// /admin/search?q=&page= (SPEC §2 admin search): reruns when q or the page changes; 20 results a page with page
// links and the count; 'Not Found!' when empty; a failed search is only logged (SPEC §8).
import { Link, useSearchParams } from "react-router";
import { sanitizeRichText } from "../../worker/schemas/rich-text";
import { HighlightedExcerpt } from "../components/highlighted-excerpt";
import { Pagination } from "../components/pagination";
import { pageParam, resultCountText, searchHref } from "../lib/search-format";
import { PageHeader, useTitle } from "./admin-ui";
import { ResourceView } from "./form-kit";
import { formatDateTime } from "./format";
import type { AdminSearchResults } from "../../worker/schemas/api";
import { useAdminJson } from "./use-resource";

const notFound = (
  <section className="not-found not-found--inline">
    <h2>Not Found!</h2>
  </section>
);

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = pageParam(params.get("page"));
  useTitle(q ? `Search: ${q}` : "Search");
  // SPEC §8: a failed admin search is only logged (a newer search cancelling this one is not a failure).
  const search = useAdminJson<AdminSearchResults>(searchHref("/api/admin/search", q, page), "Admin search failed");

  const data = search.error ? null : search.data;

  return (
    <>
      <PageHeader
        title="Search"
        meta={
          q ? (
            <>
              Results for “<strong>{q}</strong>”
              {!search.loading && data && (
                <>
                  {" "}
                  · {resultCountText(data.count, data.more)}
                  {data.pages > 1 && ` · page ${data.page} of ${data.pages}`}
                </>
              )}
            </>
          ) : undefined
        }
      />
      <ResourceView
        resource={search}
        loading="Searching…"
        stale={false}
        error={() => notFound}
        isEmpty={(found) => found.results.length === 0}
        empty={notFound}
      >
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="table table--stack">
                <thead>
                  <tr>
                    <th scope="col">S. NO.</th>
                    <th scope="col">REF. NUM.</th>
                    <th scope="col" className="col-wide">
                      TITLE
                    </th>
                    <th scope="col">TRANSACTION ID</th>
                    <th scope="col">PAGES</th>
                    <th scope="col">Created At</th>
                    <th scope="col">Modified At</th>
                    <th scope="col">ACTION</th>
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((article, index) => (
                    <tr key={article.id}>
                      <td data-label="S. NO.">{(data.page - 1) * data.per_page + 1 + index}</td>
                      <td data-label="REF. NUM." className="nowrap mono">{article.refnumber}</td>
                      <td data-label="TITLE" className="col-wide">
                        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText, the allowlist of schemas/rich-text */}
                        <span className="rich" dangerouslySetInnerHTML={{ __html: sanitizeRichText(article.title) }} />
                        <HighlightedExcerpt parts={article.excerpt} className="search-excerpt" />
                      </td>
                      <td data-label="TRANSACTION ID" className="nowrap mono">{article.txnid}</td>
                      <td data-label="PAGES" className="nowrap">{article.pagenumber}</td>
                      <td data-label="Created At" className="nowrap">{formatDateTime(article.creation)}</td>
                      <td data-label="Modified At" className="nowrap">{formatDateTime(article.modification)}</td>
                      <td data-label="ACTION">
                        <Link to={`/admin/archives/${article.id}`} className="action-link">
                          EDIT
                        </Link>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={data.page} pages={data.pages} hrefFor={(n) => searchHref("/admin/search", q, n)} label="Search result pages" />
          </>
        )}
      </ResourceView>
    </>
  );
}
