// mammoth's HTML made into the stored shape of a paper (docs/decisions/0360): the document's title left out (the
// article's record has it), headings one level down (the page's <h1> is the article title) with ids, sections,
// pictures with their captions as <figure>, tables with their captions as <caption>, equations as MathML, footnotes
// at the end in <aside class="footnotes"> linked both ways, the reference list taken out of the body (it becomes the
// article's references) and numbered citations ("[3]", "[2, 5]", "[4–6]") linked to it.
import { el, elementsOf, type MarkupElement, type MarkupNode, text, textOf } from "./markup-tree";
import { MATH_MARKER } from "./docx-math";

export interface StructuredFulltext {
  body: MarkupNode[];
  /** The reference list's entries as the document had them (inner HTML of each item). */
  references: MarkupElement[];
  dropped: string[];
}

const REFERENCES_HEADING =
  /^\s*(?:\d+\.?\s*)?(references?|bibliography|literature cited|works cited|references and notes|cited literature)\s*:?\s*$/i;
const HEADING = /^h([1-6])$/;
const isEl = (n: MarkupNode | undefined, name?: string): n is MarkupElement => n?.type === "element" && (!name || n.name === name);
const hasClass = (n: MarkupNode | undefined, c: string) => isEl(n) && (n.attrs.class ?? "").split(/\s+/).includes(c);
const blank = (n: MarkupNode) => n.type === "text" && !n.text.trim();

/** A paragraph holding only pictures. */
function picturesOnly(p: MarkupNode): MarkupElement[] | null {
  if (!isEl(p, "p")) return null;
  const imgs: MarkupElement[] = [];
  const walk = (n: MarkupNode): boolean => {
    if (blank(n)) return true;
    if (n.type === "element" && n.name === "img") {
      imgs.push(n);
      return true;
    }
    return n.type === "element" && n.children.every(walk);
  };
  return p.children.every(walk) && imgs.length ? imgs : null;
}

/** Footnote references and the footnotes list mammoth wrote, renumbered fn1, fn2… with links both ways. */
function footnotes(nodes: MarkupNode[]): { nodes: MarkupNode[]; aside: MarkupElement | null } {
  const listAt = nodes.findLastIndex((n) => isEl(n, "ol") && elementsOf(n).some((li) => /^footnote-\d+$/.test(li.attrs.id ?? "")));
  if (listAt < 0) return { nodes, aside: null };
  const list = nodes[listAt] as MarkupElement;
  const numberOf = new Map<string, number>();
  const items = elementsOf(list).map((li, i) => {
    numberOf.set(li.attrs.id ?? "", i + 1);
    const strip = (n: MarkupNode): MarkupNode[] =>
      isEl(n, "a") && (n.attrs.href ?? "").startsWith("#footnote-ref-")
        ? []
        : isEl(n)
          ? [{ ...n, children: n.children.flatMap(strip) }]
          : [n];
    return el("li", { id: `fn${i + 1}` }, li.children.flatMap(strip));
  });
  const rewrite = (n: MarkupNode): MarkupNode[] => {
    if (!isEl(n)) return [n];
    // <sup><sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup></sup> → <sup><a …>1</a></sup>
    const link = n.name === "sup" || n.name === "a" ? findFootnoteLink(n) : null;
    if (link) {
      const k = numberOf.get((link.attrs.href ?? "").slice(1));
      if (k)
        return [el("sup", {}, [el("a", { href: `#fn${k}`, id: `fnref${k}`, class: "fn-ref", role: "doc-noteref" }, [text(String(k))])])];
    }
    return [{ ...n, children: n.children.flatMap(rewrite) }];
  };
  const rest = nodes.filter((_, i) => i !== listAt).flatMap(rewrite);
  return { nodes: rest, aside: el("aside", { class: "footnotes" }, [el("ol", {}, items)]) };
}

function findFootnoteLink(n: MarkupElement): MarkupElement | null {
  if (n.name === "a") return /^#footnote-\d+$/.test(n.attrs.href ?? "") ? n : null;
  const kids = n.children.filter((c) => !blank(c));
  return kids.length === 1 && isEl(kids[0]) && (kids[0].name === "sup" || kids[0].name === "a") ? findFootnoteLink(kids[0]) : null;
}

