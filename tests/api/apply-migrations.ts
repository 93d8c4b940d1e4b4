// Runs before every API test file: the real migrations, applied to the test's local D1.
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
