// Stored rich text (sanitized HTML: b, i, em, strong, u, sup, sub, br, p) as the inline markup an XML format
// allows: Crossref's face markup (<i>, <sup> ... as elements) in titles and references, JATS inline elements in
// each <jats:p> of an abstract. "Cr<sup>6+</sup>" stays a superscript; nothing arrives as escaped "&lt;i&gt;".
import { decodeEntities, sanitizeRichText } from "#contract/rich-text";
import { xmlText } from "../core/xml";

/** The faces stored rich text can carry (em and strong are italic and bold). */
type Face = "b" | "i" | "u" | "sup" | "sub";
const FACE_OF: Record<string, Face> = { b: "b", strong: "b", i: "i", em: "i", u: "u", sup: "sup", sub: "sub" };

/** Element names per target format. */
export type FaceNames = Record<Face, string>;
export const CROSSREF_FACES: FaceNames = { b: "b", i: "i", u: "u", sup: "sup", sub: "sub" };
export const JATS_FACES: FaceNames = {
  b: "jats:bold",
  i: "jats:italic",
  u: "jats:underline",
  sup: "jats:sup",
  sub: "jats:sub",
};

/**
 * Rich text as paragraphs of XML inline markup. A paragraph ends at <p> boundaries; a face open across one is
 * closed before it and opened again after it, so every paragraph is well-formed on its own. <br> is a space.
 */
export function faceParagraphs(richText: string, names: FaceNames): string[] {
  // A "<" that opens no tag ("n < 5") is text, not a stray tag for the sanitizer to drop.
  const html = sanitizeRichText(String(richText ?? "").replace(/<(?![A-Za-z/!])/g, "&lt;"));
  const paragraphs: string[] = [];
  const open: Face[] = [];
  let current = "";
  const endParagraph = () => {
    for (const face of [...open].reverse()) current += `</${names[face]}>`;
    const tidy = tidyParagraph(current, names);
    if (tidy) paragraphs.push(tidy);
    current = open.map((face) => `<${names[face]}>`).join("");
  };
  let last = 0;
  for (const m of html.matchAll(/<(\/?)([a-z]+)>/g)) {
    current += xmlText(decodeEntities(html.slice(last, m.index)));
    last = m.index + m[0].length;
    const [, closing, tag] = m;
    if (tag === "p") endParagraph();
    else if (tag === "br") current += " ";
    else if (FACE_OF[tag] && !closing) {
      open.push(FACE_OF[tag]);
      current += `<${names[FACE_OF[tag]]}>`;
    } else if (FACE_OF[tag]) {
      // The sanitizer balances tags, so the closing face is the innermost open one.
      open.pop();
      current += `</${names[FACE_OF[tag]]}>`;
    }
  }
  current += xmlText(decodeEntities(html.slice(last)));
  endParagraph();
  return paragraphs;
}

/** One line of inline markup (titles, references): paragraphs joined by a space. */
export function faceMarkup(richText: string, names: FaceNames = CROSSREF_FACES): string {
  return faceParagraphs(richText, names).join(" ");
}

/** White space collapsed, faces left empty by a paragraph break removed; a paragraph with no text is dropped. */
function tidyParagraph(xml: string, names: FaceNames): string {
  const faces = Object.values(names).join("|");
  const empty = new RegExp(`<(${faces})>\\s*</\\1>`, "g");
  let tidy = xml.replace(/\s+/g, " ");
  for (let before = ""; before !== tidy; ) {
    before = tidy;
    tidy = tidy.replace(empty, "");
  }
  tidy = tidy.trim();
  return tidy.replace(new RegExp(`</?(${faces})>`, "g"), "").trim() ? tidy : "";
}
