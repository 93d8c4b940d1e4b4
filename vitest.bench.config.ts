// Benchmarks (`npm run bench`): worker/**/*.bench.ts run inside workerd, like the Worker in production.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          JWT_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
        },
      },
    })),
  ],
  test: {
    include: [],
    setupFiles: ["./tests/api/apply-migrations.ts"],
    benchmark: { include: ["worker/**/*.bench.ts"] },
  },
});
