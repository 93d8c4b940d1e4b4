// The JATS of an article's full text and references (issue 51 item 5, docs/decisions/0362): <body> from the stored
// full text (sections → <sec>, figures → <fig>, tables → <table-wrap>, equations → <disp-formula> with MathML,
// citations → <xref ref-type="bibr">, footnotes → <xref ref-type="fn"> and <fn-group>), <back> with the references as
// <element-citation> (authors, title, source, year, volume, issue, pages, <pub-id pub-id-type="doi">), and
// affiliations split into institution, city and <country country="XX">. Kept apart from jats.ts's front matter so
// both can change without stepping on each other.
import { faceMarkup, type FaceNames } from "./face-markup";
import { el as xmlEl, xmlAttr as attr, xmlText as esc } from "../core/xml";
import { countryCodeOf } from "./country-code";
import { elementsOf, parseMarkup, type MarkupElement, type MarkupNode } from "../fulltext/markup-tree";
import { originalFigurePath } from "../fulltext/fulltext-files";
import type { StructuredReference } from "#contract/reference-parse";
import type { ScholarlyRecord } from "./scholarly-record";

/** JATS inline elements, unprefixed (the article's own vocabulary). */
export const FACES: FaceNames = { b: "bold", i: "italic", u: "underline", sup: "sup", sub: "sub" };

const INLINE: Record<string, string> = { b: "bold", strong: "bold", i: "italic", em: "italic", u: "underline", sup: "sup", sub: "sub" };

/** Inline content (text, faces, links, inline maths) as JATS. */
function inline(nodes: MarkupNode[]): string {
  return nodes
    .map((n) => {
      if (n.type === "text") return esc(n.text);
      const name = n.name;
      if (INLINE[name]) {
        // A footnote mark's <sup> wrapper: the <xref> says it.
        const kids = n.children.filter((k) => k.type === "element" || k.text.trim());
        if (name === "sup" && kids.length === 1 && kids[0].type === "element" && kids[0].name === "a") return inline(kids);
        return `<${INLINE[name]}>${inline(n.children)}</${INLINE[name]}>`;
      }
      if (name === "a") return link(n);
      if (name === "math") return `<inline-formula>${mathml(n)}</inline-formula>`;
      if (name === "br") return " ";
      if (name === "img") return "";
      return inline(n.children);
    })
    .join("");
}

function link(a: MarkupElement): string {
  const href = a.attrs.href ?? "";
  const content = inline(a.children);
  const target = /^#(ref|fn|fig|tab|eq|s)(\d+)$/.exec(href);
  if (target) {
    const type = { ref: "bibr", fn: "fn", fig: "fig", tab: "table", eq: "disp-formula", s: "sec" }[target[1]];
    return `<xref ref-type="${type}" rid="${attr(href.slice(1))}">${content}</xref>`;
  }
  if (/^https?:|^mailto:/.test(href)) return `<ext-link ext-link-type="uri" xlink:href="${attr(href)}">${content}</ext-link>`;
  return content;
}

/** MathML with the mml: prefix JATS uses (xmlns:mml on <article>). */
function mathml(n: MarkupElement): string {
  const walk = (m: MarkupNode): string => {
    if (m.type === "text") return esc(m.text);
    const attrs = Object.entries(m.attrs)
      .filter(([k]) => k !== "xmlns")
      .map(([k, v]) => ` ${k}="${attr(v)}"`)
      .join("");
    return `<mml:${m.name}${attrs}>${m.children.map(walk).join("")}</mml:${m.name}>`;
  };
  return walk(n);
}

const paragraph = (nodes: MarkupNode[]) => {
  const content = inline(nodes).trim();
  return content ? `<p>${content}</p>` : "";
};

/** List items and cells hold paragraphs: loose inline content becomes one. */
function blocksOrParagraph(nodes: MarkupNode[]): string {
  const hasBlock = nodes.some((n) => n.type === "element" && ["p", "ul", "ol", "table", "figure", "div", "blockquote"].includes(n.name));
  return hasBlock ? blocks(nodes) : paragraph(nodes);
}

