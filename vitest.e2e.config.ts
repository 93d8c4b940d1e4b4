// Browser and HTTP tests against the BUILT app, started the way a user starts it (npm start).
// Runs in Node (no workerd, no cloudflare plugin); one server for the whole run (tests/e2e/support/global-setup.ts).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["./tests/e2e/support/global-setup.ts"],
    // One server, one browser per file: run files one after another, tests inside a file in order.
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
  },
});
