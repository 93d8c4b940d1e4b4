// /admin/search?q=&page= (SPEC §2 admin search): reruns when q or the page changes; 20 results a page with page
// links and the count; 'Not Found!' when empty; a failed search is only logged (SPEC §8).
import { useSearchParams } from "react-router";
import { HighlightedExcerpt } from "../components/highlighted-excerpt";
import { Pagination } from "../components/pagination";
import { pageParam, resultCountText, searchHref } from "../lib/search-format";
import { PageHeader, useTitle } from "./admin-ui";
import { ResourceView } from "./form-kit";
import { DataTable, editArticleColumn, richTextColumn } from "./data-table";
import { formatDateTime } from "./format";
import type { AdminSearchResults } from "../../worker/schemas/api";
import { useAdminJson } from "./use-resource";

type Result = AdminSearchResults["results"][number];

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
            <DataTable
              columns={[
                { label: "S. NO.", cell: (_, index) => (data.page - 1) * data.per_page + 1 + index },
                { label: "REF. NUM.", cellClass: "nowrap mono", cell: (article) => article.refnumber },
                richTextColumn("TITLE", (article: Result) => article.title, (article: Result) => <HighlightedExcerpt parts={article.excerpt} className="search-excerpt" />),
                { label: "TRANSACTION ID", cellClass: "nowrap mono", cell: (article) => article.txnid },
                { label: "PAGES", cellClass: "nowrap", cell: (article) => article.pagenumber },
                { label: "Created At", cellClass: "nowrap", cell: (article) => formatDateTime(article.creation) },
                { label: "Modified At", cellClass: "nowrap", cell: (article) => formatDateTime(article.modification) },
                editArticleColumn("ACTION", "EDIT"),
              ]}
              rows={data.results}
              rowKey={(article) => article.id}
            />
            <Pagination page={data.page} pages={data.pages} hrefFor={(n) => searchHref("/admin/search", q, n)} label="Search result pages" />
          </>
        )}
      </ResourceView>
    </>
  );
}
