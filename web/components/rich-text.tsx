// Rich text from the API (titles, abstracts, home content, address, editor posts) is rendered only after
// sanitizeRichText: the allowlist b, i, em, strong, u, sup, sub, br, p with no attributes (docs/decisions/0002).
import { createElement, type HTMLAttributes } from "react";
import { sanitizePageHtml, sanitizeRichText } from "#contract/rich-text";

type Tag = "div" | "span" | "h1" | "h2" | "h3" | "p" | "address" | "li";

export function RichText({
  html,
  as = "div",
  page = false,
  ...rest
}: { html: string | null | undefined; as?: Tag; page?: boolean } & HTMLAttributes<HTMLElement>) {
  // Inline tags can't hold <p>: flatten paragraphs to line breaks there. A site page's text (instructions, policies,
  // contact: `page`) keeps its headings, lists and checked links (sanitizePageHtml, docs/decisions/0202).
  let safe = page ? sanitizePageHtml(html) : sanitizeRichText(html);
  if (as === "span" || as === "h1" || as === "h2" || as === "h3" || as === "p" || as === "li") {
    safe = safe.replace(/<\/p>\s*<p>/g, "<br>").replace(/<\/?p>/g, "");
  }
  return createElement(as, { ...rest, dangerouslySetInnerHTML: { __html: safe } });
}
