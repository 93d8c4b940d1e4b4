// `npx vitest bench --run --config vitest.bench.config.ts worker/pages/render-apis`: React's server APIs that send
// a finished page, on the same routed page (the article page and a 500-article issue page, their loader data
// read once beforehand, so only routing and rendering are timed): renderToString, prerender (react-dom/static)
// and renderToReadableStream + allReady. The Worker keeps the cheapest (web/entry.server.tsx, decision 0155).
import { expect, it } from "vitest";
import * as React from "react";
import { renderPage } from "#web/entry.server";
import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";
import type { RenderToMarkup } from "#contract/page-render";

/** React's server APIs that send a finished page: only the benchmark imports the streaming build (decision 0333). */
const SERVER_RENDERS: Record<string, (page: ReactElement) => string | Promise<string>> = {
  renderToString,
  prerender: async (page) => new Response((await prerender(page)).prelude).text(),
  renderToReadableStream: async (page) => {
    const stream = await renderToReadableStream(page);
    await stream.allReady;
    return new Response(stream).text();
  },
};
import type { PageId, PageLoaders, PageHead } from "#contract/pages";
import { request } from "#tests/api/fixtures";
import { benchJournal, medianMs } from "#tests/api/bench-fixtures";

/** Loaders that answer what the Worker's loaders answered for `path` (read through /_data once). */
async function recordedLoaders(host: string, path: string, pageId: PageId): Promise<{ loaders: PageLoaders; head: PageHead }> {
  const answers = new Map<PageId, unknown>();
  for (const id of ["root", pageId] as const) {
    const res = await request(host, `/_data?${new URLSearchParams({ route: id, path })}`);
    if (res.status !== 200) throw new Error(`/_data ${id} ${path}: HTTP ${res.status}`);
    answers.set(id, await res.json());
  }
  const loaders = new Proxy({} as PageLoaders, {
    get: (_t, id: PageId) => async () => ({ status: 200, data: answers.get(id) ?? { head: null } }),
  });
  return { loaders, head: (answers.get(pageId) as { head: PageHead }).head };
}

it("compares React's server APIs for a finished page", { timeout: 600_000 }, async () => {
  const { journal, articlePath, issuePath } = await benchJournal();
  const rows: string[] = [];
  for (const [name, path, pageId, opts] of [
    ["article page", articlePath, "article", {}],
    ["500-article issue page", issuePath, "issue", { batches: 8, perBatch: 3 }],
  ] as const) {
    const { loaders, head } = await recordedLoaders(journal.host, path, pageId);
    const sizes = new Set<number>();
    for (const [api, renderWith] of Object.entries(SERVER_RENDERS)) {
      const render = async () => {
        const page = await renderPage(new Request(`http://${journal.host}${path}`), {
          loaders,
          fallbackHead: head,
          render: renderWith as RenderToMarkup,
        });
        if (page instanceof Response || page.status !== 200) throw new Error(`${api} ${path}: not a page`);
        sizes.add(page.html.length);
      };
      const t = await medianMs(render, opts);
      rows.push(`| ${name} | ${api} | ${t.median.toFixed(1)} ms | ${t.min.toFixed(1)}–${t.max.toFixed(1)} ms |`);
    }
    // Every API sends the same finished markup.
    expect(sizes.size, name).toBe(1);
  }
  // The deployed Worker runs React's production build (vite build); the bench must too (vitest.bench.config.ts).
  const build = "captureOwnerStack" in React ? "development" : "production";
  console.log(`React ${React.version}, ${build} build`);
  console.log(["", "| Page (route + render, inside workerd) | API | median | batch range |", "|---|---|---|---|", ...rows, ""].join("\n"));
});
