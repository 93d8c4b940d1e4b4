// `npm run bench:zip-bomb`: what refusing a zip bomb costs the server's memory (issue 46, docs/decisions/0305).
// Makes, in BENCH_BOMB_MB (default 1,200) MB of zeros deflated by zlib at level 9 (about a thousandth of that on
// disk), a zip of PDFs whose one entry, BOMB-1.pdf, unpacks to that size — once declaring its true size, once
// declaring 4 MB (a size that lies) — and a CSV naming it; starts a fresh `npm start` (the built Worker, wrangler
// dev, a fresh PERSIST_DIR) and, as the demo admin, sends each as the admin page's dry run does (one multipart
// request; the zip is read from memory). Measured as scripts/bench/import-archive.ts measures an import: the Worker
// isolate's V8 heap asked every 20 ms through the DevTools inspector (Runtime.getHeapUsage; "used" counts garbage not
// yet collected) and the resident memory of every workerd process under the server, every 50 ms (peak during the
// request minus the median of the second before it). Prints the answer, the figures and the machine's load, then a
// Markdown table (docs/benchmarks.md).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { once } from "node:events";
import zlib from "node:zlib";
import path from "node:path";
import { DEMO_ADMIN } from "../demo/seed-demo";
import { zipOf } from "../../tests/api/zip-bombs";
import { isolateHeap, median, startBenchServer, workerdRss } from "./bench-server";

const root = path.resolve(import.meta.dirname, "../..");
const bombMb = Number(process.env.BENCH_BOMB_MB ?? 1200);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** `megabytes` MB of zeros, after a PDF's first line, deflated (raw, level 9) as they are made. */
async function deflatedZeros(megabytes: number): Promise<{ data: Uint8Array; size: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (d: Buffer) => parts.push(d));
  const head = Buffer.from("%PDF-1.4\n%");
  deflate.write(head);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(zeros)) await once(deflate, "drain");
  deflate.end();
  await once(deflate, "end");
  return { data: new Uint8Array(Buffer.concat(parts)), size: head.length + megabytes * 1024 * 1024 };
}

const CSV = "refnumber,title,authorname,abstract,year,volume,issue,pagenumber\nBOMB-1,A bomb,Ana Silva,An abstract.,2024,1,1,1-5\n";

async function main() {
  const g0 = performance.now();
  const bomb = await deflatedZeros(bombMb);
  console.log(`A ${bombMb} MB entry deflated to ${mb(bomb.data.length)} MB in ${((performance.now() - g0) / 1000).toFixed(1)} s`);
  const cases = [
    { what: `declares its ${bombMb} MB`, zip: zipOf([{ name: "BOMB-1.pdf", data: bomb.data, declaredSize: bomb.size }]) },
    { what: "declares 4 MB (a lie)", zip: zipOf([{ name: "BOMB-1.pdf", data: bomb.data, declaredSize: 4 * 1024 * 1024 }]) },
  ];
  const server = await startBenchServer(root, "zip-bomb-bench");
  const rows: string[] = [];
  const load = () => readFileSync("/proc/loadavg", "utf8").trim().split(" ").slice(0, 3).join(" ");
  try {
    const login = await fetch(`${server.origin}/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const heap = await isolateHeap(server.inspectorPort);
    console.log(`uptime: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
    for (const c of cases) {
      await heap.collect();
      const heapBefore = (await heap.usage()).used;
      const before: number[] = [];
      for (let i = 0; i < 20; i++, await sleep(50)) before.push(workerdRss(server.server.pid!));
      const rss: number[] = [];
      const heaps: number[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          rss.push(workerdRss(server.server.pid!));
          await sleep(50);
        }
      })();
      const heapSampler = (async () => {
        const pending: Promise<void>[] = [];
        while (sampling) {
          pending.push(heap.usage().then((u) => void (u.used > 0 && heaps.push(u.used))));
          await sleep(20);
        }
        await Promise.all(pending);
      })();
      const form = new FormData();
      form.set("file", new File([CSV], "bomb.csv"));
      form.set("pdfs", new File([new Uint8Array(c.zip)], "pdfs.zip", { type: "application/zip" }));
      form.set("dryRun", "1");
      const t0 = performance.now();
      let answer: string;
      try {
        const res = await fetch(`${server.origin}/api/admin/transfer/imports`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await res.json().catch(() => ({}))) as { error?: string; items?: { action: string; reasons: { code: string }[] }[] };
        answer = `${res.status} ${body.error ?? body.items?.map((i) => `${i.action} ${i.reasons.map((r) => r.code).join(",")}`).join("; ") ?? ""}`;
      } catch (err) {
        answer = `no answer (${(err as Error).message})`;
      }
      const seconds = ((performance.now() - t0) / 1000).toFixed(2);
      await sleep(300);
      sampling = false;
      await Promise.all([sampler, heapSampler]);
      const baseline = median(before);
      const line = `${c.what}: answered ${answer} in ${seconds} s; isolate heap ${mb(heapBefore)} MB before, peak ${heaps.length ? mb(Math.max(...heaps)) : "–"} MB (${heaps.length} samples); workerd RSS ${mb(baseline)} MB before, peak +${mb(Math.max(...rss) - baseline)} MB; load ${load()}`;
      console.log(line);
      rows.push(
        `| ${mb(c.zip.length)} MB zip, entry of ${bombMb} MB that ${c.what} | ${answer} | ${seconds} s | ${mb(heapBefore)} → **${heaps.length ? mb(Math.max(...heaps)) : "–"} MB** | ${mb(baseline)} MB → +${mb(Math.max(...rss) - baseline)} MB | ${load()} |`,
      );
    }
    heap.close();
    console.log(`uptime: ${execFileSync("uptime", { encoding: "utf8" }).trim()}`);
  } finally {
    process.kill(-server.server.pid!, "SIGTERM");
    await sleep(1000);
    rmSync(server.dir, { recursive: true, force: true });
  }
  console.log(
    "\n| zip | answer | time | isolate heap: before → peak | workerd RSS before → growth | load (1/5/15 min) |\n|---|---|---|---|---|---|",
  );
  for (const r of rows) console.log(r);
}

await main();
