// `npm test`: needs Node alone (no Debian tools), two projects.
//   workers: the unit and API tests, inside workerd with the real local D1 and R2 bindings and the real migrations
//            applied. Tests that run outside programs live in *.tools.test.ts (`npm run test:documents`,
//            vitest.tools.config.ts); an unexpected console.error fails a test (tests/api/console-guard.ts).
//   docs:    Node checks that the docs stay true (tests/docs: repo paths named in comments and docs, the README's
//            layout, the decision index).
import { defineConfig } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime";

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [workersRuntime()],
        test: {
          name: "workers",
          // One runner for the whole run: modules load once and the files share one local D1 and R2, so each test
          // works in its own journal (createJournal) and assumes nothing about other rows (decision 0230). Per-file
          // isolation cost ~4 s of module loading per file, two thirds of the run. One file at a time, in order.
          isolate: false,
          maxWorkers: 1,
          include: ["worker/**/*.test.ts", "contract/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.tools.test.ts"],
          globalSetup: ["./tests/api/ensure-built-shell.ts"],
          setupFiles: ["./tests/api/apply-migrations.ts", "./tests/api/console-guard.ts"],
          testTimeout: 30_000,
        },
      },
      { test: { name: "docs", environment: "node", include: ["tests/docs/**/*.test.ts"] } },
    ],
  },
});
