// /admin/search?q= (SPEC §2 admin search): reruns when q changes; 'Not Found!' when empty; a failed search is
// only logged (SPEC §8).
import { Link, useSearchParams } from "react-router";
import { sanitizeRichText } from "../../worker/schemas/rich-text";
import { adminJson, isAbort } from "./admin-api";
import { LoadingState, PageHeader, useTitle } from "./admin-ui";
import { formatDateTime } from "./format";
import type { AdminSearchResults } from "../../worker/schemas/api";
import { useResource } from "./use-resource";

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  useTitle(q ? `Search: ${q}` : "Search");
  const search = useResource(
    (signal) =>
      adminJson<AdminSearchResults>(`/api/admin/search?q=${encodeURIComponent(q)}`, { signal }).catch((error: unknown) => {
        // SPEC §8: a failed admin search is only logged (a newer search cancelling this one is not a failure).
        if (!isAbort(error)) console.error("Admin search failed", error);
        throw error;
      }),
    q,
  );
  const results = search.error ? [] : (search.data?.results ?? []);

  return (
    <>
      <PageHeader
        title="Search"
        meta={
          q ? (
            <>
              Results for “<strong>{q}</strong>”{!search.loading && !search.error && <> · {results.length} found</>}
            </>
          ) : undefined
        }
      />
      {search.loading ? (
        <LoadingState label="Searching…" />
      ) : results.length === 0 ? (
        <section className="not-found not-found--inline">
          <h2>Not Found!</h2>
        </section>
      ) : (
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
              {results.map((article, index) => (
                <tr key={article.id}>
                  <td data-label="S. NO.">{index + 1}</td>
                  <td data-label="REF. NUM." className="nowrap mono">{article.refnumber}</td>
                  <td data-label="TITLE" className="col-wide">
                    <span className="rich" dangerouslySetInnerHTML={{ __html: sanitizeRichText(article.title) }} />
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
      )}
    </>
  );
}
