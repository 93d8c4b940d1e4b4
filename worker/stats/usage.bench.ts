// `npm run bench:stats`: what counting costs a reader. The article page answered from the edge cache (a hot copy
// in the isolate, the most common public answer), through the real Worker entry (counted) and through the same
// entry without the counting line, alternated in one run: the reader's time to the answer, and the time until the
// request's waitUntil work (the counting itself: robots list, batching, the Durable Object call) is done.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../index";
import { createApp } from "../app";
import { withEdgeCache } from "../edge/edge-cache";
import { shippedFile } from "../edge/static-files";
import { createArticle, createIssue, createJournal } from "../../tests/api/fixtures";

/** worker/index.ts minus countUsage: the answer as it was before counting existed. */
const cached = withEdgeCache(createApp());
const uncounted: ExportedHandler<Env> = {
  async fetch(request, env, ctx) {
    return (await shippedFile(request, env)) ?? cached.fetch!(request, env, ctx);
  },
};

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:135.0) Gecko/20100101 Firefox/135.0";

async function timed(handler: ExportedHandler<Env>, url: string, n: number) {
  const ctx = createExecutionContext();
  const req = new Request(url, { headers: { "User-Agent": FIREFOX, "CF-Connecting-IP": `198.51.100.${n % 250}` } });
  const start = performance.now();
  const res = await handler.fetch!(req as Parameters<NonNullable<ExportedHandler<Env>["fetch"]>>[0], env, ctx);
  await res.arrayBuffer();
  const answered = performance.now() - start;
  await waitOnExecutionContext(ctx);
  return { answered, done: performance.now() - start, cache: res.headers.get("x-edge-cache") };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it("measures counting on an edge-cache hit", { timeout: 300_000 }, async () => {
  const j = await createJournal({ websitename: "Journal of Counted Readers" });
  await createIssue(j.id, 2026, 11, 1);
  await createArticle(j.id, { year: 2026, volume: 11, issue: 1, refnumber: "COUNT-BENCH-1" });
  const url = `http://${j.host}/archives/2026/vol11/issue1/COUNT-BENCH-1`;
  for (let i = 0; i < 20; i++) await timed(worker, url, i); // warm: the page cached, the counter awake
  const runs = 400;
  const withCounting: Awaited<ReturnType<typeof timed>>[] = [];
  const without: Awaited<ReturnType<typeof timed>>[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternated, so both see the same machine load.
    withCounting.push(await timed(worker, url, i));
    without.push(await timed(uncounted, url, i));
  }
  expect([...withCounting, ...without].every((r) => r.cache === "HIT")).toBe(true);
  const row = (name: string, rs: typeof without) =>
    `| ${name} | ${median(rs.map((r) => r.answered)).toFixed(3)} ms | ${median(rs.map((r) => r.done)).toFixed(3)} ms |`;
  const added = median(withCounting.map((r) => r.answered)) - median(without.map((r) => r.answered));
  console.log(
    [
      "",
      `Article page from the edge cache, ${runs} requests each, alternated (medians; workerd, local Cache API and Durable Object)`,
      "| entry | answer to the reader | answer + waitUntil work done |",
      "|---|---|---|",
      row("without counting", without),
      row("with counting", withCounting),
      `Counting adds ${added.toFixed(3)} ms (median) to the reader's answer.`,
      "",
    ].join("\n"),
  );
});
