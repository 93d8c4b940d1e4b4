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
import { localizedHead, notFoundHead, pageHead } from "./page-heads";
import { languageRedirect, offerOf } from "./page-language";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_SWITCH_PATH,
  languageBase,
  localizedPath,
  splitLanguagePath,
  type LanguageOffer,
} from "#contract/i18n/addresses";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#contract/i18n/languages";
import { pageMessagesOf, translatorFor } from "#contract/i18n/all-catalogs";
import { PAGE_MESSAGES_PATH } from "#contract/i18n/page-messages";
import { scriptSafeJson } from "#contract/html";
import type { PageHead, PageId, PageLoad, PageLoaderArgs, PageLoaders, PageMoved } from "#contract/pages";
import { articleAt, pageLoaders } from "./page-loaders";
import { retryAfterOf } from "../verification/verify-loader";

type Ctx = Context<AppEnv>;

const branchOf = (c: Ctx) => headerBranchOf(c);

async function page(c: Ctx): Promise<Response> {
  const journal = c.get("journal");
  const moved = languageRedirect(c.req.raw, journal);
  if (moved) return moved;
  const offer = offerOf(journal);
  const { lang } = pageLanguageAt(offer, c.req.path);
  const basename = languageBase(offer, lang);
  const t = translatorFor(lang);
  const loaders = localizedLoaders(pageLoaders(c, t), offer, lang);
  const rendered = await renderPage(c.req.raw, { loaders, fallbackHead: notFoundHead(journal, t.t), language: lang, basename });
  if (rendered instanceof Response) return localizedRedirect(rendered, basename);
  const res = await documentResponse(c, { ...rendered, language: lang, headerBranch: branchOf(c) });
  withRetryAfter(c, res);
  return res;
}

/**
 * The loaders with each page head in the page's language (canonical and hreflang alternates, decision 0351): the
 * first HTML and the router state the browser hydrates from carry the same head, so the head kept in step after
 * hydration (web/public/head-sync.tsx) keeps the alternates the server wrote.
 */
function localizedLoaders(loaders: PageLoaders, offer: LanguageOffer, lang: Language): PageLoaders {
  const out = {} as Record<PageId, PageLoaders[PageId]>;
  for (const id of Object.keys(loaders) as PageId[]) {
    const load = loaders[id] as (args: PageLoaderArgs) => Promise<PageLoad<{ head?: PageHead } | null> | PageMoved>;
    out[id] = (async (args: PageLoaderArgs) => {
      const result = await load(args);
      if (result.status === 301) return result;
      const data = result.data;
      return data?.head ? { ...result, data: { ...data, head: localizedHead(data.head, offer, lang) } } : result;
    }) as PageLoaders[PageId];
  }
  return out as PageLoaders;
}

/** The language a page's address is in (a prefix the journal does not offer leaves the path as it is: a 404). */
function pageLanguageAt(offer: LanguageOffer, path: string): { lang: Language; path: string } {
  const split = splitLanguagePath(offer, path);
  return split.kind === "page" ? split : { lang: offer.primary, path };
}

/** A loader's redirect (a moved article) stays in the page's language. */
function localizedRedirect(res: Response, basename: string): Response {
  const location = res.headers.get("location");
  if (!basename || !location?.startsWith("/") || location.startsWith("//") || location.startsWith(`${basename}/`)) return res;
  const out = new Response(res.body, res);
  out.headers.set("location", `${basename}${location}`);
  return out;
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
    const journal = c.get("journal");
    const offer = offerOf(journal);
    const { lang } = pageLanguageAt(offer, url.pathname);
    const basename = languageBase(offer, lang);
    const result = await loadPageData(url, route, c.req.raw, pageLoaders(c, translatorFor(lang)), basename);
    if (!result) throw notFound();
    if (result.status === 301) return c.body(null, 204, { [PAGE_LOCATION_HEADER]: `${basename}${result.location}` });
    const data = result.data as { head?: PageHead } | null;
    const localized = data?.head ? { ...data, head: localizedHead(data.head, offer, lang) } : data;
    return withRetryAfter(c, c.json(localized as object, result.status));
  })
  // The texts a client-side navigation still lacks (docs/decisions/0352): /_messages?lang=ar&ns=issue,list. The
  // same for every journal and reader: cached at the edge like any public answer.
  .get(PAGE_MESSAGES_PATH, (c) => {
    const lang = c.req.query("lang") ?? "";
    const namespaces = (c.req.query("ns") ?? "").split(",");
    if (!isLanguage(lang) || namespaces.length > 20 || !namespaces.every((ns) => /^[a-z][A-Za-z]{0,30}$/.test(ns))) {
      throw new HttpError(400, "invalid_input");
    }
    return c.json(pageMessagesOf(lang, namespaces).messages, 200, { "Cache-Control": "public, max-age=300" });
  })
  // The language switcher (docs/decisions/0351): remembers the visitor's choice and opens the same page in it.
  .get(LANGUAGE_SWITCH_PATH, (c) => {
    const offer = offerOf(c.get("journal"));
    const to = c.req.query("to") ?? "";
    const lang = offer.offered.find((l) => l === to);
    if (!lang) throw new HttpError(400, "invalid_input");
    const asked = c.req.query("path") ?? "/";
    // Only a path of this site (never "//elsewhere" or a full URL), taken back to its plain form first.
    const from = new URL(asked.startsWith("/") && !asked.startsWith("//") && asked.length <= 2000 ? asked : "/", c.req.url);
    const plain = pageLanguageAt(offer, from.pathname).path;
    c.header("Cache-Control", "private, no-store");
    c.header(
      "Set-Cookie",
      `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${new URL(c.req.url).protocol === "https:" ? "; Secure" : ""}`,
    );
    return c.redirect(`${localizedPath(offer, lang, plain)}${from.search}`, 303);
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
      // The staff admin stays in English (issue 50 item 1).
      language: DEFAULT_LANGUAGE,
      html: "",
      hydrationJson: null,
      messagesJson: scriptSafeJson(pageMessagesOf(DEFAULT_LANGUAGE, ["site"])),
    }),
  )
  .get("*", async (c) => {
    // A file name with an extension is a static file (favicon, /img/..., robots.txt): the asset store answers.
    if (/\.[A-Za-z0-9]{1,8}$/.test(c.req.path.replace(/\/+$/, ""))) return staticFile(c);
    return page(c);
  })
  .all("*", (c) => c.var.assets.fetch(c.req.raw));
