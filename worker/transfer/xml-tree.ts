// A streaming XML reader that hands over finished subtrees: the document is read chunk by chunk (sax), and each
// element named in `emit` is given to the caller as a small tree when it closes, then dropped from its parent. So an
// OJS export of any size is held one article at a time (with its embedded files), never whole
// (docs/decisions/0210-moving-journals-in-and-out.md).
import sax from "sax";

export interface XmlNode {
  /** Local name, without a namespace prefix. */
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  /** The line of the start tag (1-based). */
  line: number;
  parent: XmlNode | null;
}

const local = (name: string) => name.slice(name.indexOf(":") + 1);

export class XmlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * A DOCTYPE that declares entities (<!ENTITY ...>): refused whole. sax expands none of them, so their references
 * would be read as literal text ("&d;&xxe;" in a title); nothing an OJS export holds needs one, and a file that
 * declares them is an attack (billion laughs, external entities) or a hand-made file, never an export.
 */
export class XmlEntityError extends XmlSyntaxError {}

/**
 * Reads `chunks` and yields every element whose local name is in `emit` once it is complete (its ancestors are
 * reachable through `parent`, holding what came before it). Throws XmlSyntaxError on a malformed document.
 */
export async function* streamElements(chunks: AsyncIterable<string>, emit: ReadonlySet<string>): AsyncGenerator<XmlNode> {
  const parser = sax.parser(true, { position: true });
  const root: XmlNode = { name: "#document", attrs: {}, children: [], text: "", line: 0, parent: null };
  let current = root;
  const ready: XmlNode[] = [];
  let failure: XmlSyntaxError | null = null;
  let sawElement = false;
  // Text is collected in parts and joined once at the close: an embedded PDF arrives in many pieces.
  const textParts = new Map<XmlNode, string[]>();

  parser.onopentag = (tag) => {
    sawElement = true;
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) if (!k.startsWith("xmlns")) attrs[local(k)] = v;
    const node: XmlNode = { name: local(tag.name), attrs, children: [], text: "", line: parser.line + 1, parent: current };
    current.children.push(node);
    current = node;
  };
  const onText = (t: string) => {
    if (current === root) return;
    let parts = textParts.get(current);
    if (!parts) textParts.set(current, (parts = []));
    parts.push(t);
  };
  parser.ontext = onText;
  parser.oncdata = onText;
  parser.onclosetag = () => {
    const node = current;
    const parts = textParts.get(node);
    if (parts) {
      node.text = parts.join("");
      textParts.delete(node);
    }
    current = node.parent ?? root;
    if (emit.has(node.name)) {
      ready.push(node);
      // Dropped from the parent's children: the parent keeps only what is not handed over.
      current.children.pop();
    }
  };
  parser.ondoctype = (doctype) => {
    if (/<!ENTITY/i.test(doctype)) failure ??= new XmlEntityError("The DOCTYPE declares entities.", parser.line + 1);
  };
  parser.onerror = (err) => {
    // A bare "&" (OJS's own 3.2 sample has one in a citation URL) is read as the text it plainly is; anything
    // else that is not well-formed stops the import with its line.
    if (!/entity/i.test(err.message)) failure ??= new XmlSyntaxError(err.message.split("\n")[0], parser.line + 1);
    parser.resume();
  };

  for await (const chunk of chunks) {
    parser.write(chunk);
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  }
  parser.close();
  if (failure) throw failure;
  while (ready.length > 0) yield ready.shift()!;
  if (!sawElement) throw new XmlSyntaxError("The file holds no XML element.", 1);
}

/** The first child named `name` (local name). */
export const child = (n: XmlNode | null | undefined, name: string): XmlNode | undefined => n?.children.find((c) => c.name === name);
/** Every child named `name`. */
export const childrenNamed = (n: XmlNode | null | undefined, name: string): XmlNode[] => n?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the first child named `name`, "" when none. */
export const childText = (n: XmlNode | null | undefined, name: string): string => child(n, name)?.text.trim() ?? "";
/** The nearest ancestor named `name`. */
export function ancestor(n: XmlNode, name: string): XmlNode | undefined {
  for (let p = n.parent; p; p = p.parent) if (p.name === name) return p;
  return undefined;
}
