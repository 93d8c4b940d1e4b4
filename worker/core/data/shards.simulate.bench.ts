// `npm run simulate:shards` (issue 42 item 5): many synthetic journals, sizes drawn from a skewed distribution (most
// small, a few large), placed by the real rule (the least-full journal database, worker/core/data/shards.ts) on the
// two local journal databases, in rounds. After each round it measures, per database: its size as D1 reports it,
// its journals and articles, and the median time of an article's page data (GET /api/archives/ref/{ref}: the row, its
// issue and citations) and of searches of its journals, through the
// whole Worker (routing, D1, rendering; the edge cache bypassed by asking for a different page each time).
// Prints one JSON line per round and database, then a table (docs/capacity.md "Simulation").
import { env } from "cloudflare:test";
import { it } from "vitest";
import { createJournal, request } from "#tests/api/fixtures";
import { bindingOf, databaseSize, journalDatabaseNames, shardForNewJournal } from "./shards";

const ROUNDS = 6;
const JOURNALS_PER_ROUND = 40;
const SAMPLES = 15;

/** A fixed-seed source, so every run makes the same platform. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** Articles of a journal: 80 % small (50–300), 18 % medium (800–2,000), 2 % large (6,000–10,000). */
function sizeOf(r: () => number): number {
  const kind = r();
  if (kind < 0.8) return 50 + Math.floor(r() * 250);
  if (kind < 0.98) return 800 + Math.floor(r() * 1200);
  return 6000 + Math.floor(r() * 4000);
}

interface SimJournal {
  id: number;
  host: string;
  shard: string;
  articles: number;
}

/** Articles shaped like real ones (a 12-word title, a 120-word abstract, 4 authors), in one statement per 500. */
async function fill(j: SimJournal): Promise<void> {
  const db = bindingOf(env, j.shard);
  await db.prepare("INSERT INTO issues (journal_id, year, volume, issue, creation) VALUES (?, 2025, 1, 1, '2025-01-01')").bind(j.id).run();
  for (let from = 1; from <= j.articles; from += 500) {
    const to = Math.min(j.articles, from + 499);
    await db
      .prepare(`
      WITH RECURSIVE n(i) AS (SELECT CAST(?2 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < CAST(?3 AS INTEGER))
      INSERT INTO articles (journal_id, refnumber, title, title_text, title_key, authorname, abstract, abstract_text, year, volume, issue, pagenumber, creation, modification)
      SELECT ?1, 'S-' || i, t, t, 'k' || i, 'Asha Verma, Li Wei, María García, Oluwaseun Adeyemi', '<p>' || a || '</p>', a, 2025, 1, 1, i || '-' || (i + 9), '2025-01-01', '2025-01-01'
      FROM (SELECT i,
        'Soil nitrogen and wheat yield under drought in district ' || i || ' a regression model of seasonal variance' AS t,
        'We estimate the effect of irrigation salinity and phosphorus on maize and sorghum yield in smallholder farms across '
          || (i % 97) || ' districts using spatial temporal regression of household survey data; microbial community diversity '
          || 'was sequenced for each isolate strain and compared across seasons. Results show climate adaptation policy and market '
          || 'access explain most of the variance in income and education outcomes of the cohort, with resistance patterns similar '
          || 'to those reported for hospital patients in randomised trials of antibiotic use; we discuss mortality, incidence and '
          || 'prevalence estimates and the limits of the model.' AS a
      FROM n)`)
      .bind(j.id, from, to)
      .run();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(host: string, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await request(host, path);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} on ${host}: ${res.status}`);
  return performance.now() - t0;
}

it("fills two journal databases with a realistic mix and measures them as they fill", { timeout: 3_600_000 }, async () => {
  const r = random(42);
  const journals: SimJournal[] = [];
  const lines: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const t0 = performance.now();
    for (let k = 0; k < JOURNALS_PER_ROUND; k++) {
      const shard = await shardForNewJournal(env);
      const made = await createJournal({ shard, websitename: `Simulated Journal ${round}-${k}` });
      const j = { ...made, shard, articles: sizeOf(r) };
      await fill(j);
      journals.push(j);
    }
    const fillMs = performance.now() - t0;
    for (const shard of journalDatabaseNames(env)) {
      const here = journals.filter((j) => j.shard === shard);
      if (here.length === 0) continue;
      const pages: number[] = [];
      const searches: number[] = [];
      for (let s = 0; s < SAMPLES; s++) {
        // The largest journal of the database half the time (the slowest to search), else any of them.
        const j = s % 2 === 0 ? here.reduce((a, b) => (b.articles > a.articles ? b : a)) : here[Math.floor(r() * here.length)];
        const ref = `S-${1 + Math.floor(r() * j.articles)}`;
        pages.push(await timed(j.host, `/api/archives/ref/${ref}`));
        searches.push(await timed(j.host, `/api/search?q=${encodeURIComponent(`district ${Math.floor(r() * 97)} maize`)}`));
      }
      const figures = {
        round,
        shard,
        journals: here.length,
        articles: here.reduce((n, j) => n + j.articles, 0),
        largest: Math.max(...here.map((j) => j.articles)),
        sizeMB: Math.round((await databaseSize(bindingOf(env, shard))) / 1e5) / 10,
        pageMs: Math.round(median(pages)),
        searchMs: Math.round(median(searches)),
        fillSeconds: Math.round(fillMs / 100) / 10,
      };
      console.log(JSON.stringify(figures));
      lines.push(
        `${String(round).padStart(5)}  ${shard.padEnd(10)} ${String(figures.journals).padStart(8)} ${String(figures.articles).padStart(9)} ${String(figures.largest).padStart(8)} ${String(figures.sizeMB).padStart(8)} ${String(figures.pageMs).padStart(8)} ${String(figures.searchMs).padStart(9)}`,
      );
    }
  }
  console.log("\nround  database   journals  articles  largest  size MB  page ms  search ms");
  for (const l of lines) console.log(l);
});
