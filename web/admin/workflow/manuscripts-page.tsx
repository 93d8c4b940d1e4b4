// /admin/manuscripts: every manuscript with its stage; filters by stage (with counts), overdue reviews and a search by
// reference, title, author or e-mail (all kept in the URL, so a filtered list can be bookmarked and shared).
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from "react-router";
import { useState } from "react";
import { EmptyState, PageHeader, useTitle } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { withChanges } from "../search-params";
import { DataTable, type Column } from "../data-table";
import { formatDate } from "../format";
import { STAGES, STAGE_LABELS, type ManuscriptSummary } from "#contract/workflow";
import { StageBadge } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { mayUse } from "#contract/roles";
import { useSession } from "../../lib/session";
import { workflowApi } from "#contract/routes/workflow";

interface ListAnswer {
  manuscripts: ManuscriptSummary[];
  counts: Record<string, number>;
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = new URLSearchParams();
  for (const k of ["stage", "overdue", "q"]) {
    const v = url.searchParams.get(k);
    if (v) q.set(k, v);
  }
  return loadAdminJson<ListAnswer>(apiPath(workflowApi.manuscripts, {}, q), request);
}

export function ManuscriptsPage() {
  useTitle("Manuscripts");
  const role = useSession()?.user.role;
  const { manuscripts, counts } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const stage = params.get("stage") ?? "";
  const overdue = params.get("overdue") === "1";
  const [q, setQ] = useState(params.get("q") ?? "");
  const total = Object.values(counts).reduce((a, b) => a + b, 0);

  const go = (next: Record<string, string>) => setParams(withChanges(params, next));
  const tabHref = (s: string) => `?${withChanges(params, { stage: s })}`;

  const columns: Column<ManuscriptSummary>[] = [
    { label: "Received", cellClass: "nowrap", cell: (m) => formatDate(m.createdAt) },
    { label: "Reference", cellClass: "nowrap mono", cell: (m) => <Link to={`/admin/manuscripts/${m.id}`}>{m.reference}</Link> },
    { label: "Title", headClass: "col-wide", cellClass: "col-wide strong", cell: (m) => m.title },
    {
      label: "Author",
      cell: (m) => (
        <div className="stack-cell">
          <span>{m.authorName}</span>
          <span className="muted break-anywhere">{m.authorEmail}</span>
        </div>
      ),
    },
    {
      label: "Stage",
      cell: (m) => (
        <div className="stack-cell">
          <StageBadge stage={m.stage} />
          {m.round > 1 && <span className="muted">Round {m.round}</span>}
          {m.overdue > 0 && <span className="mail-status mail-status--failed">{m.overdue} overdue</span>}
        </div>
      ),
    },
    {
      label: "Action",
      cell: (m) => (
        <Link className="btn btn--secondary btn--small" to={`/admin/manuscripts/${m.id}`}>
          Open<span className="visually-hidden"> {m.reference}</span>
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Manuscripts"
        meta={`${total} in all · ${manuscripts.length} shown`}
        actions={
          <>
            <Link className="btn btn--secondary" to="/admin/reviewers">
              Reviewers
            </Link>
            <Link className="btn btn--secondary" to="/admin/outbox">
              Outbox
            </Link>
            {mayUse(role, "letters") && (
              <Link className="btn btn--secondary" to="/admin/workflow">
                Mail and letters
              </Link>
            )}
            <Link className="btn btn--primary" to="/admin/manuscripts/add">
              Add manuscript
            </Link>
          </>
        }
      />
      <nav aria-label="Stages">
        <ul className="stage-tabs">
          <li>
            <Link to={tabHref("")} aria-current={stage === "" ? "page" : undefined}>
              All <span className="count">{total}</span>
            </Link>
          </li>
          {STAGES.map((s) => (
            <li key={s}>
              <Link to={tabHref(s)} aria-current={stage === s ? "page" : undefined}>
                {STAGE_LABELS[s]} <span className="count">{counts[s] ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: q.trim() });
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="ms-q">
            Search by reference, title, author or e-mail
          </label>
          <input id="ms-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <button className="btn btn--secondary" type="submit">
          Search
        </button>
        <label className="filter-check">
          <input type="checkbox" checked={overdue} onChange={(e) => go({ overdue: e.target.checked ? "1" : "" })} /> Overdue reviews only
        </label>
      </form>
      {manuscripts.length === 0 ? (
        <EmptyState title={total === 0 ? "No manuscripts yet" : "Nothing matches these filters"}>
          <p>
            {total === 0
              ? "Manuscripts sent through the Submit Online page appear here; add one that came by e-mail with Add manuscript."
              : "Change the stage, the search or the overdue filter."}
          </p>
        </EmptyState>
      ) : (
        <DataTable columns={columns} rows={manuscripts} rowKey={(m) => m.id} />
      )}
    </>
  );
}

function ManuscriptsError() {
  useTitle("Manuscripts");
  return <LoadError title="Manuscripts" />;
}

export const route = { loader, Component: ManuscriptsPage, ErrorBoundary: ManuscriptsError };