/** Table cells: a single paragraph unwrapped; header cells get scope="col". */
function tidyTable(t: MarkupElement): MarkupElement {
  const cell = (c: MarkupNode, inHead: boolean): MarkupNode => {
    if (!isEl(c)) return c;
    if (c.name === "td" || c.name === "th") {
      const kids = c.children.filter((k) => !blank(k));
      let children = kids.length === 1 && isEl(kids[0], "p") ? kids[0].children : c.children;
      // Word's bold header text: the <th> says it already.
      if (c.name === "th" && children.length === 1 && isEl(children[0], "strong")) children = children[0].children;
      const attrs: Record<string, string> = {};
      for (const k of ["colspan", "rowspan"]) if (c.attrs[k]) attrs[k] = c.attrs[k];
      if (c.name === "th" && inHead) attrs.scope = "col";
      return el(c.name, attrs, children);
    }
    return { ...c, children: c.children.map((k) => cell(k, inHead || c.name === "thead")) };
  };
  return cell(t, false) as MarkupElement;
}

/** Puts equations back where their markers are. */
function equations(nodes: MarkupNode[], math: MarkupElement[]): MarkupNode[] {
  let display = 0;
  const inline = (n: MarkupNode): MarkupNode[] => {
    if (n.type === "text") {
      const parts: MarkupNode[] = [];
      let last = 0;
      for (const m of n.text.matchAll(MATH_MARKER)) {
        if (m.index > last) parts.push(text(n.text.slice(last, m.index)));
        const eq = math[Number(m[1]) - 1];
        if (eq) parts.push({ ...eq, attrs: { ...eq.attrs, display: "inline" } });
        last = m.index + m[0].length;
      }
      if (last === 0) return [n];
      if (last < n.text.length) parts.push(text(n.text.slice(last)));
      return parts;
    }
    if (isEl(n, "p")) {
      const only = /^\s*\uE000(\d+)\uE001\s*$/.exec(textOf(n));
      const eq = only ? math[Number(only[1]) - 1] : undefined;
      if (eq && eq.attrs.display === "block") {
        display++;
        return [el("div", { class: "disp-formula", id: `eq${display}` }, [eq])];
      }
    }
    return [{ ...n, children: n.children.flatMap(inline) }];
  };
  return nodes.flatMap(inline);
}

/** "[3]", "[2, 5]", "[4–6]" linked to the references (only numbers the list has). */
function citations(nodes: MarkupNode[], count: number, firstCite: Set<number>): MarkupNode[] {
  if (!count) return nodes;
  const link = (k: number): MarkupElement => {
    const attrs: Record<string, string> = { href: `#ref${k}`, class: "xref-bibr", role: "doc-biblioref" };
    if (!firstCite.has(k)) {
      firstCite.add(k);
      attrs.id = `cite${k}`;
    }
    return el("a", attrs, [text(String(k))]);
  };
  const walk = (n: MarkupNode): MarkupNode[] => {
    if (n.type === "text") {
      const out: MarkupNode[] = [];
      let last = 0;
      for (const m of n.text.matchAll(/\[(\d{1,3}(?:\s*[,–-]\s*\d{1,3})*)\]/g)) {
        const nums = m[1].split(/\s*,\s*/);
        if (nums.some((x) => x.split(/[–-]/).some((y) => Number(y) < 1 || Number(y) > count))) continue;
        if (m.index > last) out.push(text(n.text.slice(last, m.index)));
        out.push(text("["));
        nums.forEach((part, i) => {
          if (i) out.push(text(", "));
          const [a, b] = part.split(/\s*[–-]\s*/).map(Number);
          out.push(link(a));
          if (b) {
            out.push(text("–"));
            out.push(link(b));
          }
        });
        out.push(text("]"));
        last = m.index + m[0].length;
      }
      if (!out.length) return [n];
      if (last < n.text.length) out.push(text(n.text.slice(last)));
      return out;
    }
    if (isEl(n) && (n.name === "a" || HEADING.test(n.name) || n.name === "math")) return [n];
    return isEl(n) ? [{ ...n, children: n.children.flatMap(walk) }] : [n];
  };
  return nodes.flatMap(walk);
}

