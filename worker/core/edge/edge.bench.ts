// `npm run bench` (and `npm run bench:edge`): what a reader far from the database sees. Every D1 round trip is
// delayed by BENCH_D1_DELAY_MS (default 100 ms) through a wrapper around the binding (tests/d1-probe.ts, bench and
// tests only); requests go through the real Worker entry in workerd, with the real local D1, R2 and Cache API.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect, it } from "vitest";
import worker from "../../index";
import { createArticle, createEditor, createIssue, createJournal, putArticleFile } from "#tests/api/fixtures";
import { probeDatabases } from "#tests/d1-probe";

const DELAY_MS = 100;
const { bindings: distantDb, probe } = probeDatabases(env, { delayMs: DELAY_MS });

async function timed(host: string, path: string): Promise<{ ms: number; calls: number; status: number }> {
  probe.reset();
  const ctx = createExecutionContext();
  const start = performance.now();
  const res = await worker.fetch(new Request(`http://${host}${path}`) as Parameters<typeof worker.fetch>[0], { ...env, ...distantDb }, ctx);
  await res.arrayBuffer();
  const ms = performance.now() - start;
  await waitOnExecutionContext(ctx);
  return { ms, calls: probe.calls, status: res.status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it("measures public reads with 100 ms per D1 round trip", { timeout: 300_000 }, async () => {
  const j = await createJournal({ websitename: "Journal of Distant Readers" });
  await createIssue(j.id, 2026, 11, 1);
  await createArticle(j.id, { year: 2026, volume: 11, issue: 1, refnumber: "FAR-1", title: "Latency at the edge", file: "FAR-1.pdf" });
  await putArticleFile(j.id, { year: 2026, volume: 11, issue: 1, file: "FAR-1.pdf" });
  await createEditor(j.id, { name: "Dr. Far Away" });
  const rows: string[] = [];
  const cases: [string, string][] = [
    ["article page", "/archives/2026/vol11/issue1/FAR-1"],
    ["issue page", "/archives/2026/vol11/issue1"],
    ["GET /api/archives/ref/{ref}", "/api/archives/ref/FAR-1"],
    ["GET /api/settings/", "/api/settings/"],
    ["article PDF (R2)", "/archives/2026/vol11/issue1/FAR-1.pdf"],
  ];
  await timed(j.host, "/api/settings/?warm"); // the isolate learns the host once
  for (const [name, path] of cases) {
    // Uncached: a fresh query string each time is a fresh cache key (the routes ignore it).
    const uncached = [];
    for (let i = 0; i < 15; i++) uncached.push(await timed(j.host, `${path}?u=${Date.now()}-${i}`));
    expect(uncached.every((r) => r.status === 200)).toBe(true);
    // Cached: the same URL again and again.
    await timed(j.host, path);
    const cached = [];
    for (let i = 0; i < 30; i++) cached.push(await timed(j.host, path));
    rows.push(
      `| ${name} | ${median(uncached.map((r) => r.ms)).toFixed(0)} ms | ${median(uncached.map((r) => r.calls))} | ${median(cached.map((r) => r.ms)).toFixed(1)} ms | ${median(cached.map((r) => r.calls))} |`,
    );
  }
  console.log(
    [
      "",
      `Public reads through the Worker with ${DELAY_MS} ms injected per D1 round trip (medians; workerd, local D1/R2/Cache API)`,
      "| request | uncached | D1 round trips | cached | D1 round trips |",
      "|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n"),
  );
});
