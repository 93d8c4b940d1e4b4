// Fuzzed documents (issue 15): 500 random articles (titles up to 2,000 characters, 1-30 authors in mixed scripts)
// and random editors, into every document kind. Asserts, from the layout's own measurements, that no line of text
// leaves the page's printable area or overlaps another, and that the files pass qpdf --check without warnings.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { buildCoverPage } from "./cover-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildIndexPage } from "./index-page";
import { buildAppointmentCertificate } from "./appointment-certificate";
import { SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_VERIFICATION } from "./sample-documents";
import { recordLayout, type RecordedPage } from "./pdf-writer";
import { fileCheck } from "./file-check.testing";
import { putRemoteFonts } from "./remote-fonts.testing";
import { loadFontsFor } from "./remote-fonts";
import { SCRIPT_NAMES } from "./script-names.testing";
import type { ArticleFacts, Branding, EditorFacts } from "./document-data";

/** Deterministic PRNG (mulberry32): a failure names its seed and replays. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];
  return { next, int, pick };
}

const NAMES = SCRIPT_NAMES.map(([, n]) => n);
const WORDS = [
  ...NAMES.flatMap((n) => n.split(" ")),
  ..."analysis of antimicrobial resistance in peri-urban irrigation canals under climate variability: a longitudinal study".split(" "),
  "Pneumonoultramicroscopicsilicovolcanoconiosis",
  "CO<sub>2</sub>",
  "<i>Escherichia coli</i>",
  "H<sub>2</sub>O",
  "x<sup>2</sup>",
  "(محمد)",
  "2024–2025",
];

function randomText(r: ReturnType<typeof random>, maxChars: number): string {
  const target = r.int(1, maxChars);
  let s = "";
  while (s.length < target) s += `${r.pick(WORDS)} `;
  return (
    s
      .slice(0, target)
      .replace(/<[^>]*$/, "")
      .trim() || "Untitled"
  );
}

function randomArticle(r: ReturnType<typeof random>, i: number): ArticleFacts {
  const titleHtml = randomText(r, r.next() < 0.3 ? 2000 : 300);
  const authors = Array.from({ length: r.int(1, 30) }, () =>
    r.next() < 0.15 ? `${r.pick(NAMES)} ${r.pick(NAMES)} ${r.pick(NAMES)}` : r.pick(NAMES),
  );
  const first = r.int(1, 900);
  const last = r.next() < 0.2 ? first : first + r.int(1, 40);
  return {
    refnumber: `FUZZ-${i}-${"X".repeat(r.int(0, 60))}`,
    titleHtml,
    title: titleHtml.replace(/<[^>]+>/g, ""),
    authors,
    year: 2024,
    volume: r.int(0, 9999),
    issue: r.int(0, 999),
    pages: first === last ? String(first) : `${first}–${last}`,
    published: "March 2024",
  };
}

function randomEditor(r: ReturnType<typeof random>, i: number): EditorFacts {
  const long = r.next() < 0.3;
  return {
    ...SAMPLE_CHIEF,
    id: i,
    name: long ? `Dr. ${r.pick(NAMES)} ${r.pick(NAMES)} ${r.pick(NAMES)} ${r.pick(NAMES)}` : `Dr. ${r.pick(NAMES)}`,
    degree: long ? "Ph.D., D.Sc., M.Phil., M.Sc. (Hons.), FRSC, FNASc, FRCP (Edin.)" : r.pick(["", "Ph.D.", "M.D."]),
    post: r.pick(["Professor", "Associate Professor", "Assistant Professor"]),
    affiliation: randomText(r, long ? 2000 : 120),
    country: r.pick(["India", "Sri Lanka", "Israel", "Thailand", "Republic of Korea", ""]),
    category: r.pick(["chief editor", "associate editor", "assistant editor"]),
    role: "Associate Editor",
  };
}

function randomBranding(r: ReturnType<typeof random>): Branding {
  return { ...SAMPLE_BRANDING, name: r.next() < 0.3 ? randomText(r, 300) : SAMPLE_BRANDING.name };
}

/** Every text box inside the page less `margin`, and no two boxes overlapping (ascent 0.8, descent 0.25 em). */
function layoutProblems(pages: RecordedPage[], margin: number): string[] {
  const problems: string[] = [];
  pages.forEach((page, p) => {
    const boxes = page.texts
      .filter((t) => t.width > 0 && t.text.trim())
      .map((t) => ({ ...t, x0: t.x, x1: t.x + t.width, y0: t.y - 0.25 * t.size, y1: t.y + 0.8 * t.size }));
    for (const b of boxes) {
      if (b.x0 < margin - 0.01 || b.x1 > page.width - margin + 0.01 || b.y0 < margin - 0.01 || b.y1 > page.height - margin + 0.01) {
        problems.push(
          `page ${p + 1}: "${b.text.slice(0, 40)}" at ${b.x0.toFixed(1)}..${b.x1.toFixed(1)} × ${b.y0.toFixed(1)}..${b.y1.toFixed(1)} leaves the page`,
        );
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        if (w > 0.5 && h > 0.5) problems.push(`page ${p + 1}: "${a.text.slice(0, 30)}" overlaps "${b.text.slice(0, 30)}"`);
      }
    }
  });
  return problems;
}

