// The admin frame (SPEC §2): top bar with Home, a search box going to /admin/search?q=, the user's name, a
// Site link and Logout; section links for the screens staff use most.
import type { ReactNode } from "react";
import { Link, NavLink, Outlet, useNavigate, useNavigation } from "react-router";
import { SearchForm } from "../components/search-form";
import { useSession } from "../lib/session";
import { logout as endSession } from "./admin-api";
import { LoadingState } from "./admin-ui";
import { loadingLabel } from "./paths";
import { ReloginDialog } from "./auth/relogin-dialog";
import { useJournalName } from "./journals/journal-name";
import { mayUse, type AdminArea } from "#contract/roles";

/** The section links, each shown only to the roles its area allows (contract/roles.ts; the server decides). */
const SECTIONS: { to: string; label: string; area: AdminArea }[] = [
  { to: "/admin/archives", label: "Archives", area: "issues" },
  { to: "/admin/editors", label: "Editors", area: "editors" },
  { to: "/admin/manuscripts", label: "Manuscripts", area: "submissions" },
  { to: "/admin/submissions", label: "Submissions", area: "submissions" },
  { to: "/admin/payments", label: "Payments", area: "payments" },
  { to: "/admin/indexing", label: "Indexing", area: "indexing" },
  // "Pages", not "Site pages": the top bar's "Site" link (SPEC §2) keeps a name of its own.
  { to: "/admin/site", label: "Pages", area: "siteContent" },
  { to: "/admin/transfer", label: "Import / export", area: "transfer" },
  { to: "/admin/settings", label: "Settings", area: "settings" },
  { to: "/admin/staff", label: "Staff", area: "staff" },
];

export function AdminLayout({ children }: { children?: ReactNode }) {
  const session = useSession();
  const journal = useJournalName();
  const navigate = useNavigate();
  // While the next admin page's loader runs, its place shows the loading state (as the page's own did before).
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");

  function logout() {
    endSession();
    navigate("/admin/login", { replace: true });
  }

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar__row">
          <Link to="/admin" className="topbar__home">
            <span className="topbar__logo" aria-hidden="true">
              J
            </span>
            <span>Home</span>
          </Link>
          {journal && (
            <span className="topbar__journal" title={journal}>
              {journal}
            </span>
          )}
          <SearchForm searchPath="/admin/search" inputId="admin-search" className="topbar__search" buttonClassName="topbar__search-button">
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
              />
            </svg>
          </SearchForm>
          <div className="topbar__user">
            <Link to="/admin/account" className="topbar__name" title={`Your account (${session?.user.username ?? ""})`}>
              {session?.user.name || session?.user.username}
            </Link>
            <a href="/" className="topbar__link">
              Site
            </a>
            <button type="button" className="btn btn--ghost btn--small" onClick={logout}>
              Logout
            </button>
          </div>
        </div>
        <nav className="sections" aria-label="Admin sections">
          <NavLink to="/admin" end className="sections__link">
            Dashboard
          </NavLink>
          {/* A one-time password's session may only choose a new one: no sections until then. */}
          {SECTIONS.filter((s) => !session?.user.mustChangePassword && mayUse(session?.user.role, s.area)).map((s) => (
            <NavLink key={s.to} to={s.to} className="sections__link">
              {s.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {pending ? <LoadingState label={loadingLabel(navigation.location.pathname)} /> : (children ?? <Outlet />)}
      </main>
      <ReloginDialog />
    </div>
  );
}