export function structureFulltext(root: MarkupElement, math: MarkupElement[]): StructuredFulltext {
  const dropped: string[] = [];
  let nodes = root.children.filter((n) => !blank(n));
  // The document's own title: the article's record holds it.
  nodes = nodes.filter((n) => {
    if (!hasClass(n, "doc-title")) return true;
    dropped.push(`The document's title ("${textOf(n).slice(0, 80)}") is not part of the full text: the page shows the article's title.`);
    return false;
  });
  const notes = footnotes(nodes);
  nodes = equations(notes.nodes, math);

  // References: from their heading to the next heading of the same or a higher level.
  const references: MarkupElement[] = [];
  const refAt = nodes.findIndex((n) => isEl(n) && HEADING.test(n.name) && REFERENCES_HEADING.test(textOf(n)));
  if (refAt >= 0) {
    const level = Number(HEADING.exec((nodes[refAt] as MarkupElement).name)?.[1]);
    let end = refAt + 1;
    while (end < nodes.length && !(isEl(nodes[end]) && Number(HEADING.exec((nodes[end] as MarkupElement).name)?.[1] ?? 9) <= level)) end++;
    for (const n of nodes.slice(refAt + 1, end)) {
      if (isEl(n, "ol") || isEl(n, "ul")) references.push(...elementsOf(n).filter((li) => li.name === "li"));
      else if (isEl(n, "p") && textOf(n).trim()) references.push(n);
    }
    nodes = [...nodes.slice(0, refAt), ...nodes.slice(end)];
  }

  // Figures and tables with their captions (a caption paragraph right after, or right before).
  const out: MarkupNode[] = [];
  let figures = 0;
  let tables = 0;
  const captionOf = (i: number, kind: RegExp): MarkupElement | null => {
    const n = nodes[i];
    return hasClass(n, "caption") && kind.test(textOf(n as MarkupElement)) ? (n as MarkupElement) : null;
  };
  const used = new Set<number>();
  for (let i = 0; i < nodes.length; i++) {
    if (used.has(i)) continue;
    const n = nodes[i];
    const pics = picturesOnly(n);
    if (pics) {
      const after = captionOf(i + 1, /^\s*(fig(ure)?|plate|photo|scheme|chart|graph)\b/i) ?? captionOf(i + 1, /./);
      const before = !after && out.length && hasClass(out.at(-1), "caption") ? (out.pop() as MarkupElement) : null;
      const cap = after ?? before;
      if (after) used.add(i + 1);
      figures++;
      const alt = pics[0].attrs.alt ?? "";
      const img = el("img", { src: pics[0].attrs.src ?? "", alt: alt || (cap ? textOf(cap).slice(0, 200) : "") });
      out.push(el("figure", { id: `fig${figures}` }, [img, ...(cap ? [el("figcaption", {}, cap.children)] : [])]));
      if (pics.length > 1) dropped.push(`Figure ${figures}: ${pics.length - 1} more picture(s) in the same paragraph were left out.`);
      if (!cap) dropped.push(`Figure ${figures} has no caption in the Word file.`);
      continue;
    }
    if (isEl(n, "table")) {
      const prev = out.at(-1);
      const before = hasClass(prev, "caption") && /^\s*table\b/i.test(textOf(prev as MarkupElement)) ? (out.pop() as MarkupElement) : null;
      const after = !before ? captionOf(i + 1, /^\s*table\b/i) : null;
      if (after) used.add(i + 1);
      const cap = before ?? after;
      tables++;
      const t = tidyTable(n);
      out.push(el("table", { id: `tab${tables}` }, [...(cap ? [el("caption", {}, cap.children)] : []), ...t.children]));
      continue;
    }
    out.push(n);
  }

  // Sections at each top-level heading; headings one level down (h1 → h2) with ids.
  const body: MarkupNode[] = [];
  let section: MarkupElement | null = null;
  let headings = 0;
  const firstCite = new Set<number>();
  for (const n of citations(out, references.length, firstCite)) {
    const h = isEl(n) ? HEADING.exec(n.name) : null;
    if (h && isEl(n)) {
      const level = Math.min(4, Number(h[1]) + 1);
      headings++;
      const heading = el(`h${level}`, { id: `s${headings}` }, n.children);
      if (level === 2) {
        section = el("section", {}, [heading]);
        body.push(section);
        continue;
      }
      (section ? section.children : body).push(heading);
      continue;
    }
    // A cleared paragraph class (mammoth's "caption" etc.) is not kept.
    const node = isEl(n, "p") && n.attrs.class ? el("p", {}, n.children) : n;
    (section ? section.children : body).push(node);
  }
  if (notes.aside) body.push(notes.aside);
  return { body, references, dropped };
}
