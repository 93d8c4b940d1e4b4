// /admin/archives/{year}/{vol}/{issue} (SPEC §2): the issue's articles with checkboxes, Add New, and the
// 'Index Page' and 'Certificate' documents for the ticked rows. Long issues show 50 rows a page (?page=);
// the selection spans pages ("select all" ticks every article of the issue).
import { useMemo, useState } from "react";
import {
  Link,
  useLoaderData,
  useParams,
  useRevalidator,
  useRouteError,
  useSearchParams,
  type LoaderFunctionArgs,
  type Params,
} from "react-router";
import { Pagination } from "../../components/pagination";
import { pageParam } from "../../lib/search-format";
import { adminJson, errorCode } from "../admin-api";
import { BusyButton } from "../form-kit";
import { EmptyState, Flash, PageHeader, useTitle, type FlashMessage } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { pad } from "../format";
import { DocumentButton, useSelection } from "../selection";
import { DataTable, editArticleColumn, richTextColumn, selectColumn, selectedRow, type Column } from "../data-table";
import type { AdminIssueArticles } from "#contract/api";
import type { Section } from "#contract/issues";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { documentsApi } from "#contract/routes/documents";
import { IssueDetailsPanel } from "./issue-details-panel";

type Article = AdminIssueArticles["articles"][number];

