// The public site's routes (SPEC §2), one tree for the Worker's render and the browser's hydration, built from the
// registry of public pages (contract/pages.ts) and their components (page-components.tsx). Each route's id names
// its loader; where the loader runs is supplied by the caller: in the Worker it reads D1
// (worker/pages/page-loaders.ts), in the browser it fetches the same loader's answer from /_data.
import { data, type LoaderFunction, type RouteObject } from "react-router";
import { PUBLIC_PAGE_IDS, PUBLIC_PAGES, type PageId, type PublicPageId } from "#contract/pages";
import { PublicLayout } from "./layout";
import { RootError } from "./root-error";
import { PAGE_COMPONENTS } from "./page-components";

const notFound: LoaderFunction = () => {
  throw data(null, { status: 404, statusText: "Not Found" });
};

export type LoaderFor = (id: PageId) => LoaderFunction;

function pageRoute(id: PublicPageId, loaderFor: LoaderFor): RouteObject {
  const path = PUBLIC_PAGES[id].path;
  const component = PAGE_COMPONENTS[id];
  const shows: Partial<RouteObject> =
    "lazy" in component ? { lazy: async () => ({ Component: await component.lazy() }) } : { Component: component };
  const at: Partial<RouteObject> = path === "/" ? { index: true } : { path: path.slice(1) };
  return { id, loader: loaderFor(id), ...at, ...shows } as RouteObject;
}

export function publicRoutes(loaderFor: LoaderFor): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      loader: loaderFor("root"),
      // The journal's settings change only when staff edit them; pages keep the ones the document came with.
      shouldRevalidate: () => false,
      element: <PublicLayout />,
      errorElement: <RootError />,
      children: [
        ...PUBLIC_PAGE_IDS.map((id) => pageRoute(id, loaderFor)),
        // Unknown paths: a 404 for the root's error screen, below the root so its loader's data is in the page
        // and hydration has nothing left to load (no HydrateFallback needed: issue #27 item 14).
        { id: "not-found", path: "*", loader: notFound, element: null },
      ],
    },
  ];
}
