// `npm test`: vitest.config.ts's two workerd lanes side by side, each in its own vitest process (decision 0326).
// A lane is a vitest project with its own workerd, D1 and R2 (its own Miniflare), running its files one after
// another; vitest runs projects of one config one after another when they run their files in order, so the lanes get
// a process each. Arguments go to both (`npm test -- worker/workflow`: a lane with no matching file passes); the
// docs checks ride with lane B. TEST_LANES=1, or naming a --project, runs one plain `vitest run` instead.
import { spawn, type ChildProcess } from "node:child_process";
import ensureBuiltShell from "../tests/api/ensure-built-shell";

const args = process.argv.slice(2);
const single = process.env.TEST_LANES === "1" || args.some((a) => a === "--project" || a.startsWith("--project="));
const lanes: { label: string; projects: string[] }[] = single
  ? [{ label: "", projects: [] }]
  : [
      { label: "a", projects: ["--project", "workers-a", "--passWithNoTests"] },
      { label: "b", projects: ["--project", "workers-b", "--project", "docs", "--passWithNoTests"] },
    ];

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
          // The lanes' own setup finds the shell current; colours as if vitest wrote to this terminal.
          env: { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}) },
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
