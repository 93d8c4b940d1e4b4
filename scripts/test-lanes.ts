// `npm test`: vitest.config.ts's two workerd lanes side by side, each in its own vitest process, when the machine has
// a core to spare; else one `vitest run` with one runner for every file, as before (decision 0326). A lane is a vitest
// project with its own workerd, D1 and R2 (its own Miniflare) running its files one after another; vitest runs the
// projects of one process one after another when they run their files in order, so each lane gets a process.
// Arguments go to both (`npm test -- worker/workflow`: a lane with no matching file passes); the docs checks ride with
// lane B. TEST_LANES=2 or TEST_LANES=1 decides instead of the load; naming a --project runs one process.
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import ensureBuiltShell from "../tests/api/ensure-built-shell";

const args = process.argv.slice(2);
const cores = availableParallelism();
const load = loadavg()[0];
// Each lane keeps about one core busy (workerd's JavaScript thread): on a machine whose cores are taken, a second
// lane only adds its own module loading and makes each test slower (measured at load 19 on 2 cores: docs/benchmarks.md).
const wanted = process.env.TEST_LANES ?? (cores - load >= 1.5 ? "2" : "1");
const twoLanes = wanted === "2" && !args.some((a) => a === "--project" || a.startsWith("--project="));
const lanes: { label: string; projects: string[] }[] = twoLanes
  ? [
      { label: "a", projects: ["--project", "workers-a", "--passWithNoTests"] },
      { label: "b", projects: ["--project", "workers-b", "--project", "docs", "--passWithNoTests"] },
    ]
  : [{ label: "", projects: [] }];
const why = process.env.TEST_LANES ? `TEST_LANES=${process.env.TEST_LANES}` : `load ${load.toFixed(1)} on ${cores} cores`;
console.log(
  twoLanes
    ? `npm test: two lanes side by side (${why}; TEST_LANES=1 runs one)`
    : `npm test: one runner for every file (${why}; TEST_LANES=2 runs two lanes side by side)`,
);

// Once, before the lanes: both would otherwise check (and perhaps build) the SPA shell at the same moment.
ensureBuiltShell();

const children: ChildProcess[] = [];
const stop = (signal: NodeJS.Signals) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));

/** Copies a lane's output line by line (whole lines, so the two lanes never break into each other's lines). */
function relay(from: NodeJS.ReadableStream, to: NodeJS.WriteStream, label: string): void {
  let rest = "";
  const prefix = label ? `${label}│ ` : "";
  from.setEncoding("utf8");
  from.on("data", (chunk: string) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    if (lines.length) to.write(lines.map((l) => prefix + l).join("\n") + "\n");
  });
  from.on("end", () => {
    if (rest) to.write(`${prefix}${rest}\n`);
  });
}

const codes = await Promise.all(
  lanes.map(
    ({ label, projects }) =>
      new Promise<number>((resolve) => {
        const child = spawn("vitest", ["run", ...projects, ...args], {
          stdio: ["inherit", "pipe", "pipe"],
          // vitest.config.ts makes the two lane projects only for TEST_LANES=2; colours as if vitest wrote here.
          env: {
            ...process.env,
            TEST_LANES: twoLanes ? "2" : (process.env.TEST_LANES ?? "1"),
            ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}),
          },
        });
        children.push(child);
        relay(child.stdout!, process.stdout, label);
        relay(child.stderr!, process.stderr, label);
        child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
if (lanes.length > 1) console.log(`\nnpm test: lane a ${codes[0] ? "FAILED" : "passed"}, lane b ${codes[1] ? "FAILED" : "passed"}`);
process.exit(codes.find((c) => c !== 0) ?? 0);
