// `npm test`: needs Node alone (no Debian tools).
//   workers (or workers-a and workers-b, side by side: TEST_LANES=2): the unit and API tests, inside workerd with the real local D1 and R2 bindings and the real
//            migrations applied. Tests that run outside programs live in *.tools.test.ts (`npm run test:documents`,
//            vitest.tools.config.ts); an unexpected console.error fails a test (tests/api/console-guard.ts).
//   docs:    Node checks that the docs stay true (tests/docs: repo paths named in comments and docs, the README's
//            layout, the decision index).
import { defineConfig } from "vitest/config";
import type { TestProjectInlineConfiguration } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime.ts";

/**
 * Two lanes, each its own workerd with its own local D1 and R2 (one Miniflare per project), each running its files
 * one after another in one runner (decision 0326; 0230 for the runner). `npm test` runs them side by side in two
 * processes when a core is free (scripts/test-lanes.ts, TEST_LANES=2); else one project, "workers", holds every
 * file, one runner for the whole run as before. Nothing is shared between the
 * lanes, so a file sees only the writes of the files before it in its own lane, as before. Lane B takes these
 * folders (about half of the run's time, measured per file); lane A everything else, so a new folder needs no entry.
 */
const LANE_B = [
  "worker/platform",
  "worker/auth",
  "worker/workflow",
  "worker/verification",
  "worker/archive",
  "worker/transfer",
  "worker/*.test.ts",
];
const TESTS = ["worker/**/*.test.ts", "contract/**/*.test.ts"];
const NOT_HERE = ["**/node_modules/**", "**/*.tools.test.ts"];
const laneB = LANE_B.map((p) => (p.endsWith(".ts") ? p : `${p}/**/*.test.ts`));

const workersLane = (name: string, include: string[], exclude: string[]): TestProjectInlineConfiguration => ({
  plugins: [workersRuntime()],
  test: {
    name,
    // One runner per lane: modules load once and the lane's files share its local D1 and R2, so each test works in
    // its own journal (createJournal) and assumes nothing about other rows (decision 0230). In order, one at a time.
    isolate: false,
    maxWorkers: 1,
    include,
    exclude: [...NOT_HERE, ...exclude],
    globalSetup: ["./tests/api/ensure-built-shell.ts"],
    setupFiles: ["./tests/api/apply-migrations.ts", "./tests/api/console-guard.ts"],
    testTimeout: 30_000,
  },
});

// Two lanes when scripts/test-lanes.ts chose them (a core was free); otherwise the one runner of decision 0230.
const LANES = process.env.TEST_LANES === "2";

export default defineConfig({
  test: {
    // One project after another in this process: `npm test` (scripts/test-lanes.ts) runs the lanes in two processes.
    maxWorkers: 1,
    // Transformed modules kept on disk between runs (node_modules/.vitest-cache, keyed by each file's content): a
    // second run, filtered or not, loads the Worker's module graph without transforming it again.
    fsModuleCache: true,
    projects: [
      ...(LANES ? [workersLane("workers-a", TESTS, laneB), workersLane("workers-b", laneB, [])] : [workersLane("workers", TESTS, [])]),
      { test: { name: "docs", environment: "node", include: ["tests/docs/**/*.test.ts"] } },
      // The operator commands that run in Node without the Worker (npm run deploy's plan).
      { test: { name: "scripts", environment: "node", include: ["scripts/**/*.test.ts"] } },
    ],
  },
});
