// Measures the cost of one password verification (PBKDF2-SHA256, worker/auth/password.ts) inside workerd, the
// runtime that serves logins, and in Node for comparison. Usage: npx tsx scripts/bench-password.ts [rounds]
// The Worker bundle is the real module, built with esbuild; each request runs `rounds` verifications and
// reports the times workerd itself measured (its clock advances across awaited crypto calls).
import { build } from "esbuild";
import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DUMMY_HASH, PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../worker/auth/password";

const rounds = Number(process.argv[2] ?? 20);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const entry = `
import { hashPassword, verifyPassword, DUMMY_HASH } from "./worker/auth/password";
export default {
  async fetch(req) {
    const n = Number(new URL(req.url).searchParams.get("n"));
    const hash = await hashPassword("correct horse battery staple");
    const time = async (f) => { const runs = []; for (let i = 0; i < n; i++) { const t = performance.now(); await f(); runs.push(performance.now() - t); } return runs; };
    return Response.json({
      known: await time(() => verifyPassword("wrong password", hash)),
      unknown: await time(() => verifyPassword("wrong password", DUMMY_HASH)),
      hash: await time(() => hashPassword("correct horse battery staple")),
    });
  },
};`;
const bundle = await build({
  stdin: { contents: entry, resolveDir: root, loader: "js" },
  bundle: true,
  format: "esm",
  write: false,
  platform: "neutral",
});
const mf = new Miniflare(convertV4MiniflareOptions({ modules: true, script: bundle.outputFiles[0].text, compatibilityDate: "2026-10-01" }));
try {
  await (await mf.dispatchFetch("http://bench/?n=2")).json(); // warm up
  const w = (await (await mf.dispatchFetch(`http://bench/?n=${rounds}`)).json()) as Record<string, number[]>;
  const hash = await hashPassword("correct horse battery staple");
  const time = async (f: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await f();
      runs.push(performance.now() - t);
    }
    return runs;
  };
  const node = {
    known: await time(() => verifyPassword("wrong password", hash)),
    unknown: await time(() => verifyPassword("wrong password", DUMMY_HASH)),
  };
  // The minimum is the CPU cost with no other process in the way; the median shows what a busy machine adds.
  const ms = (runs: number[]) => {
    const s = [...runs].sort((a, b) => a - b);
    return `min ${s[0].toFixed(1)} / median ${s[s.length >> 1].toFixed(1)} ms`;
  };
  console.log(`PBKDF2-SHA256, ${PBKDF2_ITERATIONS.toLocaleString("en")} iterations, ${rounds} runs each`);
  console.log(`  workerd       verify, known user: ${ms(w.known)};  unknown user (DUMMY_HASH): ${ms(w.unknown)};  hash: ${ms(w.hash)}`);
  console.log(`  node ${process.versions.node}  verify, known user: ${ms(node.known)};  unknown user (DUMMY_HASH): ${ms(node.unknown)}`);
} finally {
  await mf.dispose();
}
