// The public site's pages, rendered with React in the Worker (web/entry.server.tsx) from loaders that read D1
// (page-loaders.ts): finished HTML with the right status for every SPEC §2 route. Also here: /_data (one route's
// loader answer, for client-side navigation), the article PDFs next to their abstract pages, the admin area's
// shell (client-rendered), and static files (any path with a file extension) from the asset store.
import { Hono, type Context } from "hono";
import { renderPage, loadPageData } from "#web/entry.server";
import type { AppEnv } from "../core/env";
import { fileKeys } from "../core/files/keys";
import { serveR2Object } from "../core/files/serve";
import { HttpError, notFound } from "../core/errors";
import { isPageId, PAGE_LOCATION_HEADER } from "#contract/pages";
import { headerBranchOf } from "../scholarly/header-branch";
import { documentResponse } from "./document";
import { notFoundHead, pageHead } from "./page-heads";
import { articleAt, pageLoaders } from "./page-loaders";
import { retryAfterOf } from "../verification/verify-loader";

type Ctx = Context<AppEnv>;

const branchOf = (c: Ctx) => headerBranchOf(c);

async function page(c: Ctx): Promise<Response> {
  const journal = c.get("journal");
  const rendered = await renderPage(c.req.raw, { loaders: pageLoaders(c), fallbackHead: notFoundHead(journal) });
  if (rendered instanceof Response) return rendered;
  const res = await documentResponse(c, { ...rendered, headerBranch: branchOf(c) });
  withRetryAfter(c, res);
  return res;
}

/** A throttled /verify (429) says when to come back. */
function withRetryAfter(c: Ctx, res: Response): Response {
  const seconds = retryAfterOf.get(c.req.raw);
  if (seconds !== undefined) res.headers.set("Retry-After", String(seconds));
  return res;
}

/** Passes a static file through; the asset store's SPA fallback (HTML for a missing file) becomes a real 404. */
async function staticFile(c: Ctx): Promise<Response> {
  const res = await c.var.assets.fetch(c.req.raw);
  const isHtml = (res.headers.get("content-type") ?? "").includes("text/html");
  if (res.status === 404 || (isHtml && !/\.html?$/i.test(c.req.path))) {
    return c.text("Not Found", 404);
  }
  return res;
}

export const pageRoutes = new Hono<AppEnv>()
  // One route's loader answer for client-side navigation: /_data?route=article&path=/archives/2024/vol3/issue2/X-1
  .get("/_data", async (c) => {
    const route = c.req.query("route") ?? "";
    const path = c.req.query("path") ?? "";
    if (!isPageId(route) || !path.startsWith("/") || path.startsWith("//") || path.length > 2000) throw new HttpError(400, "invalid_input");
    const url = new URL(path, c.req.url);
    const result = await loadPageData(url, route, c.req.raw, pageLoaders(c));
    if (!result) throw notFound();
    if (result.status === 301) return c.body(null, 204, { [PAGE_LOCATION_HEADER]: result.location });
    return withRetryAfter(c, c.json(result.data as object, result.status));
  })
  // The article's PDF next to its abstract page (Google Scholar wants both in one directory).
  .get("/archives/:year/:vol/:issue/:file{.+\\.[pP][dD][fF]}", async (c) => {
    const ref = c.req.param("file").slice(0, -4);
    const a = await articleAt(c, c.req.param(), ref);
    if (!a?.file) throw notFound();
    return serveR2Object(c, fileKeys.article(a.journalId, a.year, a.volume, a.issue, a.file), { downloadName: `${a.refnumber}.pdf` });
  })
  // The admin area renders in the browser (its chunk loads only there); the Worker sends the empty document.
  .get("/admin/*", (c) =>
    documentResponse(c, {
      status: 200,
      head: pageHead(c.get("journal"), null, {
        title: "Admin",
        description: "Journal administration.",
        canonicalPath: null,
        robots: "noindex, nofollow",
      }),
      headerBranch: branchOf(c),
      html: "",
      hydrationJson: null,
    }),
  )
  .get("*", async (c) => {
    // A file name with an extension is a static file (favicon, /img/..., robots.txt): the asset store answers.
    if (/\.[A-Za-z0-9]{1,8}$/.test(c.req.path.replace(/\/+$/, ""))) return staticFile(c);
    return page(c);
  })
  .all("*", (c) => c.var.assets.fetch(c.req.raw));
