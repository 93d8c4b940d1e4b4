// Sitemaps 0.9 (https://www.sitemaps.org/protocol.html): an index of child sitemaps, one for the site's fixed
// pages and one per volume with its issue pages, public article pages and their PDFs.
import { XML_DECLARATION, el, xmlAttr } from "../core/xml";
import { localizedPath, type LanguageOffer } from "#contract/i18n/addresses";
import type { Language } from "#contract/i18n/languages";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapUrl {
  loc: string;
  /** W3C datetime (an ISO timestamp or a date). */
  lastmod?: string;
  /** The same page in every language the journal offers, and x-default (xhtml:link, as search engines read them). */
  alternates?: readonly { hreflang: string; href: string }[];
}

const XHTML = "http://www.w3.org/1999/xhtml";

const alternateLinks = (u: SitemapUrl) =>
  (u.alternates ?? []).map((a) => `<xhtml:link rel="alternate" hreflang="${xmlAttr(a.hreflang)}" href="${xmlAttr(a.href)}"/>`).join("");

export function sitemapIndex(children: SitemapUrl[]): string {
  const items = children.map((s) => `<sitemap>${el("loc", s.loc)}${el("lastmod", s.lastmod)}</sitemap>`).join("\n");
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NS}">\n${items}\n</sitemapindex>\n`;
}

export function urlSet(urls: SitemapUrl[]): string {
  const items = urls.map((u) => `<url>${el("loc", u.loc)}${el("lastmod", u.lastmod)}${alternateLinks(u)}</url>`).join("\n");
  const xhtml = urls.some((u) => u.alternates?.length) ? ` xmlns:xhtml="${XHTML}"` : "";
  return `${XML_DECLARATION}\n<urlset xmlns="${NS}"${xhtml}>\n${items}\n</urlset>\n`;
}

/**
 * A page's entries in every language the journal offers (docs/decisions/0351): one <url> per language, each naming
 * all of them and x-default. A journal with one language gets the one plain entry, as before.
 */
export function inLanguages(offer: LanguageOffer, origin: string, path: string, lastmod?: string): SitemapUrl[] {
  if (offer.offered.length < 2) return [{ loc: `${origin}${path}`, lastmod }];
  const at = (l: Language) => `${origin}${localizedPath(offer, l, path)}`;
  const alternates = [...offer.offered.map((l) => ({ hreflang: l, href: at(l) })), { hreflang: "x-default", href: at(offer.primary) }];
  return offer.offered.map((l) => ({ loc: at(l), lastmod, alternates }));
}

/** The later of two ISO timestamps ("" counts as none). */
export const later = (a: string | undefined, b: string | undefined): string | undefined => (!a ? b : !b ? a : a > b ? a : b);
