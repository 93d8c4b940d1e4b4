// Runs before every API test file: the real migrations, applied to the test's local D1 databases: the platform
// database and the two journal databases every test run spreads its journals over (docs/decisions/0240).
import { applyD1Migrations, env } from "cloudflare:test";
import { bindingOf, shardNames } from "../../worker/core/data/shards";

import { nextTestFileShard } from "./fixtures";

for (const shard of shardNames(env)) await applyD1Migrations(bindingOf(env, shard), env.TEST_MIGRATIONS);
// JOURNALS_3 is closed to new journals, as in the demo: it is where tests move journals (docs/decisions/0280).
await env.DB.prepare("INSERT OR IGNORE INTO shard_states (name, accepts_new, note, updated_at) VALUES ('JOURNALS_3', 0, 'move target', ?)")
  .bind(new Date().toISOString())
  .run();
// This file's journals go to the next journal database (tests/api/fixtures.ts).
nextTestFileShard();
