// The browser entry. Public pages arrive rendered by the Worker, with the router's state (loader data) in a JSON
// data block: React hydrates that markup. The admin area arrives as an empty shell and is rendered here.
import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, RouterProvider, type RouteObject } from "react-router";
import { browserRoutes, createRouter } from "./router";
import { I18nProvider } from "./lib/i18n";
import { documentBasename, documentLanguage, pageTranslator } from "./lib/catalog-loader";
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

/**
 * Loads the lazy route modules of the page being hydrated (Submit Online) before React hydrates: the Worker rendered
 * them, and a router still loading them would render nothing where the server's markup is (a hydration mismatch).
 */
async function loadLazyMatches(routes: RouteObject[], basename: string): Promise<void> {
  const lazy = (matchRoutes(routes, window.location, basename || undefined) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async (m) => {
      const loaded = await (m.route.lazy as () => Promise<object>)();
      Object.assign(m.route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById("root")!;
  const routes = browserRoutes();
  const hydrating = Boolean(window.__staticRouterHydrationData);
  // Before the router exists: a router created with a lazy route in its first match starts uninitialised.
  // The page's messages (in the document, in its language) and the lazy routes load side by side.
  const lang = documentLanguage(document);
  const basename = documentBasename(document, lang);
  const [translator] = await Promise.all([pageTranslator(document), hydrating ? loadLazyMatches(routes, basename) : null]);
  const app = (
    <StrictMode>
      <I18nProvider translator={translator}>
        <RouterProvider router={createRouter(routes, basename)} />
      </I18nProvider>
      <HydrationMark />
    </StrictMode>
  );
  // A mismatch between the Worker's markup and the first client render is a bug: say so on the console (the browser
  // tests fail on console errors) instead of React's silent recovery by client rendering.
  if (hydrating) hydrateRoot(container, app, { onRecoverableError: (error) => console.error("hydration mismatch:", error) });
  else createRoot(container).render(app);
}

void start();
