// Small builders for the markup the Worker writes into the shell. Every value passes through escapeHtml;
// rich text (already sanitized HTML) only through sanitizeRichText.
import { escapeHtml } from "../schemas/rich-text";

export const esc = escapeHtml;

export const metaName = (name: string, content: string) => `<meta name="${esc(name)}" content="${esc(content)}">`;
export const metaProperty = (property: string, content: string) => `<meta property="${esc(property)}" content="${esc(content)}">`;
export const linkRel = (rel: string, href: string) => `<link rel="${esc(rel)}" href="${esc(href)}">`;

/** A JSON-LD data block. "<", ">" and "&" are escaped as \u003c etc., so no value can close the script element. */
export function jsonLd(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/ld+json">${json}</script>`;
}

/** Cuts plain text to at most `max` characters at a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const at = cut.lastIndexOf(" ");
  return `${(at > max * 0.6 ? cut.slice(0, at) : cut).replace(/[\s,;:.-]+$/, "")}\u2026`;
}
