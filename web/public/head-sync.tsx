// Keeps <head> in step with the page after client-side navigation: the title, description, canonical link,
// robots and the page's own tags (citation_*, Dublin Core, Open Graph, JSON-LD) from the deepest route's data.
// The Worker writes the same markup into the first HTML (worker/pages/document.ts) between two comments, so the
// browser knows which head elements belong to the page.
import { useEffect } from "react";
import { useMatches } from "react-router";
import type { PageHead } from "#contract/pages";
import { PAGE_HEAD_END as HEAD_END, PAGE_HEAD_START as HEAD_START, pageHeadMarkup as headMarkup } from "#contract/html";

function markers(): [Comment, Comment] {
  let start: Comment | null = null;
  let end: Comment | null = null;
  for (const node of document.head.childNodes) {
    if (node.nodeType !== Node.COMMENT_NODE) continue;
    if ((node as Comment).data === HEAD_START) start = node as Comment;
    if ((node as Comment).data === HEAD_END) end = node as Comment;
  }
  if (start && end) return [start, end];
  start = document.createComment(HEAD_START);
  end = document.createComment(HEAD_END);
  document.head.append(start, end);
  return [start, end];
}

export function applyHead(head: PageHead) {
  if (document.title !== head.title) document.title = head.title;
  const template = document.createElement("template");
  template.innerHTML = headMarkup(head);
  const [start, end] = markers();
  // Same page head as already in place (the first render after the server's HTML): leave it alone.
  let current = "";
  for (let n = start.nextSibling; n && n !== end; n = n.nextSibling)
    current += n.nodeType === Node.ELEMENT_NODE ? (n as Element).outerHTML : "";
  let next = "";
  for (const el of template.content.children) next += el.outerHTML;
  if (current === next) return;
  while (start.nextSibling && start.nextSibling !== end) start.nextSibling.remove();
  for (const el of [...template.content.children]) end.before(el);
}

export function HeadSync() {
  const matches = useMatches();
  let head: PageHead | null = null;
  for (const m of matches) {
    const h = (m.loaderData as { head?: PageHead } | null)?.head;
    if (h && typeof h.title === "string") head = h;
  }
  useEffect(() => {
    if (head) applyHead(head);
  }, [head]);
  return null;
}
