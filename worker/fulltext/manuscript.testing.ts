// Test helper: a Word manuscript with every element the converter carries over (issue 51 item 1) — title, headings
// of two levels, paragraphs with bold, italic, superscript and subscript, a bulleted and a numbered list, a table
// with a header row and its caption, a figure (PNG) with its caption, two footnotes, an inline and a display
// equation, numbered citations, a reference list (one with a DOI) — and a text box the converter cannot carry over.
import { barChartPng } from "../../scripts/demo/chart-png";
import { omml, writeDocx } from "../../scripts/demo/docx-writer";

export const MANUSCRIPT_REFERENCES = [
  "Rao AK, Singh P. Heavy metals in river sediments of Kerala. J Environ Sci. 2020;12(3):45-52. doi:10.1016/j.jes.2020.01.005",
  "Okafor C, Bello T. Nitrogen fixation by Rhizobium in cowpea. Afr J Biotechnol. 2018;17(4):101-109.",
  "Smith, J., & Brown, L. (2019). Soil organic carbon under conservation tillage. Journal of Agricultural Science, 157(2), 120–131.",
];

export function everyElementManuscript(): Uint8Array {
  return writeDocx([
    { kind: "title", text: "A manuscript with every element" },
    { kind: "heading", level: 1, text: "Introduction" },
    {
      kind: "paragraph",
      runs: [
        "Heavy metals ",
        { text: "accumulate", bold: true },
        " in ",
        { text: "Oryza sativa", italic: true },
        " grown on soils with Cd",
        { text: "2+", sup: true },
        " and CO",
        { text: "2", sub: true },
        " enrichment [1].",
        { footnote: "Samples were collected in the dry season of 2023." },
        " Earlier work agrees [2–3].",
      ],
    },
    { kind: "heading", level: 2, text: "Study area" },
    { kind: "list", ordered: false, items: [["Coastal plains"], ["Midland laterite"]] },
    { kind: "list", ordered: true, items: [["Sampling"], ["Digestion"], ["Measurement"]] },
    { kind: "heading", level: 1, text: "Methods" },
    {
      kind: "paragraph",
      runs: [
        "The enrichment factor ",
        { math: omml.sub(omml.r("E"), omml.r("f")) },
        " was computed as follows.",
        { footnote: "After Sutherland (2000)." },
      ],
    },
    { kind: "equation", math: `${omml.sub(omml.r("E"), omml.r("f"))}${omml.r("=")}${omml.f(omml.r("C_s"), omml.rad(omml.r("C_b+1")))}` },
    {
      kind: "table",
      caption: "Table 1. Metal concentrations (mg/kg)",
      header: ["Site", "Cd", "Pb"],
      rows: [
        ["A", "0.8", "12.1"],
        ["B", "1.4", "19.6"],
      ],
    },
    {
      kind: "figure",
      png: barChartPng([0.3, 0.6, 0.9], [31, 74, 122]),
      width: 480,
      height: 300,
      alt: "Bar chart of cadmium by site",
      caption: "Figure 1. Cadmium by site",
    },
    { kind: "textbox", text: "A side note in a text box" },
    { kind: "references", heading: "References", items: MANUSCRIPT_REFERENCES },
  ]);
}
