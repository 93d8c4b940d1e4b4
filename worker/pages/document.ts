// The HTML document around a page: the built index.html (its hashed script and style links, from the asset
// store) with the page's title, head tags and header branch filled in, the React markup in #root, and the router
// state for hydration as a JSON data block.
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import type { HeaderBranch, PageHead } from "#contract/pages";
import { esc, pageHeadMarkup } from "#contract/html";
import { dirOf, type Language } from "#contract/i18n/languages";

const ROOT = '<div id="root"></div>';

interface ShellParts {
  before: string;
  after: string;
}

let cached: ShellParts | null = null;

/**
 * The site's stylesheet goes into the document itself (one small file, ~6 KB gzip): the page can paint from the
 * first response, without a second round trip before it (CSP allows inline styles, not inline scripts).
 */
async function inlineStylesheets(c: Context<AppEnv>, html: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/static\/[^"]+\.css)"[^>]*>/g)];
  for (const [tag, href] of links) {
    const res = await c.var.assets.fetch(new Request(new URL(href, c.req.url)));
    if (!res.ok) continue; // keep the link: the browser fetches it
    const css = (await res.text()).replace(/<\/style/gi, "<\\/style");
    html = html.replace(tag, () => `<style>${css}</style>`);
  }
  return html;
}

async function loadShell(c: Context<AppEnv>): Promise<ShellParts> {
  const res = await c.var.assets.fetch(new Request(new URL("/", c.req.url), { headers: { accept: "text/html" } }));
  const built = res.ok && (res.headers.get("content-type") ?? "").includes("text/html") ? await res.text() : "";
  const text = built && !(import.meta.env?.DEV && import.meta.env?.MODE !== "test") ? await inlineStylesheets(c, built) : built;
  const at = text.indexOf(ROOT);
  if (at < 0) {
    console.error("page shell unavailable: the asset store has no built index.html (run `npm run build`)", res.status);
    throw new HttpError(500, "shell_unavailable");
  }
  return { before: text.slice(0, at), after: text.slice(at + ROOT.length) };
}

/**
 * The built shell, kept once read (a deploy starts new isolates); re-read on every request in `vite dev`. The
 * value is cached, not the promise: a request must not wait on I/O begun by another request (workerd forbids it).
 */
async function shell(c: Context<AppEnv>): Promise<ShellParts> {
  if (import.meta.env?.DEV && import.meta.env?.MODE !== "test") return loadShell(c);
  cached ??= await loadShell(c);
  return cached;
}

export interface DocumentParts {
  status: number;
  head: PageHead;
  headerBranch: HeaderBranch;
  /** The page's language: `<html lang dir>` (docs/decisions/0351). */
  language: Language;
  /** Markup for #root ("" for the client-rendered admin area). */
  html: string;
  /** The router state (already script-safe JSON), or null when the browser renders from scratch. */
  hydrationJson: string | null;
  /** The page's messages (script-safe JSON, docs/decisions/0352), or null (the admin, in English, has its own). */
  messagesJson?: string | null;
}

export async function documentResponse(c: Context<AppEnv>, page: DocumentParts): Promise<Response> {
  const { before, after } = await shell(c);
  const head = before
    .replace(/<html[^>]*>/, () => `<html lang="${page.language}" dir="${dirOf(page.language)}" data-header="${page.headerBranch}">`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${esc(page.head.title)}</title>`)
    .replace("</head>", () => `${pageHeadMarkup(page.head)}\n</head>`);
  const state =
    (page.hydrationJson === null ? "" : `<script type="application/json" id="router-state">${page.hydrationJson}</script>`) +
    (page.messagesJson ? `<script type="application/json" id="page-messages">${page.messagesJson}</script>` : "");
  return new Response(`${head}<div id="root">${page.html}</div>${state}${after}`, {
    status: page.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Pages change when staff edit the journal; the hashed JS/CSS under /static/ carry the long cache.
      "Cache-Control": "no-cache",
    },
  });
}
