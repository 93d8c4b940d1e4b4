// Public routes load eagerly; the admin tree is a separate lazy chunk (web/admin/admin-root.tsx) that
// declares its own descendant <Routes> under /admin and guards them with the session.
import { createBrowserRouter } from "react-router";

export const router = createBrowserRouter([
  { path: "/", element: <p>Journal</p> },
  {
    path: "/admin/*",
    lazy: async () => {
      const { AdminRoot } = await import("./admin/admin-root");
      return { Component: AdminRoot };
    },
  },
]);
