// /admin/reviewers: the journal's reviewers (no accounts), with their invitations, answers and turnaround.
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { EmptyState, PageHeader, useTitle } from "../admin-ui";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable, type Column } from "../data-table";
import { ASSIGNMENT_RULES, type ReviewerEntry } from "#contract/workflow";
import { daysText } from "./workflow-ui";
import { apiPath } from "#contract/routes/endpoint";
import { workflowApi } from "#contract/routes/workflow";

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<{ reviewers: ReviewerEntry[] }>(apiPath(workflowApi.reviewers), request);
}

export function ReviewersPage() {
  useTitle("Reviewers");
  const { reviewers } = useLoaderData<typeof loader>();
  const columns: Column<ReviewerEntry>[] = [
    {
      label: "Reviewer",
      cell: (r) => (
        <div className="stack-cell">
          <strong>{r.name}</strong>
          <a className="break-anywhere" href={`mailto:${r.email}`}>
            {r.email}
          </a>
        </div>
      ),
    },
    { label: "Affiliation", cell: (r) => r.affiliation },
    { label: "Expertise", cell: (r) => r.keywords },
    { label: "Invited", cellClass: "nowrap", cell: (r) => r.invitations },
    { label: "Agreed / declined", cellClass: "nowrap", cell: (r) => `${r.accepted} / ${r.declined}` },
    { label: "Reviews", cellClass: "nowrap", cell: (r) => r.submitted },
    { label: "Median turnaround", cellClass: "nowrap", cell: (r) => daysText(r.medianTurnaroundDays) },
    {
      label: "Invitations",
      cell: (r) => (
        <ul className="stack-cell">
          {r.history.slice(0, 5).map((h) => (
            <li key={`${h.manuscriptId}-${h.round}`}>
              <Link to={`/admin/manuscripts/${h.manuscriptId}`}>{h.reference}</Link> r{h.round}: {ASSIGNMENT_RULES[h.status].label}
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Reviewers"
        back={{ to: "/admin/manuscripts", label: "Back to manuscripts" }}
        meta={`${reviewers.length} reviewers`}
      />
      {reviewers.length === 0 ? (
        <EmptyState title="No reviewers yet">
          <p>Reviewers are added when you invite them from a manuscript.</p>
        </EmptyState>
      ) : (
        <DataTable columns={columns} rows={reviewers} rowKey={(r) => r.id} />
      )}
    </>
  );
}

function ReviewersError() {
  useTitle("Reviewers");
  return <LoadError title="Reviewers" />;
}

export const route = { loader, Component: ReviewersPage, ErrorBoundary: ReviewersError };
