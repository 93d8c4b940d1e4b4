// The admin frame, loaded lazily with the admin routes (admin-routes.tsx). /admin/login is open; every other admin page sits
// behind RequireSession, which checks the stored token once per page load and follows the session store: when the
// session is cleared (Logout, a failed token check, any 401) it sends the browser to /admin/login.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Navigate, Outlet, useLocation, useRevalidator, useRouteError } from "react-router";
import "./admin.css";
import { adminJson, ApiError } from "./admin-api";
import { ErrorState, LoadingState, PageHeader } from "./admin-ui";
import { AdminLayout } from "./admin-layout";
import { NotFoundPage } from "./not-found-page";
import { clearSession, saveSession, useSession, type SessionUser } from "../lib/session";
import { ROLE_MESSAGES } from "#contract/roles";
import { apiPath } from "#contract/routes/endpoint";
import { authApi } from "#contract/routes/auth";

/** Tokens already confirmed by /auth/verify-token/ during this page load. */
const verifiedTokens = new Set<string>();

function RequireSession({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const token = session?.token ?? null;
  const [verified, setVerified] = useState(() => (token ? verifiedTokens.has(token) : false));
  // Once the pages show, a new token (a re-login in place, relogin.ts) is checked behind them: unmounting them
  // for the check would throw away the form being saved.
  const shown = useRef(false);
  if (verified) shown.current = true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a token is checked once; the shown name is only compared
  useEffect(() => {
    if (!token) return;
    if (verifiedTokens.has(token)) {
      setVerified(true);
      return;
    }
    setVerified(false);
    const controller = new AbortController();
    adminJson<{ user?: SessionUser }>(apiPath(authApi.verifyToken), { signal: controller.signal })
      .then((body) => {
        verifiedTokens.add(token);
        // Keep the shown name, the role and the password state current (they may have changed since login).
        const u = body.user;
        const known = session?.user;
        if (u && (u.name !== known?.name || u.role !== known?.role || u.mustChangePassword !== known?.mustChangePassword)) {
          saveSession({ token, user: u });
        }
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
  // A one-time password: choosing one's own comes before anything else (the server refuses the rest meanwhile).
  if (session.user.mustChangePassword && pathname !== "/admin/account") return <Navigate to="/admin/account" replace />;
  if (!verified && !shown.current) {
    return (
      <div className="admin-boot">
        <LoadingState label="Checking your session…" />
      </div>
    );
  }
  return <>{children}</>;
}

/** A route whose code failed to load (a deploy since this tab opened, or the network) or threw: logged, and
 * "Something went wrong" with a reload. */
function CodeFailed({ what, className = "" }: { what: string; className?: string }) {
  const error = useRouteError();
  useEffect(() => console.error(`${what} failed`, error), [what, error]);
  return (
    <div className={`${className} state state--error`.trim()} role="alert">
      <p className="state__title">Something went wrong</p>
      <button type="button" className="btn btn--secondary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}

/** An admin page that fails to load its code or throws while rendering: the frame stays, with this. */
export function PageFailed() {
  return (
    <AdminLayout>
      <CodeFailed what="Admin page" />
    </AdminLayout>
  );
}

/** Outside the admin frame: the sign-in page's code failed to load, or the frame itself failed. It stands in for
 * AdminRoot, so it wraps itself in AdminRoot for the admin styles. */
export function AdminAreaFailed() {
  return (
    <AdminRoot>
      <div className="login">
        <CodeFailed what="Admin area" className="login__card" />
      </div>
    </AdminRoot>
  );
}

/** The admin tree's root route: every admin page renders inside it. */
export function AdminRoot({ children }: { children?: ReactNode }) {
  return <div className="admin-app">{children ?? <Outlet />}</div>;
}

/** The frame of the pages behind the session (an unknown admin URL passes its page in as children). */
export function GuardedLayout({ children }: { children?: ReactNode }) {
  return (
    <RequireSession>
      <AdminLayout>{children}</AdminLayout>
    </RequireSession>
  );
}

/** An admin URL no admin route matches: the frame and "Not Found!" (SPEC §2, §8). */
export function UnknownAdminPage() {
  return (
    <AdminRoot>
      <GuardedLayout>
        <NotFoundPage />
      </GuardedLayout>
    </AdminRoot>
  );
}

/** A loader's failure, shown in the page's place: the page's header, then "Something went wrong" + Try again. */
export function LoadError({ title }: { title: string }) {
  const revalidator = useRevalidator();
  const error = useRouteError();
  // The account's role does not reach this page (typed in, or a role changed meanwhile): say so, no retry.
  if (error instanceof ApiError && error.code === "forbidden_role") {
    return (
      <>
        <PageHeader title={title} />
        <div className="state state--error" role="alert">
          <p className="state__title">{ROLE_MESSAGES.forbidden_role}</p>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} />
      <ErrorState onRetry={() => void revalidator.revalidate()} />
    </>
  );
}
