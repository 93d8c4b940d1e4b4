// The public pages rendered in the Worker: React Router's static handler runs the route loaders the Worker
// supplies (they read D1), React renders the matched routes, and the loader data goes along for hydration as a
// JSON data block (not a script: the CSP keeps script-src 'self'). The Worker wraps both in the built document
// (worker/pages/document.ts).
// Reached from the Worker as "#web/entry.server" (package.json "imports"); see docs/decisions/0070.
import type { ReactElement } from "react";
import { renderToString } from "./react-render-to-string.cjs";
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
import type { PageHead, PageLoad, PageLoaders } from "#contract/pages";
import type { LoadPageData, RenderPage } from "#contract/page-render";
import { scriptSafeJson } from "#contract/html";
import { publicRoutes } from "./public/routes";
import { I18nProvider } from "./lib/i18n";
import { DEFAULT_LANGUAGE } from "#contract/i18n/languages";
import { pageMessagesOf, translatorFor } from "#contract/i18n/all-catalogs";
import { namespacesOf } from "#contract/i18n/page-messages";

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

export const renderPage: RenderPage = async (request, opts) => {
  const routes = serverRoutes(opts.loaders);
  const handler = createStaticHandler(routes, { basename: opts.basename || undefined });
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
  // renderToString: the page goes out finished (the status before the first byte), nothing suspends (the loaders
  // ran in handler.query, which also loaded the lazy route modules). The benchmark passes React's other APIs.
  const render = (opts.render as ((page: ReactElement) => string | Promise<string>) | undefined) ?? renderToString;
  const language = opts.language ?? DEFAULT_LANGUAGE;
  const html = await render(
    <I18nProvider translator={translatorFor(language)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nProvider>,
  );
  const hydrationJson = scriptSafeJson({
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  });
  // The texts of the page's routes (and of the layout), in its language only, go along for hydration.
  const messages = pageMessagesOf(language, namespacesOf(["root", ...context.matches.map((m) => m.route.id)]));
  return { status: context.statusCode, head: head ?? opts.fallbackHead, html, hydrationJson, messagesJson: scriptSafeJson(messages) };
};

export const loadPageData: LoadPageData = async (url, routeId, request, loaders, basename) => {
  const matches =
    matchRoutes(
      publicRoutes(() => async () => null),
      url.pathname,
      basename || undefined,
    ) ?? [];
  const match = matches.find((m) => m.route.id === routeId);
  if (!match) return null;
  const load = loaders[routeId] as (args: { request: Request; params: Record<string, string | undefined> }) => Promise<PageLoad<unknown>>;
  return load({ request: new Request(url, { headers: request.headers }), params: match.params });
};
