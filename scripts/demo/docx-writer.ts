// A small OOXML (WordprocessingML) writer for the demo's manuscripts and the converter's tests: headings, paragraphs
// with bold/italic/superscript/subscript runs, bulleted and numbered lists, tables with a header row, figures (PNG)
// with captions, footnotes, Office Math equations and a numbered reference list, in the package Word itself writes
// (styles, numbering, footnotes parts). Runtime-neutral (fflate only), so tests in workerd and `npm run seed` share it.
import { strToU8, zipSync } from "fflate";

export type Run =
  | string
  | { text: string; bold?: boolean; italic?: boolean; sup?: boolean; sub?: boolean }
  | { footnote: string }
  | { math: string };

export type Block =
  | { kind: "title"; text: string }
  | { kind: "heading"; level: 1 | 2 | 3; text: string }
  | { kind: "paragraph"; runs: Run[] }
  | { kind: "list"; ordered: boolean; items: Run[][] }
  | { kind: "table"; caption: string; header: string[]; rows: string[][] }
  | { kind: "figure"; png: Uint8Array; width: number; height: number; alt: string; caption: string }
  | { kind: "equation"; math: string }
  | { kind: "references"; heading: string; items: string[] }
  /** Something a converter cannot carry over (a text box): its text must be reported, never silently lost. */
  | { kind: "textbox"; text: string };

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const NS = [
  W,
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
].join(" ");

export const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const textRun = (text: string, props = "") =>
  `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r>`;

/** Office Math builders (OMML), enough for the equations of a paper: runs, fractions, scripts, radicals, sums. */
export const omml = {
  r: (text: string) => `<m:r><m:t xml:space="preserve">${xmlEscape(text)}</m:t></m:r>`,
  f: (num: string, den: string) => `<m:f><m:num>${num}</m:num><m:den>${den}</m:den></m:f>`,
  sup: (base: string, sup: string) => `<m:sSup><m:e>${base}</m:e><m:sup>${sup}</m:sup></m:sSup>`,
  sub: (base: string, sub: string) => `<m:sSub><m:e>${base}</m:e><m:sub>${sub}</m:sub></m:sSub>`,
  rad: (body: string) => `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${body}</m:e></m:rad>`,
  sum: (from: string, to: string, body: string) =>
    `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${from}</m:sub><m:sup>${to}</m:sup><m:e>${body}</m:e></m:nary>`,
  paren: (body: string) => `<m:d><m:e>${body}</m:e></m:d>`,
};

interface Parts {
  media: { name: string; data: Uint8Array }[];
  footnotes: string[];
  rels: string[];
}

