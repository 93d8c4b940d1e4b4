// The demo's Word manuscripts (issue 51): real-looking papers written with the OOXML writer — sections with
// paragraphs citing the references, a bulleted and a numbered list, tables with captions, bar-chart figures with
// captions, footnotes, an inline and a display equation, and a numbered reference list with DOIs on some. The sizes
// are parameters: the demo's three articles use the defaults, the long-article benchmark 10 figures, 5 tables and
// 60 references over about 30 pages.
import { barChartPng } from "./chart-png";
import { type Block, omml, writeDocx } from "./docx-writer";

const SENTENCES = [
  "Previous investigations have addressed related questions, but their results are difficult to compare because of differences in sampling and methods.",
  "Reliable baseline information is a prerequisite for evidence-based planning and for the design of follow-up studies.",
  "Each experiment was performed in triplicate and the results are expressed as mean ± standard deviation.",
  "Statistical analysis was carried out using one-way analysis of variance followed by Tukey's post hoc test.",
  "These observations are consistent with earlier reports and support the hypothesis formulated in the introduction.",
  "The differences between treatments can be attributed to variations in composition and to the experimental conditions applied.",
  "The relatively high values recorded in this study may reflect local environmental factors and seasonal influences.",
  "Further work with a larger number of samples is required to confirm the generality of these findings.",
  "Sensitivity analysis showed that the main conclusions are robust to moderate changes in the assumptions.",
  "Limitations of the study include the relatively short observation period and the single study area.",
];
const FAMILIES = ["Rao", "Okafor", "Singh", "Hassan", "Nguyen", "Mensah", "Kumar", "Aliyev", "Santos", "Rahman", "Ibrahim", "Pereira"];
const JOURNALS = ["J Environ Sci", "Afr J Biotechnol", "Asian J Chem", "Environ Monit Assess", "J Agric Sci", "Sci Rep"];
const TOPICS = [
  "heavy metals in river sediments",
  "nitrogen fixation in cowpea",
  "soil organic carbon",
  "groundwater nitrate",
  "rice yield under drought",
  "biochar amendments",
];

export interface ManuscriptSize {
  sections: number;
  paragraphsPerSection: number;
  figures: number;
  tables: number;
  references: number;
}

export const DEMO_MANUSCRIPT: ManuscriptSize = { sections: 5, paragraphsPerSection: 3, figures: 2, tables: 1, references: 32 };
/** Issue 51's long article: about 30 A4 pages with 10 figures, 5 tables and 60 references. */
export const LONG_MANUSCRIPT: ManuscriptSize = { sections: 8, paragraphsPerSection: 16, figures: 10, tables: 5, references: 60 };

const pick = <T>(list: T[], n: number) => list[((n % list.length) + list.length) % list.length];

export function demoReferences(count: number, seed: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = seed * 7 + i;
    const authors = `${pick(FAMILIES, n)} ${"ABCDEFGHKMPRS"[n % 13]}${"KLMNP"[n % 5]}, ${pick(FAMILIES, n + 3)} ${"ABCDEFGHKMPRS"[(n + 5) % 13]}`;
    const year = 2005 + (n % 19);
    const topic = pick(TOPICS, n + i);
    const doi = i % 3 === 0 ? ` doi:10.5555/demo.${seed}.${i + 1}` : "";
    return `${authors}. A study of ${topic} in ${["Kerala", "Lagos", "Dhaka", "Baku", "Java"][n % 5]} (${i + 1}). ${pick(JOURNALS, n)}. ${year};${3 + (n % 40)}(${1 + (n % 6)}):${10 + n}-${20 + n}.${doi}`;
  });
}

export function demoManuscript(title: string, seed: number, size: ManuscriptSize = DEMO_MANUSCRIPT): Uint8Array {
  const refs = demoReferences(size.references, seed);
  const blocks: Block[] = [{ kind: "title", text: title }];
  const names = [
    "Introduction",
    "Materials and Methods",
    "Results",
    "Discussion",
    "Conclusion",
    "Study Area",
    "Statistical Analysis",
    "Outlook",
  ];
  let figure = 0;
  let table = 0;
  let cite = 0;
  for (let s = 0; s < size.sections; s++) {
    blocks.push({ kind: "heading", level: 1, text: `${s + 1}. ${pick(names, s)}` });
    for (let p = 0; p < size.paragraphsPerSection; p++) {
      const sentences = Array.from({ length: 5 }, (_, k) => pick(SENTENCES, seed + s * 3 + p + k));
      const a = (cite++ % refs.length) + 1;
      const b = (cite++ % refs.length) + 1;
      const runs: Block & { kind: "paragraph" } = {
        kind: "paragraph",
        runs: [`${sentences.slice(0, 3).join(" ")} [${a}]. `, sentences.slice(3).join(" "), ` [${b}].`],
      };
      if (s === 0 && p === 0) runs.runs.push({ footnote: "Samples were collected between January and March." });
      if (s === 1 && p === 0) {
        runs.runs.push(" The enrichment factor ", { math: omml.sub(omml.r("E"), omml.r("f")) }, " was computed as below.");
        blocks.push(runs, {
          kind: "equation",
          math: `${omml.sub(omml.r("E"), omml.r("f"))}${omml.r("=")}${omml.f(omml.r("C_s/C_b"), omml.r("R_s/R_b"))}`,
        });
        blocks.push({ kind: "list", ordered: true, items: [["Sample collection"], ["Acid digestion"], ["Measurement by AAS"]] });
        continue;
      }
      blocks.push(runs);
      if (p === 1 && s === 2)
        blocks.push({ kind: "list", ordered: false, items: [["Site A: coastal plain"], ["Site B: midland laterite"]] });
      if ((p + 1) % Math.max(1, Math.floor(size.paragraphsPerSection / 2)) === 0 && s >= 2) {
        if (figure < size.figures) {
          figure++;
          const values = Array.from({ length: 6 }, (_, k) => 0.2 + ((seed + figure * 3 + k * 7) % 10) / 12);
          blocks.push({
            kind: "figure",
            png: barChartPng(values, [31 + figure * 10, 74, 122]),
            width: 480,
            height: 300,
            alt: `Bar chart of six sites for measurement ${figure}`,
            caption: `Figure ${figure}. Mean values of measurement ${figure} at six sites`,
          });
        }
        if (table < size.tables) {
          table++;
          blocks.push({
            kind: "table",
            caption: `Table ${table}. Concentrations at the sampling sites (mg/kg)`,
            header: ["Site", "Cd", "Pb", "Zn", "Cu", "Ni"],
            rows: Array.from({ length: 6 }, (_, r) => [
              `S${r + 1}`,
              ...Array.from({ length: 5 }, (_, c) => ((seed + r * 5 + c * 3 + table) % 40) / 2 + 0.5).map((v) => v.toFixed(1)),
            ]),
          });
        }
      }
    }
  }
  while (figure < size.figures || table < size.tables) {
    if (figure < size.figures) {
      figure++;
      blocks.push({
        kind: "figure",
        png: barChartPng([0.3, 0.5, 0.7, 0.4], [40, 90, 60]),
        width: 480,
        height: 300,
        alt: `Bar chart ${figure}`,
        caption: `Figure ${figure}. Further results`,
      });
    }
    if (table < size.tables) {
      table++;
      blocks.push({
        kind: "table",
        caption: `Table ${table}. Further results`,
        header: ["Site", "Value"],
        rows: [
          ["S1", "1.2"],
          ["S2", "3.4"],
        ],
      });
    }
  }
  blocks.push({ kind: "references", heading: "References", items: refs });
  return writeDocx(blocks);
}
