// /admin/search?q=&page= (SPEC §2 admin search): reruns when q or the page changes; 20 results a page with page
// links and the count; 'Not Found!' when empty; a failed search is only logged (SPEC §8).
import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { HighlightedExcerpt } from "../../components/highlighted-excerpt";
import { Pagination } from "../../components/pagination";
import { pageParam, resultCountText, searchHref } from "../../lib/search-format";
import { PageHeader, useTitle } from "../admin-ui";
import { loadAdminJsonOrNull } from "../loaders";
import { LoadError } from "../admin-root";
import { DataTable, editArticleColumn, richTextColumn } from "../data-table";
import { formatDateTime } from "../format";
import type { AdminSearchResults } from "#contract/api";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";

type Result = AdminSearchResults["results"][number];

const notFound = (
  <section className="not-found not-found--inline">
    <h2>Not Found!</h2>
  </section>
);

/** SPEC §8: a failed admin search is only logged, and the page shows "Not Found!" (null here). */
export function loader({ request }: LoaderFunctionArgs): Promise<AdminSearchResults | null> {
  const params = new URL(request.url).searchParams;
  const path = searchHref(apiPath(archiveApi.adminSearch), params.get("q") ?? "", pageParam(params.get("page")));
  return loadAdminJsonOrNull<AdminSearchResults>(path, request, "Admin search failed");
}

export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get("q") ?? "";
  useTitle(q ? `Search: ${q}` : "Search");
  const data = useLoaderData<typeof loader>();

  return (
    <>
      <PageHeader
        title="Search"
        meta={
          q ? (
            <>
              Results for “<strong>{q}</strong>”
              {data && (
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
      {!data || data.results.length === 0 ? (
        notFound
      ) : (
        <>
          <DataTable
            columns={[
              { label: "S. NO.", cell: (_, index) => (data.page - 1) * data.per_page + 1 + index },
              { label: "REF. NUM.", cellClass: "nowrap mono", cell: (article) => article.refnumber },
              richTextColumn(
                "TITLE",
                (article: Result) => article.title,
                (article: Result) => <HighlightedExcerpt parts={article.excerpt} className="search-excerpt" />,
              ),
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
    </>
  );
}

function SearchError() {
  useTitle("Search");
  return <LoadError title="Search" />;
}

export const route = { loader, Component: SearchPage, ErrorBoundary: SearchError };