function runsXml(runs: Run[], parts: Parts): string {
  return runs
    .map((run) => {
      if (typeof run === "string") return textRun(run);
      if ("footnote" in run) {
        parts.footnotes.push(run.footnote);
        const id = parts.footnotes.length;
        return `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
      }
      if ("math" in run) return `<m:oMath>${run.math}</m:oMath>`;
      const props = [
        run.bold ? "<w:b/>" : "",
        run.italic ? "<w:i/>" : "",
        run.sup ? '<w:vertAlign w:val="superscript"/>' : "",
        run.sub ? '<w:vertAlign w:val="subscript"/>' : "",
      ].join("");
      return textRun(run.text, props);
    })
    .join("");
}

const para = (content: string, style = "", numbering = "") =>
  `<w:p>${style || numbering ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ""}${numbering}</w:pPr>` : ""}${content}</w:p>`;

function figureXml(b: Extract<Block, { kind: "figure" }>, parts: Parts): string {
  parts.media.push({ name: `image${parts.media.length + 1}.png`, data: b.png });
  const n = parts.media.length;
  const rid = `rIdImg${n}`;
  parts.rels.push(
    `<Relationship Id="${rid}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image${n}.png"/>`,
  );
  // 9525 EMU per pixel at 96 dpi; at most 15 cm wide.
  const scale = Math.min(1, 5_400_000 / (b.width * 9525));
  const cx = Math.round(b.width * 9525 * scale);
  const cy = Math.round(b.height * 9525 * scale);
  const drawing = `<w:r><w:drawing><wp:inline><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${n}" name="Figure ${n}" descr="${xmlEscape(b.alt)}"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${n}" name="image${n}.png" descr="${xmlEscape(b.alt)}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
  return para(drawing) + para(textRun(b.caption), "Caption");
}

function tableXml(b: Extract<Block, { kind: "table" }>): string {
  const cell = (text: string, bold: boolean) =>
    `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${para(textRun(text, bold ? "<w:b/>" : ""))}</w:tc>`;
  const header = `<w:tr><w:trPr><w:tblHeader/></w:trPr>${b.header.map((h) => cell(h, true)).join("")}</w:tr>`;
  const rows = b.rows.map((r) => `<w:tr>${r.map((c) => cell(c, false)).join("")}</w:tr>`).join("");
  return `${para(textRun(b.caption), "Caption")}<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>${header}${rows}</w:tbl>`;
}

function textboxXml(text: string): string {
  return `<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:docPr id="900" name="Text Box"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx><w:txbxContent>${para(textRun(text))}</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice></mc:AlternateContent></w:r></w:p>`;
}

function blockXml(b: Block, parts: Parts): string {
  switch (b.kind) {
    case "title":
      return para(textRun(b.text), "Title");
    case "heading":
      return para(textRun(b.text), `Heading${b.level}`);
    case "paragraph":
      return para(runsXml(b.runs, parts));
    case "list": {
      const numbering = `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${b.ordered ? 2 : 1}"/></w:numPr>`;
      return b.items.map((item) => para(runsXml(item, parts), "ListParagraph", numbering)).join("");
    }
    case "table":
      return tableXml(b);
    case "figure":
      return figureXml(b, parts);
    case "equation":
      return `<w:p><m:oMathPara><m:oMath>${b.math}</m:oMath></m:oMathPara></w:p>`;
    case "references":
      return (
        para(textRun(b.heading), "Heading1") +
        b.items.map((item) => para(textRun(item), "ListParagraph", '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr>')).join("")
      );
    case "textbox":
      return textboxXml(b.text);
  }
}

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles ${W}>${[
  ["Normal", "Normal", ""],
  ["Title", "Title", '<w:basedOn w:val="Normal"/>'],
  ["Heading1", "heading 1", '<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr>'],
  ["Heading2", "heading 2", '<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr>'],
  ["Heading3", "heading 3", '<w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr>'],
  ["Caption", "caption", '<w:basedOn w:val="Normal"/>'],
  ["ListParagraph", "List Paragraph", '<w:basedOn w:val="Normal"/>'],
]
  .map(([id, name, more]) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/>${more}</w:style>`)
  .join(
    "",
  )}<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style></w:styles>`;

const abstractNum = (id: number, fmt: string, text: string) =>
  `<w:abstractNum w:abstractNumId="${id}"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/></w:lvl></w:abstractNum>`;
const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering ${W}>${abstractNum(0, "bullet", "•")}${abstractNum(1, "decimal", "%1.")}${abstractNum(2, "decimal", "[%1]")}<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num></w:numbering>`;

/** The .docx file of these blocks. */
export function writeDocx(blocks: Block[]): Uint8Array {
  const parts: Parts = { media: [], footnotes: [], rels: [] };
  const body = blocks.map((b) => blockXml(b, parts)).join("");
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${NS}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;
  const footnotes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>${parts.footnotes
    .map(
      (text, i) =>
        `<w:footnote w:id="${i + 1}"><w:p><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>${textRun(` ${text}`)}</w:p></w:footnote>`,
    )
    .join("")}</w:footnotes>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/><Relationship Id="rIdFootnotes" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>${parts.rels.join("")}</Relationships>`;
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/><Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>`;
  const pkgRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  const files: Record<string, Uint8Array> = {
    "[Content_Types].xml": strToU8(contentTypes),
    "_rels/.rels": strToU8(pkgRels),
    "word/document.xml": strToU8(document),
    "word/styles.xml": strToU8(STYLES),
    "word/numbering.xml": strToU8(NUMBERING),
    "word/footnotes.xml": strToU8(footnotes),
    "word/_rels/document.xml.rels": strToU8(rels),
  };
  for (const m of parts.media) files[`word/media/${m.name}`] = m.data;
  return zipSync(files, { level: 6 });
}
