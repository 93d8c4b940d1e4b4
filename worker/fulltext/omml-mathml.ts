// Office Math (OMML, what Word's equation editor stores) to presentation MathML (issue 51 item 1): runs, fractions,
// scripts, radicals, delimiters, n-ary operators (sums, integrals), accents, bars, functions, limits, equation
// arrays and matrices. Anything else in an equation (boxes, pre-scripts, phantoms, group characters) keeps its text
// as <mtext> and is named in the converter's list for staff, never silently lost. mammoth reads no OMML: the
// converter hands each equation here before mammoth sees the document (docx-convert.ts).
import { el, elementsOf, type MarkupElement, type MarkupNode, text, textOf } from "./markup-tree";

const local = (name: string) => name.slice(name.indexOf(":") + 1);
const child = (e: MarkupElement, name: string) => elementsOf(e).find((c) => local(c.name) === name);
const prop = (e: MarkupElement, pr: string, name: string): string | undefined => {
  const p = child(e, pr);
  const v = p && child(p, name);
  return v ? (v.attrs["m:val"] ?? v.attrs.val ?? "") : undefined;
};

/** Tokens of a run's text: numbers, single letters (identifiers), everything else an operator. */
function runTokens(t: string, plain: boolean): MarkupElement[] {
  if (plain) return [el("mtext", {}, [text(t)])];
  const out: MarkupElement[] = [];
  for (const m of t.matchAll(/\d+(?:[.,]\d+)*|\p{L}|\S/gu)) {
    const tok = m[0];
    if (/^\d/.test(tok)) out.push(el("mn", {}, [text(tok)]));
    else if (/^\p{L}$/u.test(tok)) out.push(el("mi", {}, [text(tok)]));
    else out.push(el("mo", {}, [text(tok)]));
  }
  return out;
}

const row = (nodes: MarkupElement[]): MarkupElement => (nodes.length === 1 ? nodes[0] : el("mrow", {}, nodes));

export interface MathResult {
  mathml: MarkupElement;
  /** OMML elements carried as plain text (their local names). */
  unsupported: string[];
}

