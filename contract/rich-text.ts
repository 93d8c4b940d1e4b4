// Rich text (titles, abstracts, posts, home content, address) is stored as sanitized HTML.
// Allowlist: b, i, em, strong, u, sup, sub, br, p — with no attributes at all (docs/decisions/0002). Site pages
// (instructions, policies, contact) add headings, lists and links with a checked href (sanitizePageHtml, 0202).
// Runtime-neutral (no DOM), so the Worker, the seed script and the SPA share one implementation.
import { NAMED_ENTITIES } from "./html-entities";

const ALLOWED = new Set(["b", "i", "em", "strong", "u", "sup", "sub", "br", "p"]);
const VOID = new Set(["br"]);
/** Elements whose content is never text a reader should see. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "textarea",
  "select",
  "head",
  "title",
]);
/** Block-level tags whose boundaries become line breaks when they are dropped. */
const BLOCKISH = new Set(["div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "section", "article"]);

/** Decodes HTML character references: the named ones of HTML 4 (&szlig;, &eacute;, &hellip;...), decimal and hex. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,9});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES.get(ref) ?? NAMED_ENTITIES.get(ref.toLowerCase()) ?? whole;
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Plain text typed in a textarea (a submission's abstract) as rich text: escaped, each line break a <br>. */
export const plainTextToRichText = (text: string): string => escapeHtml(text.trim()).replace(/\r\n?|\n/g, "<br>");

/**
 * Markup as an HTML parser tokenizes it: a comment, a start or end tag, or a bogus comment (`<!x>`, `<?x>`, `</ x>`).
 * A "<" followed by anything else ("pH < 5", "a <= b") is text, as in HTML, so it never swallows what follows.
 * Character references are never decoded into markup: "&lt;b&gt;" typed as text stays text (docs/decisions/0145).
 */
const TAG = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*(>|$)|<[!?][^>]*>?|<\/[^a-zA-Z>][^>]*>?|<\/>/g;

/** What one sanitizer keeps: its tags, and whether <a href> survives (with a checked address, no other attribute). */
interface Allowlist {
  tags: ReadonlySet<string>;
  links: boolean;
}

/** Sanitizes untrusted HTML to the allowlist; text outside tags is re-escaped, tags are balanced. */
export function sanitizeRichText(input: string | null | undefined): string {
  return sanitizeWith(input, { tags: ALLOWED, links: false });
}

/**
 * Site pages (instructions to authors, policies, contact: issue 37 item 4, docs/decisions/0202): the rich-text
 * allowlist plus second- and third-level headings, lists and links. A link keeps only its address, and only an
 * http(s) or mailto address or a path of this site ("/article"); anything else loses the link and keeps its text.
 */
const PAGE_ALLOWED = new Set([...ALLOWED, "h2", "h3", "ul", "ol", "li", "a"]);
export function sanitizePageHtml(input: string | null | undefined): string {
  return sanitizeWith(input, { tags: PAGE_ALLOWED, links: true });
}

/** A link's address as a page may keep it, or null. */
export function safeHref(raw: string): string | null {
  const href = decodeEntities(raw).trim();
  if (/^\/(?!\/)[^\s]*$/.test(href)) return href;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return href;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

function sanitizeWith(input: string | null | undefined, allow: Allowlist): string {
  const source = String(input ?? "").replace(/\u0000/g, "");
  let out = "";
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  for (const m of source.matchAll(TAG)) {
    const text = source.slice(last, m.index);
    last = m.index + m[0].length;
    if (!dropping) out += escapeHtml(decodeEntities(text));
    const raw = m[0];
    const name = m[1]?.toLowerCase();
    if (!name) continue; // comments, doctype, stray "<"
    const closing = raw.startsWith("</");
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !raw.endsWith("/>")) dropping = name;
      continue;
    }
    if (!allow.tags.has(name)) {
      if (BLOCKISH.has(name) && closing && !out.endsWith("<br>")) out += "<br>";
      continue;
    }
    if (VOID.has(name)) {
      if (!closing) out += "<br>";
      continue;
    }
    if (!closing) {
      if (open.length >= 20) continue;
      if (name === "a") {
        const found = allow.links ? HREF.exec(raw) : null;
        const href = found ? safeHref(found[1] ?? found[2] ?? found[3] ?? "") : null;
        // A link without a safe address is no link: its text stays (its end tag finds nothing open and is dropped).
        if (!href || open.includes("a")) continue;
        open.push(name);
        out += `<a href="${escapeHtml(href)}">`;
        continue;
      }
      open.push(name);
      out += `<${name}>`;
    } else {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
    }
  }
  if (!dropping) out += escapeHtml(decodeEntities(source.slice(last)));
  while (open.length) out += `</${open.pop()}>`;
  return out.replace(/^(\s|<br>)+|(\s|<br>)+$/g, "").replace(/<(b|i|em|strong|u|sup|sub)><\/\1>/g, "");
}

/**
 * The plain text of stored rich text, for search, meta tags and documents: tags dropped, then character references
 * decoded, so a "&lt;b&gt;" typed as text reads "<b>".
 */
export function richTextToPlain(html: string | null | undefined): string {
  return decodeEntities(
    String(html ?? "")
      .replace(/<br\s*\/?>/gi, " ")
      .replace(/<\/(p|li|h2|h3)>/gi, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
}
