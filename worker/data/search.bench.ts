// `npm run bench:search` (also part of `npm run bench`): search and lists at 100,000 articles, inside workerd on
// the D1 binding. Builds the fixed-seed data set (tests/bench/search-dataset.ts), then times each request the
// way the API answers it today (through the Worker) and the way it answered before issue #11 (the old query,
// tests/bench/legacy-search.ts, on the same rows), and prints medians, ratios and answer sizes.
// workerd's clock advances only across I/O, so every sample is the mean of a batch of sequential requests.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";
import { db } from "../../tests/api/fixtures";
import { createAdmin, tokenFor } from "../../tests/api/auth-fixtures";
import { BENCH_JOURNALS, BIG_ISSUE, wordAtRank } from "../../tests/bench/search-dataset";
import { loadBenchData } from "../../tests/bench/search-load";
import { createLegacyIndex, legacyIssueList, legacySearch } from "../../tests/bench/legacy-search";
import { searchAllArticles, searchPublicArticles } from "./search.repo";
import { listIssueArticlesAll, listPublicIssueArticles } from "./articles.repo";
import { toAdminListItem, toAdminSearchResults, toListItem, toSearchResults } from "../routes/archives/article-answers";

interface Sample {
  median: number;
  bytes: number;
}

async function measure(run: () => Promise<string>, opts: { batches: number; perBatch: number }): Promise<Sample> {
  let bytes = 0;
  for (let i = 0; i < 2; i++) bytes = new TextEncoder().encode(await run()).length; // warm-up
  const samples: number[] = [];
  for (let b = 0; b < opts.batches; b++) {
    const start = performance.now();
    for (let i = 0; i < opts.perBatch; i++) await run();
    samples.push((performance.now() - start) / opts.perBatch);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], bytes };
}

/**
 * Two ways of answering measured in turns (a batch of one, then a batch of the other, `rounds` times), so a change
 * in the machine's speed during the run (it is shared and noisy) weighs on both sides of their ratio alike.
 */
