// An article's full text as stored (issue 51, docs/decisions/0360): sanitized HTML with the structure of a paper —
// sections with headings, paragraphs, lists, tables with captions, figures with captions, display equations
// (MathML), footnotes, links to references and footnotes — and nothing else: every tag and attribute outside the
// allowlist is dropped, every address checked. What the converter writes and what staff save from the editor both
// pass here, so the page and the JATS read one well-formed shape (voids self-closed: XML parsers read it too).
// Runtime-neutral (no DOM): the Worker and the admin share it.
import { decodeEntities, safeHref } from "./rich-text";

const MATHML = [
  "math",
  "mi",
  "mn",
  "mo",
  "mrow",
  "mfrac",
  "msup",
  "msub",
  "msubsup",
  "msqrt",
  "mroot",
  "mtext",
  "mover",
  "munder",
  "munderover",
  "mtable",
  "mtr",
  "mtd",
  "mspace",
];
const BLOCK = ["section", "h2", "h3", "h4", "p", "ul", "ol", "li", "blockquote", "figure", "figcaption", "div", "aside"];
const TABLE = ["table", "caption", "thead", "tbody", "tr", "th", "td"];
const INLINE = ["b", "strong", "i", "em", "u", "sup", "sub", "br", "a", "img", "span"];
const TAGS = new Set([...BLOCK, ...TABLE, ...INLINE, ...MATHML]);
const VOID = new Set(["br", "img", "mspace"]);
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "textarea",
  "select",
  "head",
  "title",
]);

/** Attributes each element may keep; values checked below. */
const ATTRS: Record<string, readonly string[]> = {
  "*": ["id"],
  a: ["href", "class", "role"],
  img: ["src", "alt", "width", "height"],
  th: ["colspan", "rowspan", "scope"],
  td: ["colspan", "rowspan"],
  div: ["class"],
  aside: ["class"],
  figure: ["class"],
  sup: ["class"],
  span: ["class"],
  math: ["display", "xmlns"],
  mover: ["accent"],
  mo: ["stretchy", "fence"],
  ol: ["start"],
};

const ID = /^[A-Za-z][\w-]{0,63}$/;
const CLASS = /^[a-z][a-z0-9 -]{0,63}$/;

/** Where a full text's picture may come from: this site's own files (the converter stores them in R2). */
export const FULLTEXT_IMAGE_PATH = /^\/assets\/fulltext\/[\w./-]+\.(png|jpe?g|gif|webp)$/;

function attrValue(tag: string, name: string, raw: string): string | null {
  const v = decodeEntities(raw).trim();
  switch (name) {
    case "id":
      return ID.test(v) ? v : null;
    case "class":
      return CLASS.test(v) ? v : null;
    case "href":
      if (/^#[A-Za-z][\w-]{0,63}$/.test(v)) return v;
      return safeHref(v);
    case "src":
      return FULLTEXT_IMAGE_PATH.test(v) && !v.includes("..") ? v : null;
    case "alt":
      return v.slice(0, 1000);
    case "width":
    case "height":
    case "colspan":
    case "rowspan":
    case "start":
      return /^\d{1,4}$/.test(v) ? v : null;
    case "scope":
      return v === "col" || v === "row" ? v : null;
    case "role":
      return ["doc-noteref", "doc-backlink", "doc-biblioref"].includes(v) ? v : null;
    case "display":
      return v === "block" || v === "inline" ? v : null;
    case "xmlns":
      return tag === "math" && v === "http://www.w3.org/1998/Math/MathML" ? v : null;
    case "accent":
    case "stretchy":
    case "fence":
      return v === "true" || v === "false" ? v : null;
    default:
      return null;
  }
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, "&quot;");

const TAG =
  /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9:-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)(>|$)|<[!?][^>]*>?|<\/[^a-zA-Z>][^>]*>?|<\/>/g;
const ATTR = /([a-zA-Z_:][\w:.-]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** The full text's HTML with only what the allowlist keeps, balanced, escaped and well-formed. */
export function sanitizeFulltextHtml(input: string | null | undefined): string {
  const source = String(input ?? "").replace(/\u0000/g, "");
  let out = "";
  const open: string[] = [];
  const ids = new Set<string>();
  let dropping: string | null = null;
  let last = 0;
  for (const m of source.matchAll(TAG)) {
    const between = source.slice(last, m.index);
    last = m.index + m[0].length;
    if (!dropping) out += escapeText(decodeEntities(between));
    const raw = m[0];
    const name = m[1]?.toLowerCase().replace(/^m:/, "");
    if (!name) continue;
    const closing = raw.startsWith("</");
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !raw.endsWith("/>")) dropping = name;
      continue;
    }
    if (!TAGS.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (open.length >= 40) continue;
    const allowed = new Set([...(ATTRS["*"] ?? []), ...(ATTRS[name] ?? [])]);
    let attrs = "";
    for (const a of (m[2] ?? "").matchAll(ATTR)) {
      const attr = a[1].toLowerCase();
      if (!allowed.has(attr)) continue;
      const value = attrValue(name, attr, a[2] ?? a[3] ?? a[4] ?? "");
      if (value === null) continue;
      if (attr === "id") {
        if (ids.has(value)) continue;
        ids.add(value);
      }
      attrs += ` ${attr}="${escapeAttr(value)}"`;
    }
    if (name === "img" && !/ src="/.test(attrs)) continue;
    if (VOID.has(name)) {
      out += `<${name}${attrs} />`;
      continue;
    }
    const selfClosed = /\/\s*$/.test(m[2] ?? "");
    if (selfClosed) {
      out += `<${name}${attrs}></${name}>`;
      continue;
    }
    open.push(name);
    out += `<${name}${attrs}>`;
  }
  if (!dropping) out += escapeText(decodeEntities(source.slice(last)));
  while (open.length) out += `</${open.pop()}>`;
  return out.trim();
}

/** Headings of the full text for its table of contents: level (2-3), id and text. */
export function fulltextHeadings(html: string): { level: number; id: string; text: string }[] {
  const out: { level: number; id: string; text: string }[] = [];
  for (const m of html.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)) {
    out.push({ level: Number(m[1]), id: m[2], text: decodeEntities(m[3].replace(/<[^>]*>/g, "")).trim() });
  }
  return out;
}
