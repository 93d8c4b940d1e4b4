// Benchmarks (`npm run bench`): worker/**/*.bench.ts run inside workerd, like the Worker in production.
import { defineConfig } from "vitest/config";
import { workersRuntime } from "./tests/workers-runtime.ts";

export default defineConfig({
  // What the deployed Worker runs: `vite build` bundles React's production build; under vitest React would load
  // its development build (several times slower to render), so the benches measure what readers wait for.
  plugins: [workersRuntime({ nodeEnv: "production" })],
  // ... and JSX compiled for it (the production jsx runtime has no jsxDEV).
  oxc: { jsx: { development: false } },
  test: {
    include: [],
    setupFiles: ["./tests/api/apply-migrations.ts"],
    benchmark: { include: ["worker/**/*.bench.ts"] },
  },
});
