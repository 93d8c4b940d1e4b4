// API tests run inside workerd with the real local D1 and R2 bindings and the real migrations applied.
import { defineConfig } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime";

export default defineConfig({
  plugins: [workersRuntime()],
  test: {
    include: ["worker/**/*.test.ts", "contract/**/*.test.ts"],
    globalSetup: ["./tests/api/ensure-built-shell.ts"],
    setupFiles: ["./tests/api/apply-migrations.ts"],
    testTimeout: 30_000,
  },
});
