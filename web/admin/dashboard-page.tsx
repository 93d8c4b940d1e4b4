// /admin: tiles with counts (SPEC §2: Archives and Editors; articles and submissions added).
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PageHeader, useTitle } from "./admin-ui";
import type { AdminEventEntry, DashboardCounts } from "#contract/api";
import { LoadError } from "./admin-root";
import { loadAdminJson } from "./loaders";
import { DashboardFees } from "./payments/dashboard-fees";
import { RecentChanges } from "./journals/recent-changes";
import { UsageSection } from "./statistics/usage-section";
import { WorkflowSection } from "./workflow/workflow-dashboard";
import { SushiKeys } from "./statistics/sushi-keys";
import { useSession } from "../lib/session";
import { mayUse, type AdminArea } from "#contract/roles";
import { apiPath } from "#contract/routes/endpoint";
import { dashboardApi } from "#contract/routes/journals";

const TILES: { key: keyof DashboardCounts; label: string; to: string; hint: string; area: AdminArea }[] = [
  { key: "archives", label: "Archives", to: "/admin/archives", hint: "Issues published", area: "issues" },
  { key: "editors", label: "Editors", to: "/admin/editors", hint: "Board members", area: "editors" },
  { key: "articles", label: "Articles", to: "/admin/archives", hint: "Across all issues", area: "articles" },
  { key: "submissions", label: "Submissions", to: "/admin/submissions", hint: "Sent through Submit Online", area: "submissions" },
];

/** The tiles; a count still loading shows a skeleton. */
function Tiles({ counts }: { counts: DashboardCounts | undefined }) {
  const role = useSession()?.user.role;
  return (
    <ul className="tiles" aria-busy={!counts}>
      {TILES.filter((tile) => mayUse(role, tile.area)).map((tile) => (
        <li key={tile.key}>
          <Link to={tile.to} className={`tile tile--${tile.key}`}>
            <span className="tile__label">{tile.label}</span>
            <span className="tile__count">
              {counts ? (counts[tile.key] ?? 0) : <span className="skeleton" role="img" aria-label="Loading" />}
            </span>
            <span className="tile__hint">{tile.hint}</span>
          </Link>
        </li>
      ))}
      {mayUse(role, "settings") && (
        <li>
          <Link to="/admin/settings" className="tile tile--settings">
            <span className="tile__label">Settings</span>
            <span className="tile__count tile__count--icon" aria-hidden="true">
              ⚙
            </span>
            <span className="tile__hint">Journal name, ISSN, fees, home page</span>
          </Link>
        </li>
      )}
    </ul>
  );
}

/** The counts, and the recent changes (a help, not the page: when they cannot load, they are left out). */
export async function loader({ request }: LoaderFunctionArgs) {
  const [counts, events] = await Promise.all([
    loadAdminJson<DashboardCounts>(apiPath(dashboardApi.counts), request),
    loadAdminJson<AdminEventEntry[]>(apiPath(dashboardApi.events, {}, { limit: 12 }), request).catch(() => null),
  ]);
  return { counts, events };
}

export function DashboardPage() {
  useTitle("Dashboard");
  const { counts, events } = useLoaderData<typeof loader>();
  // Each panel only for the roles its calls allow (contract/roles.ts; the server refuses the others).
  const role = useSession()?.user.role;
  return (
    <>
      <PageHeader title="Dashboard" />
      <Tiles counts={counts} />
      {mayUse(role, "submissions") && <WorkflowSection />}
      <DashboardFees />
      {events && <RecentChanges list={events} />}
      <UsageSection />
      {mayUse(role, "sushiKeys") && <SushiKeys />}
    </>
  );
}

function DashboardError() {
  useTitle("Dashboard");
  return <LoadError title="Dashboard" />;
}

export const route = { loader, Component: DashboardPage, ErrorBoundary: DashboardError };