/** An article's section, chosen in place (issue 37 item 5); the public issue page groups by it at once. */
function sectionColumn(sections: Section[], say: (m: FlashMessage) => void, reload: () => void): Column<Article> {
  return {
    label: "Section",
    cell: (article) => (
      <select
        className="input input--small"
        aria-label={`Section of ${article.refnumber || `article ${article.id}`}`}
        value={article.section_id ?? ""}
        onChange={(e) => {
          const value = e.currentTarget.value;
          adminJson(apiPath(archiveApi.articleSection, { id: article.id }), { json: { sectionId: value ? Number(value) : null } })
            .then(() => {
              say({
                kind: "success",
                text: `${article.refnumber || "The article"}: ${sections.find((s) => String(s.id) === value)?.title ?? "no section"}`,
              });
              reload();
            })
            .catch(() => say({ kind: "error", text: "Something went wrong" }));
        }}
      >
        <option value="">No section</option>
        {sections.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    ),
  };
}
import { IssueXmlButtons } from "../scholarly/issue-xml-buttons";
import { CrossrefDeposits } from "../scholarly/crossref-deposits";

/** Rows a page of the table shows. */
const ROWS_PER_PAGE = 50;

function digits(value: string | undefined): number {
  return Number(String(value ?? "").replace(/\D+/g, "") || 0);
}

function issueOf(params: Params) {
  const year = digits(params.year);
  const volume = digits(params.volume);
  const issue = digits(params.issue);
  return { year, volume, issue, heading: `Vol. ${pad(volume, 2)}, Issue ${pad(issue, 2)} (${year})` };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { year, volume, issue } = issueOf(params);
  const [body, sections] = await Promise.all([
    loadAdminJson<AdminIssueArticles>(apiPath(archiveApi.adminIssue, { year, vol: volume, issue }), request),
    // The journal's sections (issue 37 item 5): a help for the table; without them the column is left out.
    loadAdminJson<Section[]>(apiPath(archiveApi.sections), request).catch(() => [] as Section[]),
  ]);
  return { ...body, sections };
}

export function IssueArticlesPage() {
  const { year, volume, issue, heading } = issueOf(useParams());
  useTitle(heading);
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const [query] = useSearchParams();

  const { articles, sections } = useLoaderData<typeof loader>();
  // Only published (enabled) articles can go on the index page or get certificates (issue 26 item 4).
  const refs = useMemo(() => articles.filter((a) => a.refnumber && a.status === "enabled").map((a) => a.refnumber), [articles]);
  const revalidator = useRevalidator();
  const [toggling, setToggling] = useState<number | null>(null);

  async function toggleStatus(article: Article) {
    const status = article.status === "enabled" ? "disabled" : "enabled";
    setToggling(article.id);
    try {
      await adminJson(apiPath(archiveApi.articleStatus, { id: article.id }), { json: { status } });
      setMessage({
        kind: "success",
        text: `${article.refnumber || "The article"} is now ${status === "enabled" ? "enabled (published)" : "disabled (hidden from the site)"}.`,
      });
      await revalidator.revalidate();
    } catch (error) {
      console.error("Changing the article status failed", error);
      setMessage({ kind: "error", text: "Something went wrong", detail: "The status was not changed." });
    } finally {
      setToggling(null);
    }
  }
  const selection = useSelection(refs);
  const selectedRefs = refs.filter((r) => selection.selected.has(r));
  // The documents print published articles only: say which selected ones they will leave out (issue 38 item 7).
  const disabledSelected = articles.filter((a) => a.refnumber && selection.selected.has(a.refnumber) && a.status !== "enabled").length;
  const addPath = `/admin/archives/add/${year}/${volume}/${issue}`;
  const pages = Math.max(1, Math.ceil(articles.length / ROWS_PER_PAGE));
  const page = Math.min(pageParam(query.get("page")), pages);
  const first = (page - 1) * ROWS_PER_PAGE;
  const shown = articles.slice(first, first + ROWS_PER_PAGE);
  const pagePath = (n: number) => `/admin/archives/${year}/${volume}/${issue}${n > 1 ? `?page=${n}` : ""}`;

  const columns: Column<Article>[] = [
    selectColumn(selection, {
      allLabel: "Select all articles",
      allDisabled: refs.length === 0,
      keyOf: (article: Article) => article.refnumber,
      disabled: (article) => !article.refnumber || article.status !== "enabled",
      disabledReason: (article) => (article.refnumber && article.status !== "enabled" ? "disabled-articles-note" : undefined),
      rowLabel: (article, index) => `Select article ${article.refnumber || first + index + 1}`,
    }),
    { label: "S.No.", cell: (_, index) => first + index + 1 },
    // Reference numbers and transaction ids may break after a hyphen, so the table fits 1280 px with its sections.
    { label: "Ref. No.", cellClass: "mono", cell: (article) => article.refnumber || "—" },
    richTextColumn("Title", (article) => article.title),
    { label: "Authors", cell: (article) => article.authorname },
    { label: "Pages", cellClass: "nowrap", cell: (article) => article.pagenumber },
    { label: "Transaction ID", cellClass: "mono", cell: (article) => article.txnid },
    {
      label: "Status",
      cellClass: "nowrap",
      cell: (article) => {
        const enabled = article.status === "enabled";
        return (
          <span className="status-cell status-cell--stacked">
            <span className="status-cell__badges">
              <span className={`badge badge--${enabled ? "success" : "neutral"}`}>{enabled ? "Enabled" : "Disabled"}</span>
              <span className={`badge badge--${article.ptype === "free" ? "neutral" : "info"}`}>
                {article.ptype === "free" ? "Free" : "Paid"}
              </span>
            </span>
            <BusyButton
              busy={toggling === article.id}
              busyLabel="Saving…"
              className="btn btn--ghost btn--small"
              title={`${enabled ? "Disable" : "Enable"} ${article.refnumber}`}
              onClick={() => void toggleStatus(article)}
            >
              {enabled ? "Disable" : "Enable"}
            </BusyButton>
          </span>
        );
      },
    },
    {
      label: "PDF",
      cell: (article) =>
        article.file_url ? (
          <a href={article.file_url} target="_blank" rel="noopener">
            PDF
          </a>
        ) : (
          "—"
        ),
    },
    ...(sections.length > 0
      ? [
          sectionColumn(
            sections,
            (text) => setMessage(text),
            () => void revalidator.revalidate(),
          ),
        ]
      : []),
    editArticleColumn("Action", "Edit"),
  ];

  return (
    <>
      <PageHeader
        title={heading}
        back={{ to: "/admin/archives", label: "Back to archives" }}
        meta={`${articles.length} ${articles.length === 1 ? "article" : "articles"}`}
        actions={
          <>
            <IssueXmlButtons
              year={year}
              volume={volume}
              issue={issue}
              onError={(text) => setMessage({ kind: "error", text })}
              onDone={() => setMessage(null)}
            />
            <Link to={addPath} className="btn btn--primary">
              Add New
            </Link>
          </>
        }
      />
      <IssueDetailsPanel year={year} volume={volume} issue={issue} />
      {selectedRefs.length > 0 && (
        <div className="selection-bar" role="region" aria-label="Selected articles">
          <span className="selection-bar__count">{selectedRefs.length} selected</span>
          {disabledSelected > 0 && (
            <span className="selection-bar__note" role="status">
              {disabledSelected === 1 ? "1 selected article is disabled" : `${disabledSelected} selected articles are disabled`}: the Index
              Page and Certificates include enabled articles only.
            </span>
          )}
          <div className="selection-bar__actions">
            <DocumentButton
              label="Index Page"
              busyLabel="Generating index page…"
              path={apiPath(documentsApi.indexPage)}
              body={{ refnumbers: selectedRefs }}
              fileName="Index-Page.pdf"
              onError={(text) => setMessage({ kind: "error", text })}
              onDone={() => setMessage(null)}
            />
            <DocumentButton
              label="Certificate"
              busyLabel="Generating certificates…"
              path={apiPath(documentsApi.bulkCertificates)}
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
      {articles.some((a) => a.refnumber && a.status !== "enabled") && (
        // Saying why a disabled article's box cannot be ticked, rather than leaving it out silently (issue 38 item 7).
        <p className="muted selection-hint" id="disabled-articles-note">
          Disabled articles cannot be ticked: the Index Page and Certificates include published (enabled) articles only. Enable one to
          include it.
        </p>
      )}
      <Flash message={message} onClose={() => setMessage(null)} />
      {articles.length === 0 ? (
        <EmptyState title="No articles in this issue yet">
          <Link to={addPath} className="btn btn--secondary">
            Add the first article
          </Link>
        </EmptyState>
      ) : (
        <DataTable
          columns={columns}
          rows={shown}
          rowKey={(article) => article.id}
          rowClass={selectedRow(selection, (article: Article) => article.refnumber)}
        />
      )}
      <Pagination page={page} pages={pages} hrefFor={pagePath} label="Article pages" />
      {articles.length > 0 && <CrossrefDeposits year={Number(year)} volume={Number(volume)} issue={Number(issue)} />}
    </>
  );
}

/** An issue that does not exist shows "Not Found!" under its heading; any other failure, the usual error. */
function IssueArticlesError() {
  const { heading } = issueOf(useParams());
  useTitle(heading);
  if (errorCode(useRouteError()) !== "issue_not_found") return <LoadError title={heading} />;
  return (
    <>
      <PageHeader title={heading} back={{ to: "/admin/archives", label: "Back to archives" }} />
      <section className="not-found">
        <h2>Not Found!</h2>
        <p>
          <Link to="/admin/archives">Back to archives</Link>
        </p>
      </section>
    </>
  );
}

export const route = { loader, Component: IssueArticlesPage, ErrorBoundary: IssueArticlesError };
