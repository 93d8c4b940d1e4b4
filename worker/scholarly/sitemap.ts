// Sitemaps 0.9 (https://www.sitemaps.org/protocol.html): an index of child sitemaps, one for the site's fixed
// pages and one per volume with its issue pages, public article pages and their PDFs.
import { XML_DECLARATION, el } from "./xml";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface SitemapUrl {
  loc: string;
  /** W3C datetime (an ISO timestamp or a date). */
  lastmod?: string;
}

export function sitemapIndex(children: SitemapUrl[]): string {
  const items = children.map((s) => `<sitemap>${el("loc", s.loc)}${el("lastmod", s.lastmod)}</sitemap>`).join("\n");
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${NS}">\n${items}\n</sitemapindex>\n`;
}

export function urlSet(urls: SitemapUrl[]): string {
  const items = urls.map((u) => `<url>${el("loc", u.loc)}${el("lastmod", u.lastmod)}</url>`).join("\n");
  return `${XML_DECLARATION}\n<urlset xmlns="${NS}">\n${items}\n</urlset>\n`;
}

/** The later of two ISO timestamps ("" counts as none). */
export const later = (a: string | undefined, b: string | undefined): string | undefined => (!a ? b : !b ? a : a > b ? a : b);
