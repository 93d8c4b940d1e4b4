// The SPA shell (dist/client/index.html from the asset store) rewritten per request with HTMLRewriter: title,
// description, canonical link, robots, the header branch, page-specific head tags and visible markup in #root.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../middleware/errors";
import { hostNameOf } from "../middleware/journal";
import { headerBranchFor } from "./header-branch";
import { esc, linkRel, metaName } from "./html";
import { journalName } from "./journal-info";

export interface PageHead {
  status: 200 | 404;
  /** The page's own title; the journal name is appended (the home page uses the journal name alone). */
  title: string | null;
  description: string;
  /** Path of the page's canonical URL, or null for none. */
  canonicalPath: string | null;
  /** e.g. "noindex, follow" for search results and the admin area. */
  robots?: string;
  /** Extra markup for <head> (already escaped). */
  head?: string;
  /** Markup shown inside #root until the SPA renders (already escaped / sanitized). */
  body?: string;
}

async function fetchShell(c: Context<AppEnv>): Promise<Response> {
  const res = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url), { headers: { accept: "text/html" } }));
  if (!res.ok || !(res.headers.get("content-type") ?? "").includes("text/html")) {
    console.error("SPA shell unavailable: the asset store has no index.html (run `npm run build`)", res.status);
    throw new HttpError(500, "shell_unavailable");
  }
  return res;
}

/** Wraps page markup in a plain masthead, so the first HTML reads well before (or without) JavaScript. */
function prerenderFrame(journal: string, body: string): string {
  return `<div class="prerender"><header class="prerender__masthead"><a href="/">${esc(journal)}</a></header><main id="main" class="prerender__main">${body}</main></div>`;
}

export async function renderShell(c: Context<AppEnv>, page: PageHead, origin: string | null): Promise<Response> {
  const journal = c.get("journal");
  const name = journalName(journal);
  const branch = headerBranchFor(c.env.ALT_HEADER_DOMAINS, hostNameOf(new URL(c.req.url).host));
  const fullTitle = page.title ? `${page.title} | ${name}` : name;

  const head = [
    metaName("description", page.description),
    page.canonicalPath && origin ? linkRel("canonical", `${origin}${page.canonicalPath}`) : "",
    page.robots ? metaName("robots", page.robots) : "",
    // The SPA's first request; starting it with the HTML saves a round trip (same URL and mode as web/lib/api.ts).
    `<link rel="preload" href="/api/settings/" as="fetch" crossorigin="anonymous">`,
    page.head ?? "",
  ]
    .filter(Boolean)
    .join("\n");

  const shell = await fetchShell(c);
  const rewriter = new HTMLRewriter()
    .on("html", {
      element(el) {
        el.setAttribute("lang", "en");
        el.setAttribute("data-header", branch);
      },
    })
    .on("title", {
      element(el) {
        el.setInnerContent(fullTitle);
      },
    })
    .on('meta[name="description"], link[rel="canonical"], meta[name="robots"]', {
      element(el) {
        el.remove();
      },
    })
    .on("head", {
      element(el) {
        el.append(`\n${head}\n`, { html: true });
      },
    })
    .on("div#root", {
      element(el) {
        if (page.body) el.setInnerContent(prerenderFrame(name, page.body), { html: true });
      },
    });

  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    // Pages change when staff edit the journal; the hashed JS/CSS under /static/ carry the long cache.
    "Cache-Control": "no-cache",
  });
  return rewriter.transform(new Response(shell.body, { status: page.status, headers }));
}
