// The browser entry. Public pages arrive rendered by the Worker, with the router's state (loader data) in a JSON
// data block: React hydrates that markup. The admin area arrives as an empty shell and is rendered here.
import "#contract/zod-config"; // first: Zod must never probe for eval under our CSP
import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createRouter } from "./router";
import "./site.css";

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const state = document.getElementById("router-state");
// createBrowserRouter reads the server's router state from this global (and revives route errors in it).
if (state?.textContent) window.__staticRouterHydrationData = JSON.parse(state.textContent);

/** Marks <html data-hydrated> once the first render or hydration has committed (browser tests wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

const container = document.getElementById("root")!;
const app = (
  <StrictMode>
    <RouterProvider router={createRouter()} />
    <HydrationMark />
  </StrictMode>
);
if (window.__staticRouterHydrationData) hydrateRoot(container, app);
else createRoot(container).render(app);
