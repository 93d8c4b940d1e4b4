// The public pages rendered in the Worker: React Router's static handler runs the route loaders the Worker
// supplies (they read D1), React renders the matched routes, and the loader data goes along for hydration as a
// JSON data block (not a script: the CSP keeps script-src 'self'). The Worker wraps both in the built document
// (worker/pages/document.ts).
// Reached from the Worker as "#web/entry.server" (package.json "imports"); see docs/decisions/0070.
import { renderToStringAsync } from "preact-render-to-string";
import type { VNode } from "preact";
import {
  createStaticHandler,
  createStaticRouter,
  data,
  isRouteErrorResponse,
  matchRoutes,
  redirect,
  StaticRouterProvider,
  type LoaderFunction,
  type StaticHandlerContext,
} from "react-router";
import type { PageHead, PageId, PageLoad, PageLoaders } from "#contract/pages";
import { scriptSafeJson } from "#contract/html";
import type * as Contract from "../worker/pages/entry-server";
import { publicRoutes } from "./public/routes";

export interface RenderedPage {
  status: number;
  /** The head of the deepest route that declared one; `fallbackHead` for unknown paths and errors. */
  head: PageHead;
  /** The markup for #root. */
  html: string;
  /** The router state for hydration (web/main.tsx), as JSON safe to place inside a <script> element. */
  hydrationJson: string;
}

/** Errors as React Router's browser router reads them back (the same shape StaticRouterProvider writes). */
function serializeErrors(errors: StaticHandlerContext["errors"]): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, err] of Object.entries(errors)) {
    if (isRouteErrorResponse(err)) out[id] = { ...err, __type: "RouteErrorResponse" };
    else if (err instanceof Error) out[id] = { message: err.message, __type: "Error" };
    else out[id] = err;
  }
  return out;
}

function serverRoutes(loaders: PageLoaders) {
  return publicRoutes((id) => {
    const load = loaders[id] as (args: Parameters<LoaderFunction>[0]) => Promise<PageLoad<unknown>>;
    const loader: LoaderFunction = async (args) => {
      const r = await load(args);
      if (r.status === 301) throw redirect(r.location, 301);
      return r.status === 200 ? r.data : data(r.data, { status: r.status });
    };
    return loader;
  });
}

function headOf(value: unknown): PageHead | null {
  const head = (value as { head?: PageHead } | null)?.head;
  return head && typeof head.title === "string" ? head : null;
}

export async function renderPage(
  request: Request,
  opts: { loaders: PageLoaders; fallbackHead: PageHead },
): Promise<RenderedPage | Response> {
  const routes = serverRoutes(opts.loaders);
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) return context;

  let head: PageHead | null = null;
  if (!context.errors) {
    for (const m of context.matches) head = headOf(context.loaderData[m.route.id]) ?? head;
  }
  if (context.errors) {
    for (const err of Object.values(context.errors)) {
      if (!(err && typeof err === "object" && "status" in err)) console.error("page render failed:", err);
    }
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // Rendered by Preact (the React API through preact/compat, docs/decisions/0071), whole: lazy parts (the Submit
  // Online form) are awaited, so the status is known before the first byte and the page is complete.
  const page = <StaticRouterProvider router={router} context={context} hydrate={false} />;
  const html = await renderToStringAsync(page as unknown as VNode);
  const hydrationJson = scriptSafeJson({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  });
  return { status: context.statusCode, head: head ?? opts.fallbackHead, html, hydrationJson };
}

/** One route's loader answer for client-side navigation to `url`; null when `routeId` is not part of that page. */
export async function loadPageData(url: URL, routeId: PageId, request: Request, loaders: PageLoaders): Promise<PageLoad<unknown> | null> {
  const matches =
    matchRoutes(
      publicRoutes(() => async () => null),
      url.pathname,
    ) ?? [];
  const match = matches.find((m) => m.route.id === routeId);
  if (!match) return null;
  const load = loaders[routeId] as (args: { request: Request; params: Record<string, string | undefined> }) => Promise<PageLoad<unknown>>;
  return load({ request: new Request(url, { headers: request.headers }), params: match.params });
}

// The Worker type-checks against worker/pages/entry-server.d.ts; this keeps that contract true.
({ renderPage, loadPageData }) satisfies typeof Contract;
