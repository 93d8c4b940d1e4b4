// `npm run bench`: document build times inside workerd. The workers vitest pool has no `bench()` runner, so each
// case is an `it` that times batches itself: workerd's clock ticks in whole milliseconds, so every sample is the
// mean of a batch of runs, and the reported figure is the median of the batches.
import { expect, it } from "vitest";
import { buildCertificate } from "./certificate";
import { buildCoverPage } from "./cover-page";
import { buildEditorialBoard } from "./editorial-board";
import { buildIndexPage } from "./index-page";
import { zipStream } from "./bundles";
import { env } from "cloudflare:test";
import { putRemoteFonts } from "./remote-fonts.testing";
import { forgetRemoteFonts, loadFontsFor } from "./remote-fonts";
import { SCRIPT_NAMES } from "./script-names.testing";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF, SAMPLE_EDITORS, SAMPLE_ISSUE, sampleVerification } from "./sample-documents";

const results: string[] = [];

// biome-ignore lint/suspicious/noConfusingVoidType: a run either returns the document (its size is shown) or nothing
type Run = (i: number) => Promise<Uint8Array | void>;

/**
 * Times each case in batches, the cases' batches alternated (A, B, A, B …) so that a change of load on the shared
 * machine weighs on every case alike: compare cases measured together, not rows of separate calls.
 */
async function measureTogether(cases: Array<[string, Run]>, opts: { batches?: number; perBatch?: number } = {}) {
  const batches = opts.batches ?? 15;
  const perBatch = opts.perBatch ?? 20;
  const sizes = cases.map(() => 0);
  const samples: number[][] = cases.map(() => []);
  for (const [, run] of cases) for (let i = 0; i < 5; i++) await run(-1 - i); // warm-up: font parsing, caches, JIT
  let n = 0;
  for (let b = 0; b < batches; b++) {
    for (const [k, [, run]] of cases.entries()) {
      const start = performance.now();
      for (let i = 0; i < perBatch; i++) {
        const out = await run(n++);
        if (out) sizes[k] = out.length;
      }
      samples[k].push((performance.now() - start) / perBatch);
    }
  }
  return cases.map(([name], k) => {
    const sorted = samples[k].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    results.push(
      `| ${name} | ${median.toFixed(2)} ms | ${sorted[0].toFixed(2)}–${sorted[sorted.length - 1].toFixed(2)} ms | ${sizes[k] ? `${(sizes[k] / 1024).toFixed(1)} KB` : "—"} |`,
    );
    return median;
  });
}

const measure = async (name: string, run: Run, opts: { batches?: number; perBatch?: number } = {}) =>
  (await measureTogether([[name, run]], opts))[0];

/** Distinct names per run, so per-isolate layout caches do not flatter the figures. */
const NAMES = ["Aynur Məmmədova", "Şükrü Işık", "Nguyễn Thị Minh", "Adaeze Okonkwo", "Rahul Sharma"];
/** A different verification code per run, so each certificate encodes its own QR (as the Worker's do). */
const verificationFor = (i: number) => sampleVerification(`7K2M-9QXD-${String(Math.abs(i) % 10000).padStart(4, "0")}`);
const certificate = (author: string, i = 0) =>
  buildCertificate({ branding: SAMPLE_BRANDING, article: SAMPLE_ARTICLE, author, chief: SAMPLE_CHIEF, verification: verificationFor(i) });

