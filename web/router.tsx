// The browser's router: the public routes (rendered first in the Worker, web/public/routes.tsx) with loaders that
// fetch their data from the Worker on navigation, and the admin routes (web/admin/admin-routes.tsx), a separate lazy
// chunk patched into the router on the first navigation under /admin, with loaders of their own. Public pages
// never load the admin chunk.
import { createBrowserRouter, type RouteObject } from "react-router";
import { publicRoutes } from "./public/routes";
import { clientLoader } from "./lib/page-data";
import { AdminLoading } from "./components/loading";

export function browserRoutes(): RouteObject[] {
  return [
    ...publicRoutes(clientLoader),
    // Stands for the admin area until its routes are patched in (a splat, so the router asks for them on the
    // first visit to any /admin URL); afterwards it only catches admin URLs no admin route matches.
    {
      path: "/admin/*",
      HydrateFallback: AdminLoading,
      lazy: async () => (await import("./admin/admin-routes")).unknownAdminRoute,
    },
  ];
}

/** `basename`: the address prefix of the page's language ("/ar"; "" for the journal's primary language). */
export function createRouter(routes: RouteObject[] = browserRoutes(), basename = "") {
  return createBrowserRouter(routes, {
    basename: basename || undefined,
    async patchRoutesOnNavigation({ path, patch }) {
      if (/^\/admin(\/|$)/.test(path)) patch(null, await (await import("./admin/admin-routes")).adminRoutes());
    },
  });
}