function table(t: MarkupElement): string {
  const caption = elementsOf(t).find((c) => c.name === "caption");
  const cell = (n: MarkupNode): string => {
    if (n.type === "text") return n.text.trim() ? esc(n.text) : "";
    if (["thead", "tbody", "tr"].includes(n.name)) return `<${n.name}>${n.children.map(cell).join("")}</${n.name}>`;
    if (n.name === "th" || n.name === "td") {
      const attrs = ["colspan", "rowspan", "scope"]
        .filter((k) => n.attrs[k])
        .map((k) => ` ${k}="${attr(n.attrs[k])}"`)
        .join("");
      return `<${n.name}${attrs}>${inline(n.children)}</${n.name}>`;
    }
    return "";
  };
  const rows = t.children.filter((c) => !(c.type === "element" && c.name === "caption"));
  const id = t.attrs.id ? ` id="${attr(t.attrs.id)}"` : "";
  return `<table-wrap${id}>${caption ? `<caption>${paragraph(caption.children)}</caption>` : ""}<table>${rows.map(cell).join("")}</table></table-wrap>`;
}

function figure(f: MarkupElement, origin: string): string {
  const img = elementsOf(f).find((c) => c.name === "img");
  const cap = elementsOf(f).find((c) => c.name === "figcaption");
  const id = f.attrs.id ? ` id="${attr(f.attrs.id)}"` : "";
  const alt = img?.attrs.alt ? `<alt-text>${esc(img.attrs.alt)}</alt-text>` : "";
  // The original picture, not the page's narrower web copy (docs/decisions/0388).
  const graphic = img ? `<graphic xlink:href="${attr(origin + originalFigurePath(img.attrs.src ?? ""))}"/>` : "";
  return `<fig${id}>${cap ? `<caption>${paragraph(cap.children)}</caption>` : ""}${alt}${graphic}</fig>`;
}

/** Block content of a section (not its headings). */
function blocks(nodes: MarkupNode[], origin = ""): string {
  return nodes
    .map((n) => {
      if (n.type === "text") return n.text.trim() ? `<p>${esc(n.text)}</p>` : "";
      switch (n.name) {
        case "p":
          return paragraph(n.children);
        case "ul":
        case "ol":
          return `<list list-type="${n.name === "ol" ? "order" : "bullet"}">${elementsOf(n)
            .map((li) => `<list-item>${blocksOrParagraph(li.children) || "<p/>"}</list-item>`)
            .join("")}</list>`;
        case "table":
          return table(n);
        case "figure":
          return figure(n, origin);
        case "div": {
          const math = elementsOf(n).find((c) => c.name === "math");
          if (math) return `<disp-formula${n.attrs.id ? ` id="${attr(n.attrs.id)}"` : ""}>${mathml(math)}</disp-formula>`;
          return blocks(n.children, origin);
        }
        case "blockquote":
          return `<disp-quote>${blocksOrParagraph(n.children)}</disp-quote>`;
        case "math":
          return `<disp-formula>${mathml(n)}</disp-formula>`;
        default:
          return paragraph([n]);
      }
    })
    .join("");
}

/** Nested <sec>s from a flat run of headings and blocks: each heading of `level` opens a section to the next one. */
function sections(nodes: MarkupNode[], level: number, origin: string): string {
  const isHeading = (n: MarkupNode, l: number): n is MarkupElement => n.type === "element" && n.name === `h${l}`;
  const first = nodes.findIndex((n) => isHeading(n, level));
  if (level > 4) return blocks(nodes, origin);
  if (first < 0) return sections(nodes, level + 1, origin);
  let out = blocks(nodes.slice(0, first), origin);
  let i = first;
  while (i < nodes.length) {
    const h = nodes[i] as MarkupElement;
    let end = i + 1;
    while (end < nodes.length && !isHeading(nodes[end], level)) end++;
    const id = h.attrs.id ? ` id="${attr(h.attrs.id)}"` : "";
    out += `<sec${id}><title>${inline(h.children)}</title>${sections(nodes.slice(i + 1, end), level + 1, origin)}</sec>`;
    i = end;
  }
  return out;
}

export interface JatsFulltext {
  body: string;
  /** The footnotes as <fn-group> ('' for none). */
  notes: string;
}