it("measures the documents", { timeout: 300_000 }, async () => {
  // The first certificate in a fresh isolate: fonts parsed, shapers and code not yet compiled (one sample).
  const coldStart = performance.now();
  const cold = await certificate("Aynur Məmmədova");
  results.push(
    `| first certificate in the isolate (cold: font parsing, JIT), one sample | ${(performance.now() - coldStart).toFixed(0)} ms | — | ${(cold.length / 1024).toFixed(1)} KB |`,
  );
  // The same page without the QR block and its address (the certificate as it was before issue 31), in batches
  // alternated with the certificate as issued now.
  await measureTogether([
    [
      "certificate, Latin names, without the verification mark (before issue 31)",
      (i) =>
        buildCertificate({
          branding: SAMPLE_BRANDING,
          article: SAMPLE_ARTICLE,
          author: `${NAMES[Math.abs(i) % 5]} ${i}`,
          chief: SAMPLE_CHIEF,
          verification: null,
        }),
    ],
    ["certificate, Latin names (Aynur Məmmədova …)", (i) => certificate(`${NAMES[Math.abs(i) % 5]} ${i}`, i)],
  ]);
  // Every word of the title made new each run (the layout caches miss): what a warm isolate pays for another article.
  const freshTitle = (i: number) => ({
    ...SAMPLE_ARTICLE,
    titleHtml: SAMPLE_ARTICLE.titleHtml.replace(/[A-Za-z]+(?![^<]*>)/g, (w) => `${w}${Math.abs(i)}`),
  });
  await measure("certificate, Latin name, new title each run", (i) =>
    buildCertificate({
      branding: SAMPLE_BRANDING,
      article: freshTitle(i),
      author: `${NAMES[Math.abs(i) % 5]} ${i}`,
      chief: SAMPLE_CHIEF,
      verification: verificationFor(i),
    }),
  );
  await measure("certificate, Arabic name", (i) => certificate(`محمد عبد الله ${i}`, i));
  await measure("certificate, Bengali name", (i) => certificate(`রবীন্দ্রনাথ ঠাকুর ${i}`, i));
  await measure("cover page", () => buildCoverPage({ branding: SAMPLE_BRANDING, article: SAMPLE_ARTICLE }));
  await measure("editorial board (24 editors, 3 pages)", () => buildEditorialBoard({ branding: SAMPLE_BRANDING, editors: SAMPLE_EDITORS }));
  await measure("index page (12 articles)", () => buildIndexPage({ branding: SAMPLE_BRANDING, articles: SAMPLE_ISSUE }));
  // Scripts whose fonts live in R2: a cold certificate fetches and parses the face (one sample per script, the
  // isolate's R2 fonts forgotten first); warm ones reuse it (the font stays loaded in the isolate).
  await putRemoteFonts();
  const coldTimes: number[] = [];
  for (const [script, name] of SCRIPT_NAMES.filter(([s]) =>
    ["Tamil", "Telugu", "Malayalam", "Sinhala", "Hebrew", "Thai", "Chinese", "Korean"].includes(s),
  )) {
    forgetRemoteFonts();
    const start = performance.now();
    await loadFontsFor(env.FILES, [name]);
    const bytes = await certificate(name);
    coldTimes.push(performance.now() - start);
    results.push(
      `| certificate, ${script} name, font cold from R2 (fetch + parse + build), one sample | ${coldTimes.at(-1)!.toFixed(0)} ms | — | ${(bytes.length / 1024).toFixed(1)} KB |`,
    );
  }
  await loadFontsFor(
    env.FILES,
    SCRIPT_NAMES.map(([, n]) => n),
  );
  await measure("certificate, 20 scripts in turn (warm, R2 fonts loaded)", async (i) => {
    const name = SCRIPT_NAMES[Math.abs(i) % SCRIPT_NAMES.length][1];
    await loadFontsFor(env.FILES, [name]);
    return certificate(`${name} ${i}`);
  });
  let zipBytes = 0;
  const zipMedian = await measure(
    "150-certificate zip, streamed to the end",
    async (run) => {
      const entries = Array.from({ length: 150 }, (_, i) => ({
        name: `certificate-${i}.pdf`,
        build: () => certificate(`${NAMES[i % 5]} ${run}-${i}`, run * 1000 + i),
      }));
      const reader = zipStream(entries).getReader();
      zipBytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        zipBytes += value.length;
      }
    },
    { batches: 5, perBatch: 1 },
  );
  results[results.length - 1] = results[results.length - 1].replace(/\| — \|$/, `| ${(zipBytes / 1024 / 1024).toFixed(2)} MB |`);
  console.log(["", "| Document (inside workerd) | median | batch range | size |", "|---|---|---|---|", ...results, ""].join("\n"));
  // Reported, not asserted: timings on a shared machine vary too much for a pass/fail line.
  expect(zipMedian).toBeGreaterThan(0);
});
