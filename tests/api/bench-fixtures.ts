// The benchmark journal of worker/pages/*.bench.ts: one issue of 500 articles with realistic titles, abstracts and
// author lists, and the paths of that issue's page and of an article in the middle of it.
import { createArticle, createIssue, createJournal, type TestJournal } from "./fixtures";

export const BENCH_ARTICLES = 500;

export async function benchJournal(): Promise<{ journal: TestJournal; articlePath: string; issuePath: string }> {
  const journal = await createJournal({ websitename: "International Journal of Benchmarks" });
  await createIssue(journal.id, 2025, 7, 2);
  const words = "soil nitrogen yield rhizobium wheat irrigation salinity drought phosphorus maize".split(" ");
  for (let i = 1; i <= BENCH_ARTICLES; i++) {
    await createArticle(journal.id, {
      refnumber: `BEN-${i}`,
      title: `Effect of <i>${words[i % 10]}</i> on ${words[(i * 3) % 10]} and ${words[(i * 7) % 10]} in field trial ${i}`,
      abstract: `<p>${`We measured ${words[i % 10]} across twelve districts over three seasons. `.repeat(8)}</p>`,
      authorname: "Asha Verma, Rahul Singh, Li Wei, María José García",
      year: 2025,
      volume: 7,
      issue: 2,
      pagenumber: `${i * 8 - 7}-${i * 8}`,
      file: `BEN-${i}.pdf`,
      keywords: "soil, crops, field trial",
    });
  }
  return {
    journal,
    articlePath: `/archives/2025/vol7/issue2/BEN-${Math.ceil(BENCH_ARTICLES / 2)}`,
    issuePath: "/archives/2025/vol7/issue2",
  };
}

/** Median of `batches` batch means (workerd's clock ticks in whole milliseconds, so one call is too short). */
export async function medianMs(run: () => Promise<unknown>, opts: { batches?: number; perBatch?: number } = {}) {
  const batches = opts.batches ?? 10;
  const perBatch = opts.perBatch ?? 10;
  for (let i = 0; i < 3; i++) await run(); // warm-up: JIT, the built shell read once per isolate
  const samples: number[] = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) await run();
    samples.push((performance.now() - start) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1] };
}
