// /admin/archives/{year}/{vol}/{issue} (SPEC §2): the issue's articles with checkboxes, Add New, and the
// 'Index Page' and 'Certificate' documents for the ticked rows. Long issues show 50 rows a page (?page=);
// the selection spans pages ("select all" ticks every article of the issue).
import { useMemo, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Pagination } from "../components/pagination";
import { pageParam } from "../lib/search-format";
import { sanitizeRichText } from "../../worker/schemas/rich-text";
import { errorCode } from "./admin-api";
import { Flash, PageHeader, useTitle, type FlashMessage } from "./admin-ui";
import { ResourceView } from "./form-kit";
import { pad } from "./format";
import { DocumentButton, SelectAllCell, SelectRowCell, useSelection } from "./selection";
import type { AdminIssueArticles } from "../../worker/schemas/api";
import { useAdminJson } from "./use-resource";
import { CrossrefButton } from "./crossref-button";

/** Rows a page of the table shows. */
const ROWS_PER_PAGE = 50;

function digits(value: string | undefined): number {
  return Number(String(value ?? "").replace(/\D+/g, "") || 0);
}

export function IssueArticlesPage() {
  const params = useParams();
  const year = digits(params.year);
  const volume = digits(params.volume);
  const issue = digits(params.issue);
  const heading = `Vol. ${pad(volume, 2)}, Issue ${pad(issue, 2)} (${year})`;
  useTitle(heading);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const [query] = useSearchParams();

  const data = useAdminJson<AdminIssueArticles>(`/api/admin/archives/${year}/${volume}/${issue}`);
  const articles = data.data?.articles ?? [];
  const refs = useMemo(() => articles.filter((a) => a.refnumber).map((a) => a.refnumber), [articles]);
  const selection = useSelection(refs);
  const selectedRefs = refs.filter((r) => selection.selected.has(r));
  const addPath = `/admin/archives/add/${year}/${volume}/${issue}`;
  const pages = Math.max(1, Math.ceil(articles.length / ROWS_PER_PAGE));
  const page = Math.min(pageParam(query.get("page")), pages);
  const first = (page - 1) * ROWS_PER_PAGE;
  const shown = articles.slice(first, first + ROWS_PER_PAGE);
  const pagePath = (n: number) => `/admin/archives/${year}/${volume}/${issue}${n > 1 ? `?page=${n}` : ""}`;

  return (
    <>
      <PageHeader
        title={heading}
        back={{ to: "/admin/archives", label: "Back to archives" }}
        meta={data.data ? `${articles.length} ${articles.length === 1 ? "article" : "articles"}` : undefined}
        actions={
          <>
            <CrossrefButton year={year} volume={volume} issue={issue} onError={(text) => setMessage({ kind: "error", text })} onDone={() => setMessage(null)} />
            <Link to={addPath} className="btn btn--primary">
              Add New
            </Link>
          </>
        }
      />
      {selectedRefs.length > 0 && (
        <div className="selection-bar" role="region" aria-label="Selected articles">
          <span className="selection-bar__count">
            {selectedRefs.length} selected
          </span>
          <div className="selection-bar__actions">
            <DocumentButton
              label="Index Page"
              busyLabel="Generating index page…"
              path="/api/pdf/indexpage"
              body={{ refnumbers: selectedRefs }}
              fileName="Index-Page.pdf"
              onError={(text) => setMessage({ kind: "error", text })}
              onDone={() => setMessage(null)}
            />
            <DocumentButton
              label="Certificate"
              busyLabel="Generating certificates…"
              path="/api/pdf/bulkcertificates"
              body={{ refnumbers: selectedRefs }}
              fileName="Certificates.zip"
              onError={(text) => setMessage({ kind: "error", text })}
              onDone={() => setMessage(null)}
            />
            <button type="button" className="btn btn--ghost" onClick={selection.clear}>
              Clear selection
            </button>
          </div>
        </div>
      )}
      <Flash message={message} onClose={() => setMessage(null)} />
      <ResourceView
        resource={data}
        loading="Loading articles…"
        error={(error) =>
          errorCode(error) === "issue_not_found" ? (
            <section className="not-found">
              <h2>Not Found!</h2>
              <p>
                <Link to="/admin/archives">Back to archives</Link>
              </p>
            </section>
          ) : undefined
        }
        isEmpty={() => articles.length === 0}
        empty="No articles in this issue yet"
        emptyBody={
          <Link to={addPath} className="btn btn--secondary">
            Add the first article
          </Link>
        }
      >
        {() => (
          <div className="table-wrap">
            <table className="table table--stack">
              <thead>
                <tr>
                  <SelectAllCell selection={selection} label="Select all articles" disabled={refs.length === 0} />
                  <th scope="col">S.No.</th>
                  <th scope="col">Ref. No.</th>
                  <th scope="col" className="col-wide">
                    Title
                  </th>
                  <th scope="col">Authors</th>
                  <th scope="col">Pages</th>
                  <th scope="col">Transaction ID</th>
                  <th scope="col">Payment</th>
                  <th scope="col">PDF</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((article, index) => (
                  <tr key={article.id} className={selection.selected.has(article.refnumber) ? "is-selected" : undefined}>
                    <SelectRowCell
                      selection={selection}
                      rowKey={article.refnumber}
                      disabled={!article.refnumber}
                      label={`Select article ${article.refnumber || first + index + 1}`}
                    />
                    <td data-label="S.No.">{first + index + 1}</td>
                    <td data-label="Ref. No." className="nowrap mono">{article.refnumber || "—"}</td>
                    <td data-label="Title" className="col-wide">
                      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText, the allowlist of schemas/rich-text */}
                      <span className="rich" dangerouslySetInnerHTML={{ __html: sanitizeRichText(article.title) }} />
                    </td>
                    <td data-label="Authors">{article.authorname}</td>
                    <td data-label="Pages" className="nowrap">{article.pagenumber}</td>
                    <td data-label="Transaction ID" className="nowrap mono">{article.txnid}</td>
                    <td data-label="Payment">
                      <span className={`badge badge--${article.ptype === "free" ? "neutral" : "info"}`}>
                        {article.ptype === "free" ? "Free" : "Paid"}
                      </span>
                    </td>
                    <td data-label="PDF">
                      {article.file_url ? (
                        <a href={article.file_url} target="_blank" rel="noopener">
                          PDF
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td data-label="Action">
                      <Link to={`/admin/archives/${article.id}`} className="action-link">
                        Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ResourceView>
      <Pagination page={page} pages={pages} hrefFor={pagePath} label="Article pages" />
    </>
  );
}
