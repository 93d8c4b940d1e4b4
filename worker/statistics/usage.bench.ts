// `npm run bench:stats`: what counting costs a reader. The article page answered from the edge cache (a hot copy
// in the isolate, the most common public answer), through the real Worker entry (counted) and through the same
// entry without the counting line, alternated in one run: the reader's time to the answer, and the time until the
// request's waitUntil work (the counting itself: robots list, batching, the Durable Object call) is done.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../index";
import { createApp } from "../app";
import { withEdgeCache } from "../core/edge/edge-cache";
import { shippedFile } from "../core/edge/static-files";
import { createArticle, createIssue, createJournal } from "#tests/api/fixtures";

/** worker/index.ts minus countUsage: the answer as it was before counting existed. */
const cached = withEdgeCache(createApp());
const uncounted: ExportedHandler<Env> = {
  async fetch(request, env, ctx) {
    return (await shippedFile(request, env)) ?? cached.fetch!(request, env, ctx);
  },
};

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0";

/** Time in workerd advances only at I/O: a block of requests is timed between two Cache API lookups (not timers,
 * which would wait behind the counting's own batch timer), and its waitUntil work is awaited outside the timing. */
const tick = () => caches.default.match("https://clock.invalid/");
const BLOCK = 50;

async function timedBlock(handler: ExportedHandler<Env>, url: string): Promise<{ perRequest: number; cacheHits: number }> {
  const contexts = [];
  let cacheHits = 0;
  await tick();
  const start = performance.now();
  for (let i = 0; i < BLOCK; i++) {
    const ctx = createExecutionContext();
    contexts.push(ctx);
    const req = new Request(url, { headers: { "User-Agent": FIREFOX, "CF-Connecting-IP": `198.51.100.${i}` } });
    const res = await handler.fetch!(req as Parameters<NonNullable<ExportedHandler<Env>["fetch"]>>[0], env, ctx);
    await res.arrayBuffer();
    if (res.headers.get("x-edge-cache") === "HIT") cacheHits++;
  }
  const elapsed = performance.now() - start;
  await tick();
  const perRequest = (performance.now() - start) / BLOCK;
  for (const ctx of contexts) await waitOnExecutionContext(ctx);
  return { perRequest: Math.max(perRequest, elapsed / BLOCK), cacheHits };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it("measures counting on an edge-cache hit", { timeout: 300_000 }, async () => {
  const j = await createJournal({ websitename: "Journal of Counted Readers" });
  await createIssue(j.id, 2026, 11, 1);
  await createArticle(j.id, { year: 2026, volume: 11, issue: 1, refnumber: "COUNT-BENCH-1" });
  const url = `http://${j.host}/archives/2026/vol11/issue1/COUNT-BENCH-1`;
  await timedBlock(worker, url); // warm: the page cached, the counter awake
  const blocks = 20;
  const withCounting: number[] = [];
  const without: number[] = [];
  let hits = 0;
  for (let i = 0; i < blocks; i++) {
    // Alternated, so both see the same machine load.
    const a = await timedBlock(worker, url);
    const b = await timedBlock(uncounted, url);
    withCounting.push(a.perRequest);
    without.push(b.perRequest);
    hits += a.cacheHits + b.cacheHits;
  }
  expect(hits).toBe(2 * blocks * BLOCK);
  const added = median(withCounting) - median(without);
  console.log(
    [
      "",
      `Article page from the edge cache: ${blocks} blocks of ${BLOCK} requests per entry, alternated (median per request; workerd)`,
      "| entry | time to the reader's answer |",
      "|---|---|",
      `| without counting | ${median(without).toFixed(3)} ms |`,
      `| with counting | ${median(withCounting).toFixed(3)} ms |`,
      `Counting adds ${added.toFixed(3)} ms (median) to an edge-cache hit.`,
      "",
    ].join("\n"),
  );
});
