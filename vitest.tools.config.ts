// The document and scholarly checks that run programs outside Node (`npm run test:documents`): exactly the
// *.tools.test.ts files, inside workerd like `npm test`, with the FILE_CHECK binding running qpdf, poppler, zbar,
// Info-ZIP, Python, Java, xmllint, bibtool and bib2xml (tests/file-checkers.ts). A missing program is named, with its
// Debian package, before anything runs (tests/tools/preflight.ts).
import { defineConfig } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime.ts";

export default defineConfig({
  plugins: [workersRuntime({ fileChecks: true })],
  test: {
    include: ["worker/**/*.tools.test.ts", "contract/**/*.tools.test.ts"],
    // As in npm test: one runner, modules loaded once, one local D1 and R2 for the run (decision 0230).
    isolate: false,
    maxWorkers: 1,
    globalSetup: ["./tests/tools/preflight.ts", "./tests/api/ensure-built-shell.ts"],
    setupFiles: ["./tests/api/apply-migrations.ts", "./tests/api/console-guard.ts"],
    testTimeout: 30_000,
  },
});
