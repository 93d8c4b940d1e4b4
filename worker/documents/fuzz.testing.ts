// Test helper: the fuzzed documents of issue 15, from fixed seeds, shared by fuzz.test.ts (their layout) and
// fuzz.tools.test.ts (qpdf --check on a sample of the same files).
import { env } from "cloudflare:test";
import { buildCertificate } from "./certificate";
import { buildCoverPage } from "./cover-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildIndexPage } from "./index-page";
import { buildAppointmentCertificate } from "./appointment-certificate";
import { SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_VERIFICATION } from "./sample-documents";
import { putRemoteFonts } from "./remote-fonts.testing";
import { loadFontsFor } from "./remote-fonts";
import { SCRIPT_NAMES } from "./script-names.testing";
import type { ArticleFacts, Branding, EditorFacts } from "./document-data";

/**
 * 500 random articles take ~7 minutes on a shared 2-core machine: the tests run the first 40 (same seed, same
 * articles); the full run is `FUZZ_ARTICLES=500 npm test -- worker/documents/fuzz` (layout) and
 * `FUZZ_ARTICLES=500 npm run test:documents -- worker/documents/fuzz` (qpdf).
 */
export const ARTICLES = Number(env.FUZZ_ARTICLES) || 40;

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

/** The fonts of every script the names use, in R2 and loaded (a test file's beforeAll). */
export async function prepareFonts(): Promise<void> {
  await putRemoteFonts();
  await loadFontsFor(env.FILES, [NAMES.join(" ")]);
}

export interface ArticlePlan {
  i: number;
  article: ArticleFacts;
  branding: Branding;
  author: string;
  chief: EditorFacts | null;
}

/** `count` random articles (seed 15), each with the branding, author and chief its certificate is drawn with. */
export function articlePlans(count: number): ArticlePlan[] {
  const r = random(15);
  const articles = Array.from({ length: count }, (_, i) => randomArticle(r, i));
  return articles.map((article, i) => ({
    i,
    article,
    branding: i % 7 === 0 ? randomBranding(r) : SAMPLE_BRANDING,
    author: r.pick(article.authors),
    chief: i % 2 ? SAMPLE_CHIEF : null,
  }));
}

/** Every 10th article's certificate and cover page go through qpdf --check (fuzz.tools.test.ts). */
export const sampledForQpdf = (plan: ArticlePlan) => plan.i % 10 === 0;

export const articleCertificate = (p: ArticlePlan) =>
  buildCertificate({ branding: p.branding, article: p.article, author: p.author, chief: p.chief, verification: SAMPLE_VERIFICATION });
export const articleCoverPage = (p: ArticlePlan) => buildCoverPage({ branding: p.branding, article: p.article });

/** The index pages of the plans, 50 articles each. */
export function indexBatches(plans: ArticlePlan[]): ArticleFacts[][] {
  const batches: ArticleFacts[][] = [];
  for (let i = 0; i < plans.length; i += 50) batches.push(plans.slice(i, i + 50).map((p) => p.article));
  return batches;
}
export const indexPage = (articles: ArticleFacts[]) => buildIndexPage({ branding: SAMPLE_BRANDING, articles });

/** Five random editorial boards (seed 16) of 1-40 editors; the first 10 of each also get an appointment certificate. */
export function boardPlans(): { branding: Branding; editors: EditorFacts[] }[] {
  const r = random(16);
  return Array.from({ length: 5 }, () => {
    const editors = Array.from({ length: r.int(1, 40) }, (_, i) => randomEditor(r, i + 1));
    return { editors, branding: randomBranding(r) };
  });
}
export const editorialBoard = (b: { branding: Branding; editors: EditorFacts[] }) => buildEditorialBoard(b);
export const appointmentCertificate = (editor: EditorFacts) =>
  buildAppointmentCertificate({ branding: SAMPLE_BRANDING, editor, chief: SAMPLE_CHIEF, verification: SAMPLE_VERIFICATION });

/** One fuzzed document: its label in a failure, the margin its layout keeps (pt), and how to build it. */
export interface FuzzedDocument {
  label: string;
  margin: number;
  build: () => Promise<Uint8Array>;
}

/**
 * The documents of `count` random articles (certificates and cover pages of the plans `take` keeps, then every
 * index page of them all), in the order both checks go through them: the layout (fuzz.test.ts) and qpdf
 * (fuzz.tools.test.ts, which samples the articles).
 */
export function* articleDocuments(count: number, take: (plan: ArticlePlan) => boolean = () => true): Generator<FuzzedDocument> {
  const plans = articlePlans(count);
  for (const plan of plans.filter(take)) {
    yield { label: `article ${plan.i} certificate`, margin: 36, build: () => articleCertificate(plan) };
    yield { label: `article ${plan.i} cover page`, margin: 12, build: () => articleCoverPage(plan) };
  }
  for (const [b, batch] of indexBatches(plans).entries()) yield { label: `index ${b * 50}`, margin: 24, build: () => indexPage(batch) };
}

/** Every random editorial board, and the appointment certificates of its first 10 editors. */
export function* boardDocuments(): Generator<FuzzedDocument> {
  for (const [b, board] of boardPlans().entries()) {
    yield { label: `board ${b}`, margin: 24, build: () => editorialBoard(board) };
    for (const editor of board.editors.slice(0, 10))
      yield { label: `appointment ${editor.id}`, margin: 36, build: () => appointmentCertificate(editor) };
  }
}
