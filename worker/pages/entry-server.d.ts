// The Worker's view of web/entry.server.tsx (reached as "#web/entry.server", package.json "imports"). The React
// side is type-checked with the DOM types (tsconfig.json); the Worker's type check sees only this declaration
// (tsconfig.worker.json "paths"). Both sides share the interface in contract/page-render.ts.
import type { LoadPageData, RenderPage } from "#contract/page-render";

export const renderPage: RenderPage;
export const loadPageData: LoadPageData;
