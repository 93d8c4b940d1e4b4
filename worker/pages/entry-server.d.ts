// The Worker's view of web/entry.server.tsx (reached as "#web/entry.server", package.json "imports"). The React
// side is type-checked with the DOM types (tsconfig.json); the Worker's type check sees only this contract
// (tsconfig.worker.json "paths"), and web/entry.server.tsx is checked against it (web/entry.server.contract.ts).
import type { PageHead, PageId, PageLoad, PageLoaders } from "#contract/pages";

export interface RenderedPage {
  status: number;
  head: PageHead;
  html: string;
  hydrationJson: string;
}

export function renderPage(request: Request, opts: { loaders: PageLoaders; fallbackHead: PageHead }): Promise<RenderedPage | Response>;

export function loadPageData(url: URL, routeId: PageId, request: Request, loaders: PageLoaders): Promise<PageLoad<unknown> | null>;
