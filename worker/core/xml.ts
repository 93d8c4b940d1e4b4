// The one XML writer of every XML output (sitemaps, Atom, OAI-PMH with Dublin Core and MARCXML, Crossref, DOAJ,
// JATS, OJS Native XML; issue 47 item 5): every text and attribute value is escaped, and characters XML 1.0 forbids
// (lone surrogates included) are dropped, so no stored value can make a document ill-formed.

const FORBIDDEN =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(s: string | number): string {
  return String(s).replace(FORBIDDEN, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function xmlAttr(s: string | number): string {
  return xmlText(s).replace(/"/g, "&quot;");
}

/** <name attr="v">text</name>, or nothing when the text is empty. */
export function el(name: string, text: string | number | null | undefined, attrs: Record<string, string> = {}): string {
  if (text === null || text === undefined || text === "") return "";
  return `<${name}${attrsOf(attrs)}>${xmlText(text)}</${name}>`;
}

export function attrsOf(attrs: Record<string, string>): string {
  return Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlAttr(v)}"`)
    .join("");
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