/**
 * 500 random articles take ~7 minutes on a shared 2-core machine: `npm test` runs the first 40 (same seed, same
 * articles); the full run is `FUZZ_ARTICLES=500 npm test -- worker/documents/fuzz`.
 */
const ARTICLES = Number(env.FUZZ_ARTICLES) || 40;

describe("fuzzed documents", () => {
  beforeAll(async () => {
    await putRemoteFonts();
    await loadFontsFor(env.FILES, [NAMES.join(" ")]);
  }, 180_000);

  it(`lays out ${ARTICLES} random articles on certificates, cover pages and index pages inside their boxes, qpdf-clean`, async () => {
    const r = random(15);
    const articles = Array.from({ length: ARTICLES }, (_, i) => randomArticle(r, i));
    const problems: string[] = [];
    const checked: Uint8Array[] = [];
    for (const [i, article] of articles.entries()) {
      const branding = i % 7 === 0 ? randomBranding(r) : SAMPLE_BRANDING;
      const author = r.pick(article.authors);
      let cert!: Uint8Array;
      let cover!: Uint8Array;
      const certPages = await recordLayout(
        async () =>
          (cert = await buildCertificate({
            branding,
            article,
            author,
            chief: i % 2 ? SAMPLE_CHIEF : null,
            verification: SAMPLE_VERIFICATION,
          })),
      );
      const coverPages = await recordLayout(async () => (cover = await buildCoverPage({ branding, article })));
      problems.push(...layoutProblems(certPages, 36).map((p) => `article ${i} certificate: ${p}`));
      problems.push(...layoutProblems(coverPages, 12).map((p) => `article ${i} cover page: ${p}`));
      if (i % 10 === 0) checked.push(cert, cover);
    }
    for (let i = 0; i < ARTICLES; i += 50) {
      let index!: Uint8Array;
      const pages = await recordLayout(
        async () => (index = await buildIndexPage({ branding: SAMPLE_BRANDING, articles: articles.slice(i, i + 50) })),
      );
      problems.push(...layoutProblems(pages, 24).map((p) => `index ${i}: ${p}`));
      checked.push(index);
    }
    expect(problems.slice(0, 20)).toEqual([]);
    for (const bytes of checked) {
      const result = await fileCheck("qpdf-check", bytes);
      expect(result.ok, result.output).toBe(true);
    }
  }, 600_000);

  it("lays out random editorial boards and appointment certificates inside their boxes, qpdf-clean", async () => {
    const r = random(16);
    const problems: string[] = [];
    const checked: Uint8Array[] = [];
    for (let b = 0; b < 5; b++) {
      const editors = Array.from({ length: r.int(1, 40) }, (_, i) => randomEditor(r, i + 1));
      let board!: Uint8Array;
      const pages = await recordLayout(async () => (board = await buildEditorialBoard({ branding: randomBranding(r), editors })));
      problems.push(...layoutProblems(pages, 24).map((p) => `board ${b}: ${p}`));
      checked.push(board);
      for (const editor of editors.slice(0, 10)) {
        let cert!: Uint8Array;
        const certPages = await recordLayout(
          async () =>
            (cert = await buildAppointmentCertificate({
              branding: SAMPLE_BRANDING,
              editor,
              chief: SAMPLE_CHIEF,
              verification: SAMPLE_VERIFICATION,
            })),
        );
        problems.push(...layoutProblems(certPages, 36).map((p) => `appointment ${editor.id}: ${p}`));
        checked.push(cert);
      }
    }
    expect(problems.slice(0, 20)).toEqual([]);
    for (const bytes of checked) {
      const result = await fileCheck("qpdf-check", bytes);
      expect(result.ok, result.output).toBe(true);
    }
  }, 600_000);
});
