// Equations out of a Word document before mammoth reads it (mammoth ignores Office Math): each <m:oMathPara>
// (display) and <m:oMath> (inline) becomes a text run holding a marker, and its MathML is kept to put back in place
// of the marker once mammoth has written the HTML.
import { parseMarkup, type MarkupElement } from "./markup-tree";
import { ommlText, ommlToMathml } from "./omml-mathml";

export interface ExtractedMath {
  /** MathML per marker number. */
  equations: MarkupElement[];
  /** What could not be carried over, for staff. */
  dropped: string[];
}

/** A marker mammoth carries through as text: private-use characters around the equation's number. */
export const mathMarker = (n: number) => `\uE000${n}\uE001`;
export const MATH_MARKER = /\uE000(\d+)\uE001/g;

const MATH = /<m:oMathPara\b[^>]*>[\s\S]*?<\/m:oMathPara>|<m:oMath\b[^>]*>[\s\S]*?<\/m:oMath>/g;

export function extractMath(documentXml: string): { xml: string; math: ExtractedMath } {
  const math: ExtractedMath = { equations: [], dropped: [] };
  const xml = documentXml.replace(MATH, (fragment) => {
    const display = fragment.startsWith("<m:oMathPara") ? "block" : "inline";
    let tree: MarkupElement;
    try {
      tree = parseMarkup(fragment);
    } catch {
      math.dropped.push("An equation that could not be read was left out.");
      return "";
    }
    const oMaths = tree.children.filter((c): c is MarkupElement => c.type === "element");
    const root = display === "block" ? { ...oMaths[0], children: oMaths[0].children } : oMaths[0];
    const { mathml, unsupported } = ommlToMathml(root, display);
    const n = math.equations.push(mathml);
    if (unsupported.length) {
      math.dropped.push(`Equation ${n} ("${ommlText(root).slice(0, 80)}"): ${[...new Set(unsupported)].join(", ")} kept as plain text.`);
    }
    return `<w:r><w:t xml:space="preserve">${mathMarker(n)}</w:t></w:r>`;
  });
  return { xml, math };
}