/** Converts one <m:oMath> element (or an <m:oMathPara>'s) to a <math> element. */
export function ommlToMathml(oMath: MarkupElement, display: "block" | "inline"): MathResult {
  const unsupported: string[] = [];
  const arg = (e: MarkupElement | undefined): MarkupElement => row(e ? convertChildren(e) : []);

  function convertChildren(e: MarkupElement): MarkupElement[] {
    return elementsOf(e).flatMap(convert);
  }

  function convert(e: MarkupElement): MarkupElement[] {
    const name = local(e.name);
    switch (name) {
      case "r": {
        const t = elementsOf(e)
          .filter((c) => local(c.name) === "t")
          .map(textOf)
          .join("");
        const rPr = child(e, "rPr");
        const plain = Boolean(rPr && child(rPr, "nor"));
        return t ? runTokens(t, plain) : [];
      }
      case "f":
        return [el("mfrac", {}, [arg(child(e, "num")), arg(child(e, "den"))])];
      case "sSup":
        return [el("msup", {}, [arg(child(e, "e")), arg(child(e, "sup"))])];
      case "sSub":
        return [el("msub", {}, [arg(child(e, "e")), arg(child(e, "sub"))])];
      case "sSubSup":
        return [el("msubsup", {}, [arg(child(e, "e")), arg(child(e, "sub")), arg(child(e, "sup"))])];
      case "rad": {
        const hidden = prop(e, "radPr", "degHide");
        const deg = child(e, "deg");
        if (hidden === "1" || hidden === "on" || !deg || elementsOf(deg).length === 0) return [el("msqrt", {}, [arg(child(e, "e"))])];
        return [el("mroot", {}, [arg(child(e, "e")), arg(deg)])];
      }
      case "d": {
        const beg = prop(e, "dPr", "begChr") ?? "(";
        const end = prop(e, "dPr", "endChr") ?? ")";
        const sep = prop(e, "dPr", "sepChr") ?? ",";
        const parts = elementsOf(e).filter((c) => local(c.name) === "e");
        const inner: MarkupElement[] = [];
        parts.forEach((p, i) => {
          if (i > 0) inner.push(el("mo", {}, [text(sep)]));
          inner.push(arg(p));
        });
        return [el("mrow", {}, [...(beg ? [el("mo", {}, [text(beg)])] : []), ...inner, ...(end ? [el("mo", {}, [text(end)])] : [])])];
      }
      case "nary": {
        const chr = prop(e, "naryPr", "chr") ?? "∫";
        const op = el("mo", {}, [text(chr)]);
        const sub = child(e, "sub");
        const sup = child(e, "sup");
        const hasSub = sub && elementsOf(sub).length > 0;
        const hasSup = sup && elementsOf(sup).length > 0;
        const under = chr === "∑" || chr === "∏" || prop(e, "naryPr", "limLoc") === "undOvr";
        let head: MarkupElement = op;
        if (hasSub && hasSup) head = el(under ? "munderover" : "msubsup", {}, [op, arg(sub), arg(sup)]);
        else if (hasSub) head = el(under ? "munder" : "msub", {}, [op, arg(sub)]);
        else if (hasSup) head = el(under ? "mover" : "msup", {}, [op, arg(sup)]);
        return [el("mrow", {}, [head, arg(child(e, "e"))])];
      }
      case "acc":
        return [el("mover", { accent: "true" }, [arg(child(e, "e")), el("mo", {}, [text(prop(e, "accPr", "chr") ?? "\u0302")])])];
      case "bar":
        return [
          prop(e, "barPr", "pos") === "bot"
            ? el("munder", {}, [arg(child(e, "e")), el("mo", {}, [text("\u00af")])])
            : el("mover", {}, [arg(child(e, "e")), el("mo", {}, [text("\u00af")])]),
        ];
      case "func":
        return [el("mrow", {}, [arg(child(e, "fName")), el("mo", {}, [text("\u2061")]), arg(child(e, "e"))])];
      case "limLow":
        return [el("munder", {}, [arg(child(e, "e")), arg(child(e, "lim"))])];
      case "limUpp":
        return [el("mover", {}, [arg(child(e, "e")), arg(child(e, "lim"))])];
      case "eqArr":
        return [
          el(
            "mtable",
            {},
            elementsOf(e)
              .filter((c) => local(c.name) === "e")
              .map((c) => el("mtr", {}, [el("mtd", {}, [arg(c)])])),
          ),
        ];
      case "m":
        return [
          el(
            "mtable",
            {},
            elementsOf(e)
              .filter((c) => local(c.name) === "mr")
              .map((r) =>
                el(
                  "mtr",
                  {},
                  elementsOf(r)
                    .filter((c) => local(c.name) === "e")
                    .map((c) => el("mtd", {}, [arg(c)])),
                ),
              ),
          ),
        ];
      case "e":
      case "num":
      case "den":
      case "sub":
      case "sup":
      case "deg":
      case "lim":
      case "fName":
      case "oMath":
        return convertChildren(e);
      default:
        // Properties (…Pr) carry no content; Word's own run properties (w:rPr) neither.
        if (name.endsWith("Pr") || name === "ctrlPr" || e.name.startsWith("w:")) return [];
        unsupported.push(name);
        return textOf(e) ? [el("mtext", {}, [text(textOf(e))])] : [];
    }
  }

  const body = convertChildren(oMath);
  const mathml = el("math", { xmlns: "http://www.w3.org/1998/Math/MathML", display }, [row(body)]);
  return { mathml, unsupported };
}

/** The equation's text as Word shows it linearly (for the list of what was dropped and for alt text). */
export const ommlText = (oMath: MarkupNode): string => textOf(oMath).replace(/\s+/g, " ").trim();
