// CPU time of one certificate with and without its verification block (issue 31), in Node (same V8 as workerd),
// measured with process.cpuUsage in alternated batches: on the shared, loaded machine wall-clock medians inside
// workerd swing by 5x between runs, CPU time far less.
//   npx tsx --import ./scripts/documents/bin-loader.mjs scripts/bench/certificate-mark-cpu.ts
import { cpuUsage } from "node:process";
import { buildCertificate } from "../../worker/documents/certificate";
import { SAMPLE_ARTICLE, SAMPLE_BRANDING, SAMPLE_CHIEF } from "../../worker/documents/sample-documents";

const NAMES = ["Aynur Məmmədova", "Şükrü Işık", "Nguyễn Thị Minh", "Adaeze Okonkwo", "Rahul Sharma"];
const build = (i: number, withMark: boolean) =>
  buildCertificate({
    branding: SAMPLE_BRANDING,
    article: SAMPLE_ARTICLE,
    author: `${NAMES[i % 5]} ${i}`,
    chief: SAMPLE_CHIEF,
    verification: withMark ? { address: `https://${SAMPLE_BRANDING.domain}/verify/7K2M-9QXD-${String(i % 10000).padStart(4, "0")}` } : null,
  });

const BATCHES = 30;
const PER_BATCH = 20;
for (let i = 0; i < 100; i++) await build(i, i % 2 === 0); // warm-up: fonts, caches, JIT
const samples: Record<"without" | "with", number[]> = { without: [], with: [] };
let n = 1000;
for (let b = 0; b < BATCHES; b++) {
  for (const withMark of [false, true]) {
    const start = cpuUsage();
    for (let i = 0; i < PER_BATCH; i++) await build(n++, withMark);
    const used = cpuUsage(start);
    samples[withMark ? "with" : "without"].push((used.user + used.system) / 1000 / PER_BATCH);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const without = median(samples.without);
const withMark = median(samples.with);
console.log(`certificate CPU time, median of ${BATCHES} batches of ${PER_BATCH}:`);
console.log(`  without the verification block: ${without.toFixed(3)} ms`);
console.log(`  with it (QR + address):         ${withMark.toFixed(3)} ms  (+${(withMark - without).toFixed(3)} ms)`);
