// Client-side navigation: a route's loader runs in the Worker, and the browser fetches its answer as JSON from
// /_data (the same loader that rendered the first HTML; worker/pages/pages.routes.ts). 404 answers are page data
// too ('Article not found!'); anything else is an error for the root error screen.
import type { LoaderFunction } from "react-router";
import { PAGE_DATA_PATH, type PageId } from "#contract/pages";

export function clientLoader(id: PageId): LoaderFunction {
  return async ({ request }) => {
    const url = new URL(request.url);
    const query = new URLSearchParams({ route: id, path: `${url.pathname}${url.search}` });
    const res = await fetch(`${PAGE_DATA_PATH}?${query}`, { headers: { Accept: "application/json" }, signal: request.signal });
    if (res.status !== 200 && res.status !== 404) throw new Response(null, { status: res.status, statusText: res.statusText });
    return res.json();
  };
}
