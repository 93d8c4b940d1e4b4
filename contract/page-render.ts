// The page renderer's interface (web/entry.server.tsx, reached from the Worker as "#web/entry.server"): the Worker
// type-checks against this (worker/pages/entry-server.d.ts) and the React side implements it, so neither imports
// the other's insides.
import type { Language } from "./i18n/languages";
import type { PageHead, PageId, PageLoad, PageLoaders } from "./pages";

export interface RenderedPage {
  status: number;
  /** The head of the deepest route that declared one; `fallbackHead` for unknown paths and errors. */
  head: PageHead;
  /** The markup for #root. */
  html: string;
  /** The router state for hydration (web/main.tsx), as JSON safe to place inside a <script> element. */
  hydrationJson: string;
  /** The page's messages (PageMessages: its routes' namespaces, its language), JSON safe inside a <script>. */
  messagesJson: string;
}

/**
 * Renders the page's React element to its finished markup. The Worker ships one: renderToString, the cheapest
 * (docs/decisions/0155, 0333); worker/pages/render-apis.bench.ts passes React's other server APIs here to compare.
 * The element is typed loosely: the contract does not depend on React.
 */
export type RenderToMarkup = (page: never) => string | Promise<string>;

export interface RenderOptions {
  loaders: PageLoaders;
  fallbackHead: PageHead;
  /** How the element becomes markup; renderToString when absent (the only one the Worker bundles). */
  render?: RenderToMarkup;
  /** The page's language (its messages, dates and numbers); English until journals choose theirs (issue 50 item 2). */
  language?: Language;
  /** The address prefix of the page's language ("/ar"; "" for the journal's primary language). */
  basename?: string;
}

export type RenderPage = (request: Request, opts: RenderOptions) => Promise<RenderedPage | Response>;

/** One route's loader answer for client-side navigation to `url`; null when `routeId` is not part of that page. */
export type LoadPageData = (
  url: URL,
  routeId: PageId,
  request: Request,
  loaders: PageLoaders,
  basename?: string,
) => Promise<PageLoad<unknown> | null>;
