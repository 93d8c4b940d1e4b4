// Which language a public page answers in (issue 50 item 2, docs/decisions/0351): the address says it (/ar/... is
// Arabic, a plain address the journal's primary language). At a plain address, a visitor who chose another
// language with the switcher (its cookie), or whose first visit's Accept-Language prefers another offered one, is
// sent to that language's address; nothing else moves a visitor between languages. The redirect runs before the
// edge cache (worker/index.ts), so the cached copy of a plain address is the primary language's for everyone.
import type { JournalRow } from "../core/data/schema";
import { cookieValue } from "../core/edge/d1-session";
import { PUBLIC_PAGES } from "#contract/pages";
import {
  LANGUAGE_COOKIE,
  offerOf,
  localizedPath,
  preferredLanguage,
  splitLanguagePath,
  type LanguageOffer,
} from "#contract/i18n/addresses";
import { isLanguage, type Language } from "#contract/i18n/languages";

export { offerOf };

/** React Router paths ("/archives/:year/:vol/:issue", "/verify/:code?") as patterns of the pages' plain paths. */
const PAGE_PATTERNS = Object.values(PUBLIC_PAGES).map(
  ({ path }) =>
    new RegExp(
      `^${path
        .replace(/\/:[A-Za-z]+\?/g, "(?:/[^/]+)?")
        .replace(/:[A-Za-z]+/g, "[^/]+")
        .replace(/\/$/, "")}/?$`,
    ),
);

/** A public page's plain path (the pages the registry lists; files, feeds and the API are in no language). */
export const isPagePath = (path: string): boolean => PAGE_PATTERNS.some((p) => p.test(path));

/** The language a visitor chose with the switcher, when the journal still offers it. */
export function chosenLanguage(req: Request, offer: LanguageOffer): Language | null {
  const value = cookieValue(req, LANGUAGE_COOKIE);
  return value && isLanguage(value) && offer.offered.includes(value) ? value : null;
}

/**
 * The language of a page that has no address per language (the private link pages /review and /track): the
 * switcher's choice, else the browser's preference among the offered ones, else the primary language.
 */
export function visitorLanguage(req: Request, offer: LanguageOffer): Language {
  return chosenLanguage(req, offer) ?? preferredLanguage(offer, req.headers.get("accept-language")) ?? offer.primary;
}

/** Where a GET of a page's plain address goes instead (see the file's comment), or null: answer it here. */
export function languageRedirect(req: Request, journal: Pick<JournalRow, "interface_language" | "interface_languages">): Response | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const offer = offerOf(journal);
  if (offer.offered.length < 2) return null;
  const url = new URL(req.url);
  const split = splitLanguagePath(offer, url.pathname);
  // "/en/archives" where English is the primary language: its address is the plain one.
  if (split.kind === "plain") return moveTo(`${split.path}${url.search}`, 301);
  if (split.lang !== offer.primary || split.path !== url.pathname || !isPagePath(url.pathname)) return null;
  const wanted =
    chosenLanguage(req, offer) ?? (cookieValue(req, LANGUAGE_COOKIE) ? null : preferredLanguage(offer, req.headers.get("accept-language")));
  if (!wanted || wanted === offer.primary) return null;
  return moveTo(`${localizedPath(offer, wanted, url.pathname)}${url.search}`, 302);
}

function moveTo(location: string, status: 301 | 302): Response {
  return new Response(null, {
    status,
    headers: {
      Location: location,
      // Another visitor at the same address may be sent elsewhere (or nowhere): never shared by a cache.
      "Cache-Control": "private, no-store",
      Vary: "Accept-Language, Cookie",
    },
  });
}
