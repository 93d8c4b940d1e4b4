// Benchmarks (`npm run bench`): worker/**/*.bench.ts run inside workerd, like the Worker in production.
import { defineConfig } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime";

export default defineConfig({
  plugins: [workersRuntime()],
  test: {
    include: [],
    setupFiles: ["./tests/api/apply-migrations.ts"],
    benchmark: { include: ["worker/**/*.bench.ts"] },
  },
});
