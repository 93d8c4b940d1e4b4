// The admin area's routes, patched into the browser's router (web/router.tsx) on the first visit to an /admin URL.
// Pages moved onto React Router loaders export `loader` (web/admin/loaders.ts) and read useLoaderData(); a failed
// load shows the page's errorElement. Pages with heavy dependencies (the rich-text editor) load on demand.
import type { ReactElement } from "react";
import type { RouteObject } from "react-router";
import { Loading } from "../components/loading";
import { AdminRoot, GuardedLayout, Page, UnknownAdminPage } from "./admin-root";
import { LoginPage } from "./login-page";

/** Shown while the first admin page's data loads on a visit straight to an /admin URL. */
function AdminLoading() {
  return <Loading lines={4} label="Loading the admin area…" />;
}

/** A page still loading its own data: wrapped in the page error boundary and Suspense. */
function legacy(load: () => Promise<ReactElement>): RouteObject["lazy"] {
  return async () => ({ element: <Page>{await load()}</Page> });
}

const routes: RouteObject[] = [
  {
    id: "admin",
    path: "/admin",
    Component: AdminRoot,
    HydrateFallback: AdminLoading,
    children: [
      { path: "login", Component: LoginPage },
      {
        id: "admin-layout",
        Component: GuardedLayout,
        children: [
          { index: true, lazy: () => import("./dashboard-page").then((m) => m.route) },
          { path: "archives", lazy: () => import("./issues-page").then((m) => m.route) },
          {
            path: "archives/add/:year/:volume/:issue",
            lazy: legacy(() => import("./article-form/page").then((m) => <m.ArticleFormPage mode="add" />)),
          },
          { path: "archives/:year/:volume/:issue", lazy: () => import("./issue-articles-page").then((m) => m.route) },
          {
            path: "archives/:id",
            lazy: legacy(() => import("./article-form/page").then((m) => <m.ArticleFormPage mode="edit" />)),
          },
          { path: "editors", lazy: () => import("./editors-page").then((m) => m.route) },
          { path: "editors/add", lazy: legacy(() => import("./editor-form-page").then((m) => <m.EditorFormPage mode="add" />)) },
          { path: "editors/:id", lazy: legacy(() => import("./editor-form-page").then((m) => <m.EditorFormPage mode="edit" />)) },
          { path: "settings", lazy: legacy(() => import("./settings-page").then((m) => <m.SettingsPage />)) },
          { path: "search", lazy: () => import("./search-page").then((m) => m.route) },
          { path: "submissions", lazy: () => import("./submissions-page").then((m) => m.route) },
        ],
      },
    ],
  },
];

/** The admin route tree (the same objects each time, so patching it again adds nothing). */
export function adminRoutes(): RouteObject[] {
  return routes;
}

/** What the /admin/* stand-in becomes: an admin URL no admin route matches shows "Not Found!" in the frame. */
export const unknownAdminRoute = { Component: UnknownAdminPage };
