// A small in-memory tree of well-formed markup with mixed content (text and elements in order), read with sax:
// mammoth's HTML, the stored full text (the sanitizer writes it well-formed, voids self-closed) and Office Math
// fragments. The full text's rewriting (sections, figures, equations) and its JATS both walk it.
import sax from "sax";

export interface MarkupElement {
  type: "element";
  name: string;
  attrs: Record<string, string>;
  children: MarkupNode[];
}
export interface MarkupText {
  type: "text";
  text: string;
}
export type MarkupNode = MarkupElement | MarkupText;

export class MarkupSyntaxError extends Error {}

/** Parses a fragment (any number of top-level nodes). Names keep their prefixes ("m:f"). */
export function parseMarkup(fragment: string): MarkupElement {
  const root: MarkupElement = { type: "element", name: "#root", attrs: {}, children: [] };
  const stack: MarkupElement[] = [root];
  const parser = sax.parser(true, {});
  let failure: Error | null = null;
  parser.onopentag = (tag) => {
    const el: MarkupElement = { type: "element", name: tag.name, attrs: { ...tag.attributes }, children: [] };
    stack[stack.length - 1].children.push(el);
    stack.push(el);
  };
  parser.onclosetag = () => {
    stack.pop();
  };
  const onText = (text: string) => {
    const parent = stack[stack.length - 1];
    const last = parent.children.at(-1);
    if (last?.type === "text") last.text += text;
    else parent.children.push({ type: "text", text });
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.onerror = (err) => {
    failure ??= err;
    parser.resume();
  };
  parser.write(`<root>${fragment}</root>`).close();
  if (failure) throw new MarkupSyntaxError(String((failure as Error).message).split("\n")[0]);
  const wrapper = root.children[0];
  return wrapper?.type === "element" ? { ...wrapper, name: "#root" } : root;
}

export const el = (name: string, attrs: Record<string, string> = {}, children: MarkupNode[] = []): MarkupElement => ({
  type: "element",
  name,
  attrs,
  children,
});
export const text = (t: string): MarkupText => ({ type: "text", text: t });

/** The text of a node, tags dropped. */
export function textOf(node: MarkupNode): string {
  return node.type === "text" ? node.text : node.children.map(textOf).join("");
}

export const escapeMarkup = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) => escapeMarkup(s).replace(/"/g, "&quot;");

/** Elements written self-closed ("<img ... />"): HTML reads them as voids, XML as empty elements. */
const VOID = new Set(["br", "img", "hr", "mspace", "mprescripts", "none"]);

export function serializeMarkup(nodes: MarkupNode[]): string {
  return nodes
    .map((n) => {
      if (n.type === "text") return escapeMarkup(n.text);
      const attrs = Object.entries(n.attrs)
        .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
        .join("");
      if (VOID.has(n.name) && n.children.length === 0) return `<${n.name}${attrs} />`;
      return `<${n.name}${attrs}>${serializeMarkup(n.children)}</${n.name}>`;
    })
    .join("");
}

/** Elements among the children (text dropped). */
export const elementsOf = (node: MarkupElement): MarkupElement[] => node.children.filter((c): c is MarkupElement => c.type === "element");

/** Every element below `node` (depth first) that `match` accepts. */
export function findAll(node: MarkupElement, match: (e: MarkupElement) => boolean, out: MarkupElement[] = []): MarkupElement[] {
  for (const c of elementsOf(node)) {
    if (match(c)) out.push(c);
    findAll(c, match, out);
  }
  return out;
}
