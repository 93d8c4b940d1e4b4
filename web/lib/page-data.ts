// Page data on the client. Navigation: a route's loader runs in the Worker, and the browser fetches its answer as
// JSON from /_data (the same loader that rendered the first HTML; worker/pages/pages.routes.ts). 404 answers are
// page data too ('Article not found!'); a moved page (204 with its address) redirects. When the data cannot be had
// (no connection, a 5xx, an answer that is not JSON) the browser loads the page itself, as without scripts: SPEC §8
// only logs public fetch errors, so the visitor never sees the error screen for them (docs/decisions/0175).
// Reading: the typed hooks below, whose types come from the registry of public pages (contract/pages.ts).
import { type LoaderFunction, redirect, useRouteLoaderData } from "react-router";
import { PAGE_DATA_PATH, PAGE_LOCATION_HEADER, type PageDataById, type PageId } from "#contract/pages";
import { isAbort } from "./api";
import { ensureMessages } from "./catalog-loader";

/** Leaves the app for a full page load of `url`; the navigation stays pending until the browser unloads. */
function loadDocument(url: URL, why: unknown): Promise<never> {
  console.warn(`Page data for ${url.pathname} could not be loaded; loading the page instead.`, why);
  window.location.assign(url.href);
  return new Promise<never>(() => {});
}

export function clientLoader(id: PageId): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const query = new URLSearchParams({ route: id, path: `${url.pathname}${url.search}` });
    let res: Response;
    try {
      // The page's texts, when this page has not shown them yet, come beside its data (docs/decisions/0352).
      [res] = await Promise.all([
        fetch(`${PAGE_DATA_PATH}?${query}`, { headers: { Accept: "application/json" }, signal: request.signal }),
        ensureMessages([id], request.signal),
      ]);
    } catch (err) {
      if (isAbort(err)) throw err;
      return loadDocument(url, err);
    }
    const location = res.headers.get(PAGE_LOCATION_HEADER);
    if (res.status === 204 && location) return redirect(location);
    if (res.status !== 200 && res.status !== 404 && res.status !== 429) return loadDocument(url, `HTTP ${res.status}`);
    try {
      return await res.json();
    } catch (err) {
      if (isAbort(err)) throw err;
      return loadDocument(url, err);
    }
  };
}

/**
 * The data of route `id` (a page's own id, or "root" for the layout's), or undefined where that route has not
 * loaded (the root error screen). The route ids are the registry's, so the type follows from the id.
 */
export function useMaybePageData<K extends PageId>(id: K): PageDataById[K] | undefined {
  // The one place the loader data's type is asserted: the loader registered under `id` answered it.
  return useRouteLoaderData(id) as PageDataById[K] | undefined;
}

/** The data of page `id`, inside that page's component (its route has always loaded there). */
export function usePageData<K extends PageId>(id: K): PageDataById[K] {
  const data = useMaybePageData(id);
  if (data === undefined) throw new Error(`usePageData("${id}") outside the "${id}" route`);
  return data;
}
