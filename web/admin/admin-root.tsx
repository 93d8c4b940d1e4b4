// The admin tree, loaded lazily at /admin/*. /admin/login is open; every other admin page sits behind
// RequireSession, which checks the stored token once per page load and follows the session store: when the
// session is cleared (Logout, a failed token check, any 401) it sends the browser to /admin/login.
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import "./admin.css";
import { adminJson, ApiError } from "./admin-api";
import { LoadingState } from "./admin-ui";
import { AdminLayout } from "./admin-layout";
import { LoginPage } from "./login-page";
import { DashboardPage } from "./dashboard-page";
import { NotFoundPage } from "./not-found-page";
import { clearSession, saveSession, useSession, type SessionUser } from "../lib/session";

// Pages with heavy dependencies (the rich-text editor) or used less often load on demand.
const IssuesPage = lazy(() => import("./issues-page").then((m) => ({ default: m.IssuesPage })));
const IssueArticlesPage = lazy(() => import("./issue-articles-page").then((m) => ({ default: m.IssueArticlesPage })));
const ArticleFormPage = lazy(() => import("./article-form/page").then((m) => ({ default: m.ArticleFormPage })));
const EditorsPage = lazy(() => import("./editors-page").then((m) => ({ default: m.EditorsPage })));
const EditorFormPage = lazy(() => import("./editor-form-page").then((m) => ({ default: m.EditorFormPage })));
const SettingsPage = lazy(() => import("./settings-page").then((m) => ({ default: m.SettingsPage })));
const SearchPage = lazy(() => import("./search-page").then((m) => ({ default: m.SearchPage })));
const SubmissionsPage = lazy(() => import("./submissions-page").then((m) => ({ default: m.SubmissionsPage })));

/** Tokens already confirmed by /auth/verify-token/ during this page load. */
const verifiedTokens = new Set<string>();

function RequireSession({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const token = session?.token ?? null;
  const [verified, setVerified] = useState(() => (token ? verifiedTokens.has(token) : false));

  useEffect(() => {
    if (!token) return;
    if (verifiedTokens.has(token)) {
      setVerified(true);
      return;
    }
    setVerified(false);
    const controller = new AbortController();
    adminJson<{ user?: SessionUser }>("/auth/verify-token/", { signal: controller.signal })
      .then((body) => {
        verifiedTokens.add(token);
        // Keep the shown name current (it may have changed since login).
        if (body.user && body.user.name !== session?.user.name) saveSession({ token, user: body.user });
        setVerified(true);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError) {
          clearSession(); // the server refused the token: back to the login page
        } else {
          // Server unreachable: keep the session, the pages show their own errors.
          console.error("Token check failed", error);
          setVerified(true);
        }
      });
    return () => controller.abort();
  }, [token]);

  if (!session) return <Navigate to="/admin/login" replace />;
  if (!verified) {
    return (
      <div className="admin-boot">
        <LoadingState label="Checking your session…" />
      </div>
    );
  }
  return <>{children}</>;
}

/** A page that throws while rendering (or a chunk that fails to load after a deploy) shows this, not a blank screen. */
class AdminErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error("Admin page failed", error);
  }
  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="state state--error" role="alert">
        <p className="state__title">Something went wrong</p>
        <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    );
  }
}

function Page({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  return (
    <AdminErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingState />}>{children}</Suspense>
    </AdminErrorBoundary>
  );
}

export function AdminRoot() {
  return (
    <div className="admin-app">
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route
          element={
            <RequireSession>
              <AdminLayout />
            </RequireSession>
          }
        >
          <Route index element={<Page><DashboardPage /></Page>} />
          <Route path="archives" element={<Page><IssuesPage /></Page>} />
          <Route path="archives/add/:year/:volume/:issue" element={<Page><ArticleFormPage mode="add" /></Page>} />
          <Route path="archives/:year/:volume/:issue" element={<Page><IssueArticlesPage /></Page>} />
          <Route path="archives/:id" element={<Page><ArticleFormPage mode="edit" /></Page>} />
          <Route path="editors" element={<Page><EditorsPage /></Page>} />
          <Route path="editors/add" element={<Page><EditorFormPage mode="add" /></Page>} />
          <Route path="editors/:id" element={<Page><EditorFormPage mode="edit" /></Page>} />
          <Route path="settings" element={<Page><SettingsPage /></Page>} />
          <Route path="search" element={<Page><SearchPage /></Page>} />
          <Route path="submissions" element={<Page><SubmissionsPage /></Page>} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </div>
  );
}