async function measureInTurns(
  a: () => Promise<string>,
  b: () => Promise<string>,
  opts: { rounds: number; perBatchA: number; perBatchB: number },
): Promise<[Sample, Sample]> {
  const sides = [
    { run: a, perBatch: opts.perBatchA, samples: [] as number[], bytes: 0 },
    { run: b, perBatch: opts.perBatchB, samples: [] as number[], bytes: 0 },
  ];
  for (const side of sides) for (let i = 0; i < 2; i++) side.bytes = new TextEncoder().encode(await side.run()).length; // warm-up
  for (let r = 0; r < opts.rounds; r++) {
    for (const side of sides) {
      const start = performance.now();
      for (let i = 0; i < side.perBatch; i++) await side.run();
      side.samples.push((performance.now() - start) / side.perBatch);
    }
  }
  const [x, y] = sides.map((side) => {
    const sorted = [...side.samples].sort((p, q) => p - q);
    return { median: sorted[Math.floor(sorted.length / 2)], bytes: side.bytes };
  });
  return [x, y];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`;

it("measures search and lists at 100,000 articles", { timeout: 3_600_000 }, async () => {
  const buildStart = Date.now();
  const ids = await loadBenchData(env.DB);
  const loaded = Date.now();
  await createLegacyIndex(env.DB);
  const legacyBuilt = Date.now();
  // Every index merged into one segment ('optimize'), as after the migrations' 'rebuild'; an index grown row by
  // row keeps several segments until FTS5's automerge or an 'optimize' joins them.
  await env.DB.prepare("INSERT INTO articles_search (articles_search) VALUES ('optimize')").run();
  await env.DB.prepare("INSERT INTO articles_search_short (articles_search_short) VALUES ('optimize')").run();
  await env.DB.prepare("INSERT INTO legacy_articles_fts (legacy_articles_fts) VALUES ('optimize')").run();
  console.log(
    `data set: ${BENCH_JOURNALS.reduce((n, j) => n + j.articles, 0)} articles loaded (index triggers) in ${((loaded - buildStart) / 1000).toFixed(0)} s; ` +
      `old index built in ${((legacyBuilt - loaded) / 1000).toFixed(0)} s; all optimized in ${((Date.now() - legacyBuilt) / 1000).toFixed(0)} s`,
  );

  const journalId = ids[0];
  const host = BENCH_JOURNALS[0].host;
  const admin = await createAdmin(journalId);
  const auth = { Authorization: `Bearer ${await tokenFor(admin)}` };
  // Each request carries a new `bench=` parameter, so the edge cache in front of the app (worker/edge) misses and
  // the column measures the uncached answer.
  let n = 0;
  const fetchText = async (path: string, headers: Record<string, string> = {}) => {
    const url = `http://${host}${path}${path.includes("?") ? "&" : "?"}bench=${++n}`;
    const res = await exports.default.fetch(new Request(url, { headers }));
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text}`);
    return text;
  };
  const rare = wordAtRank(40_000);
  const { year, volume, issue } = BIG_ISSUE;
  const fast = { batches: 7, perBatch: 10 };
  // Today's query and the old one in turns: 7 rounds of 10 requests and 1 request.
  const turns = { rounds: 7, perBatchBefore: 1 };

  const json = (p: Promise<unknown>) => p.then((body) => JSON.stringify(body));
  // `now`: the request through the Worker (routing, journal lookup, JSON). `query` and `before`: the data call
  // and its JSON alone, today's and the old one, so the ratio compares like with like.
  const cases: { name: string; now: () => Promise<string>; query?: () => Promise<string>; before?: () => Promise<string> }[] = [
    { name: "/api/settings/ (baseline)", now: () => fetchText("/api/settings/") },
    ...[
      ["common term", "protein"],
      ["typical term", "fisheries"],
      ["rare term", rare],
      ["two words", "water soil"],
      ["phrase", '"the water"'],
      ["one letter", "a"],
    ].map(([label, q]) => ({
      name: `/api/search?q=${q} (${label})`,
      now: () => fetchText(`/api/search?q=${encodeURIComponent(q)}`),
      query: () => json(searchPublicArticles(db, journalId, q).then(toSearchResults)),
      before: () => legacySearch(db, journalId, q),
    })),
    { name: "/api/search?q=protein&page=10", now: () => fetchText("/api/search?q=protein&page=10") },
    {
      name: "/api/admin/search?q=protein",
      now: () => fetchText("/api/admin/search?q=protein", auth),
      query: () => json(searchAllArticles(db, journalId, "protein").then(toAdminSearchResults)),
      before: () => legacySearch(db, journalId, "protein", true),
    },
    {
      name: `/api/archives/${year}/${volume}/${issue} (${BIG_ISSUE.articles} articles)`,
      now: () => fetchText(`/api/archives/${year}/${volume}/${issue}`),
      query: () => json(listPublicIssueArticles(db, journalId, year, volume, issue).then((rows) => rows.map(toListItem))),
      before: () => legacyIssueList(db, journalId, BIG_ISSUE),
    },
    {
      name: `/api/admin/archives/${year}/${volume}/${issue}`,
      now: () => fetchText(`/api/admin/archives/${year}/${volume}/${issue}`, auth),
      query: () => json(listIssueArticlesAll(db, journalId, year, volume, issue).then((rows) => rows.map(toAdminListItem))),
      before: () => legacyIssueList(db, journalId, BIG_ISSUE, true),
    },
    { name: "/api/archives/ (archives list)", now: () => fetchText("/api/archives/") },
  ];

  const rows: string[] = [];
  const cell = (x: Sample | null, f: (x: Sample) => string) => (x ? f(x) : "—");
  // The floor under every "query + JSON" figure: one D1 round trip that does nothing.
  const roundTrip = await measure(() => env.DB.prepare("SELECT 1 AS one").all().then((r) => JSON.stringify(r.results)), fast);
  console.log(`D1 round trip (SELECT 1 on the binding): ${ms(roundTrip.median)}`);
  for (const c of cases) {
    const now = await measure(c.now, fast);
    const [query, before] =
      c.query && c.before
        ? await measureInTurns(c.query, c.before, { rounds: turns.rounds, perBatchA: fast.perBatch, perBatchB: turns.perBatchBefore })
        : [c.query ? await measure(c.query, fast) : null, null];
    const ratio = query && before ? `${(before.median / Math.max(query.median, 0.01)).toFixed(0)}×` : "—";
    rows.push(
      `| ${c.name} | ${ms(now.median)} | ${kb(now.bytes)} | ${cell(query, (x) => ms(x.median))} | ${cell(before, (x) => ms(x.median))} | ${cell(before, (x) => kb(x.bytes))} | ${ratio} |`,
    );
    console.log(rows[rows.length - 1]);
  }
  console.log(
    [
      "",
      `Search and lists at 100,000 articles (journal 1: ${BENCH_JOURNALS[0].articles} articles; rare term "${rare}"), medians, sequential, in workerd on D1` +
        ` (a D1 round trip: ${ms(roundTrip.median)}; today's and the old query measured in turns):`,
      "| request | through the Worker, uncached | answer | query + JSON | before #11: query + JSON | answer before | faster (query) |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n"),
  );
  expect(rows.length).toBe(cases.length);
});
