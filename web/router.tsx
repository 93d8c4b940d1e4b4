// The browser's router: the public routes (rendered first in the Worker, web/public/routes.tsx) with loaders that
// fetch their data from the Worker on navigation, and the admin tree as a separate lazy chunk
// (web/admin/admin-root.tsx) that declares its own descendant <Routes> under /admin and guards them with the
// session. Public pages never load the admin chunk.
import { createBrowserRouter } from "react-router";
import { publicRoutes } from "./public/routes";
import { clientLoader } from "./lib/page-data";
import { Loading } from "./components/loading";

/** Shown while the admin chunk loads on a first visit straight to an /admin URL. */
function AdminLoading() {
  return <Loading lines={4} label="Loading the admin area…" />;
}

export function createRouter() {
  return createBrowserRouter([
    ...publicRoutes(clientLoader),
    {
      path: "/admin/*",
      HydrateFallback: AdminLoading,
      lazy: async () => {
        const { AdminRoot } = await import("./admin/admin-root");
        return { Component: AdminRoot };
      },
    },
  ]);
}
