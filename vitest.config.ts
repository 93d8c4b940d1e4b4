// API tests run inside workerd with the real local D1 and R2 bindings and the real migrations applied.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          JWT_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
        },
      },
    })),
  ],
  test: {
    include: ["worker/**/*.test.ts"],
    globalSetup: ["./tests/api/ensure-built-shell.ts"],
    setupFiles: ["./tests/api/apply-migrations.ts"],
    testTimeout: 30_000,
  },
});
