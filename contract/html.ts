// Small builders for the markup the Worker writes into the shell. Every value passes through escapeHtml;
// rich text (already sanitized HTML) only through sanitizeRichText.
import { escapeHtml } from "./rich-text";

export const esc = escapeHtml;

export const metaName = (name: string, content: string) => `<meta name="${esc(name)}" content="${esc(content)}">`;
/** A meta tag in a language (after its content, so readers that expect name then content still read it): `lang` for HTML, `xml:lang` as Dublin Core in HTML and OJS write it (the same value). */
export const metaNameIn = (name: string, content: string, lang: string) =>
  `<meta name="${esc(name)}" content="${esc(content)}" lang="${esc(lang)}" xml:lang="${esc(lang)}">`;
export const metaProperty = (property: string, content: string) => `<meta property="${esc(property)}" content="${esc(content)}">`;
export const linkRel = (rel: string, href: string) => `<link rel="${esc(rel)}" href="${esc(href)}">`;

/** JSON to place inside a <script> element: "<", ">" and "&" are escaped as \u003c etc., so no value can close it. */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A JSON-LD data block. */
export function jsonLd(data: unknown): string {
  return `<script type="application/ld+json">${scriptSafeJson(data)}</script>`;
}

/** Cuts plain text to at most `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const at = cut.lastIndexOf(" ");
  return `${(at > max * 0.6 ? cut.slice(0, at) : cut).replace(/[\s,;:.-]+$/, "")}\u2026`;
}

/** Comments around the page's own head elements, so the browser can swap them on navigation (web/public/head-sync.tsx). */
export const PAGE_HEAD_START = "page-head";
export const PAGE_HEAD_END = "/page-head";

/** A page's head (without <title>) as markup: description, canonical, robots and the page's own tags. */
export function pageHeadMarkup(head: {
  description: string;
  canonical: string | null;
  robots: string | null;
  tags: string;
  alternates?: readonly { hreflang: string; href: string }[];
}): string {
  const tags = [metaName("description", head.description)];
  if (head.canonical) tags.push(linkRel("canonical", head.canonical));
  for (const a of head.alternates ?? []) tags.push(`<link rel="alternate" hreflang="${esc(a.hreflang)}" href="${esc(a.href)}">`);
  if (head.robots) tags.push(metaName("robots", head.robots));
  if (head.tags) tags.push(head.tags);
  return `<!--${PAGE_HEAD_START}-->\n${tags.join("\n")}\n<!--${PAGE_HEAD_END}-->`;
}
