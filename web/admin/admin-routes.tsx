// The admin area's routes, patched into the browser's router (web/router.tsx) on the first visit to an /admin URL.
// Every page is its own lazy chunk exporting its route: a `loader` (web/admin/loaders.ts) whose data the page reads
// with useLoaderData(), and an errorElement (ErrorBoundary) for a failed load.
import "#contract/zod-config"; // first: Zod parses here and must never probe for eval under our CSP (issue 25 item 9)
import type { RouteObject } from "react-router";
import { AdminLoading } from "../components/loading";
import { AdminRoot, GuardedLayout, AdminAreaFailed, PageFailed, UnknownAdminPage } from "./admin-root";
import { forArea } from "./area-guard";

const routes: RouteObject[] = [
  {
    id: "admin",
    path: "/admin",
    Component: AdminRoot,
    HydrateFallback: AdminLoading,
    // The sign-in page's code failing to load lands here (React Router takes a failed lazy() to the parent's boundary).
    ErrorBoundary: AdminAreaFailed,
    children: [
      { path: "login", lazy: () => import("./auth/login-page").then((m) => m.route) },
      {
        id: "admin-layout",
        Component: GuardedLayout,
        // A page whose code fails to load (after a deploy) or that has no errorElement of its own.
        ErrorBoundary: PageFailed,
        children: [
          { index: true, lazy: () => import("./dashboard-page").then((m) => m.route) },
          { path: "archives", lazy: () => import("./archive/issues-page").then((m) => m.route) },
          { path: "archives/add/:year/:volume/:issue", lazy: () => import("./archive/article-form/page").then((m) => m.addRoute) },
          { path: "archives/:year/:volume/:issue", lazy: () => import("./archive/issue-articles-page").then((m) => m.route) },
          { path: "archives/:id", lazy: () => import("./archive/article-form/page").then((m) => m.editRoute) },
          // An article's full text from the author's Word file (issue 51).
          {
            path: "archives/:id/fulltext",
            lazy: forArea("articles", () => import("./archive/fulltext/fulltext-page").then((m) => m.route)),
          },
          { path: "editors", lazy: () => import("./editors/editors-page").then((m) => m.route) },
          { path: "editors/add", lazy: forArea("editors", () => import("./editors/editor-form-page").then((m) => m.addRoute)) },
          { path: "editors/:id", lazy: forArea("editors", () => import("./editors/editor-form-page").then((m) => m.editRoute)) },
          { path: "settings", lazy: forArea("settings", () => import("./journals/settings-page").then((m) => m.route)) },
          { path: "search", lazy: () => import("./archive/search-page").then((m) => m.route) },
          { path: "submissions", lazy: () => import("./workflow/submissions-page").then((m) => m.route) },
          // The editorial workflow (issue 36).
          { path: "manuscripts", lazy: () => import("./workflow/manuscripts-page").then((m) => m.route) },
          { path: "manuscripts/add", lazy: () => import("./workflow/manuscript-add-page").then((m) => m.route) },
          { path: "manuscripts/:id", lazy: () => import("./workflow/manuscript-page").then((m) => m.route) },
          { path: "reviewers", lazy: () => import("./workflow/reviewers-page").then((m) => m.route) },
          { path: "outbox", lazy: () => import("./workflow/outbox-page").then((m) => m.route) },
          { path: "workflow", lazy: forArea("letters", () => import("./workflow/workflow-settings-page").then((m) => m.route)) },
          // Fees paid online (issue 49).
          { path: "payments", lazy: forArea("payments", () => import("./payments/payments-page").then((m) => m.route)) },
          { path: "payments/settings", lazy: forArea("settings", () => import("./payments/payment-settings-page").then((m) => m.route)) },
          { path: "staff", lazy: forArea("staff", () => import("./auth/staff-page").then((m) => m.route)) },
          { path: "indexing", lazy: forArea("indexing", () => import("./journals/indexing-page").then((m) => m.route)) },
          { path: "site", lazy: forArea("siteContent", () => import("./journals/site-pages-page").then((m) => m.route)) },
          { path: "account", lazy: () => import("./auth/account-page").then((m) => m.route) },
          { path: "transfer", lazy: forArea("transfer", () => import("./transfer/transfer-page").then((m) => m.route)) },
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
