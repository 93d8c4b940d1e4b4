// Page data on the client. Navigation: a route's loader runs in the Worker, and the browser fetches its answer as
// JSON from /_data (the same loader that rendered the first HTML; worker/pages/pages.routes.ts). 404 answers are
// page data too ('Article not found!'); anything else is an error for the root error screen. Reading: the typed
// hooks below, whose types come from the registry of public pages (contract/pages.ts).
import { type LoaderFunction, useRouteLoaderData } from "react-router";
import { PAGE_DATA_PATH, type PageDataById, type PageId } from "#contract/pages";

export function clientLoader(id: PageId): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const query = new URLSearchParams({ route: id, path: `${url.pathname}${url.search}` });
    const res = await fetch(`${PAGE_DATA_PATH}?${query}`, { headers: { Accept: "application/json" }, signal: request.signal });
    if (res.status !== 200 && res.status !== 404) throw new Response(null, { status: res.status, statusText: res.statusText });
    return res.json();
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
