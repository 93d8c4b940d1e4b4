// Benchmarks (`npm run bench`): worker/**/*.bench.ts run inside workerd, like the Worker in production.
import { defineConfig } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime";
import { preactForReact } from "./preact-aliases";

export default defineConfig({
  // The Worker renders pages with Preact behind the React API, as in the build (vite.config.ts).
  plugins: [preactForReact(), workersRuntime()],
  test: {
    include: [],
    setupFiles: ["./tests/api/apply-migrations.ts"],
    benchmark: { include: ["worker/**/*.bench.ts"] },
  },
});