/** The stored full text as JATS <body> and its footnotes; `origin` makes the figures' addresses absolute. */
export function jatsFulltext(html: string, origin: string): JatsFulltext {
  if (!html.trim()) return { body: "", notes: "" };
  const root = parseMarkup(html);
  const top = root.children.filter((n) => n.type === "element" || n.text.trim());
  const aside = top.find((n): n is MarkupElement => n.type === "element" && n.name === "aside");
  const flat = top.filter((n) => n !== aside).flatMap((n) => (n.type === "element" && n.name === "section" ? n.children : [n]));
  const body = `<body>${sections(flat, 2, origin)}</body>`;
  const items = aside ? elementsOf(aside).flatMap((ol) => elementsOf(ol)) : [];
  const notes = items.length
    ? `<fn-group>${items.map((li) => `<fn id="${attr(li.attrs.id ?? "")}">${blocksOrParagraph(li.children) || "<p/>"}</fn>`).join("")}</fn-group>`
    : "";
  return { body, notes };
}

/** One reference as <element-citation> (or <mixed-citation> when the parser found neither authors nor title). */
export function jatsReference(ref: StructuredReference, n: number): string {
  const id = `ref${n}`;
  if (!ref.title && !ref.authors.length)
    return `<ref id="${id}">${xmlEl("label", n)}<mixed-citation>${faceMarkup(ref.raw, FACES)}</mixed-citation></ref>`;
  const type = ref.volume || ref.issue ? "journal" : ref.source ? "book" : "other";
  const names = ref.authors
    .map((a) =>
      a.given
        ? `<name>${xmlEl("surname", a.family)}${xmlEl("given-names", a.given)}</name>`
        : `<string-name>${esc(a.family)}</string-name>`,
    )
    .join("");
  const parts = [
    names ? `<person-group person-group-type="author">${names}</person-group>` : "",
    type === "journal" ? xmlEl("article-title", ref.title) : xmlEl("source", ref.title),
    type === "journal" ? xmlEl("source", ref.source) : ref.source ? xmlEl("publisher-name", ref.source) : "",
    xmlEl("year", ref.year),
    xmlEl("volume", ref.volume),
    xmlEl("issue", ref.issue),
    xmlEl("fpage", ref.fpage),
    xmlEl("lpage", ref.lpage),
    ref.doi ? xmlEl("pub-id", ref.doi, { "pub-id-type": "doi" }) : "",
  ];
  return `<ref id="${id}">${xmlEl("label", n)}<element-citation publication-type="${type}">${parts.join("")}</element-citation></ref>`;
}

/** <back>: the reference list and the full text's footnotes. */
export function jatsBack(r: ScholarlyRecord, notes: string): string {
  const refs = r.referencesStructured.map((ref, i) => jatsReference(ref, i + 1));
  const list = refs.length ? `<ref-list>${xmlEl("title", "References")}${refs.join("")}</ref-list>` : "";
  return list || notes ? `<back>${list}${notes}</back>` : "";
}

/**
 * An affiliation as typed ("Department of Botany, University of Kerala, Thiruvananthapuram, India") in its parts:
 * the last part a country the runtime knows → <country country="IN">, the one before it the city, the rest the
 * institution (with its department). Anything else stays one <institution>.
 */
export function jatsAffiliation(text: string, n: number, ror = ""): string {
  const parts = text
    .split(/\s*,\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const code = parts.length >= 2 ? countryCodeOf(parts[parts.length - 1]) : "";
  const label = xmlEl("label", n);
  // The ROR id staff gave names the institution (JATS4R's affiliation recommendation).
  const rorId = ror ? `<institution-id institution-id-type="ror">${esc(ror)}</institution-id>` : "";
  if (!code) {
    return `<aff id="aff${n}">${label}${rorId ? `<institution-wrap>${rorId}${xmlEl("institution", text)}</institution-wrap>` : xmlEl("institution", text)}</aff>`;
  }
  const country = parts.pop() ?? "";
  const city = parts.length >= 2 ? (parts.pop() ?? "") : "";
  const institution = parts.join(", ");
  const wrap = `<institution-wrap>${rorId}${xmlEl("institution", institution)}</institution-wrap>`;
  return `<aff id="aff${n}">${label}${wrap}${city ? `, ${xmlEl("city", city)}` : ""}, <country country="${code}">${esc(country)}</country></aff>`;
}
