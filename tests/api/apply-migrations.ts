// Runs before every API test file: the real migrations, applied to the test's local D1 databases: the platform
// database and the two journal databases every test run spreads its journals over (docs/decisions/0240).
import { applyD1Migrations, env } from "cloudflare:test";
import { bindingOf, shardNames } from "../../worker/core/data/shards";

import { nextTestFileShard } from "./fixtures";

for (const shard of shardNames(env)) await applyD1Migrations(bindingOf(env, shard), env.TEST_MIGRATIONS);
// This file's journals go to the next journal database (tests/api/fixtures.ts).
nextTestFileShard();
