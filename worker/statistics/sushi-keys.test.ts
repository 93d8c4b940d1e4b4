// Issue 46 item 1 (docs/decisions/0310): migration 0190 gives every SUSHI key made before it its own customer_id,
// 16 random hexadecimal digits, in place of the one derived from the key's first characters.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { createJournal, journalDb } from "#tests/api/fixtures";
import { sushiKeys } from "../core/data/schema";

describe("SUSHI keys made before customer IDs (migration 0190)", () => {
  it("each gets 16 random hexadecimal digits, none of the key in it", async () => {
    const j = await createJournal();
    const jdb = await journalDb(j);
    const key = "0123456789abcdef".repeat(4);
    const made = (n: number) => ({
      journalId: j.id,
      customerName: `Library ${n}`,
      customerId: `key-${key.slice(0, 12)}${n}`,
      keyHash: `hash-${j.id}-${n}`,
      createdAt: new Date().toISOString(),
    });
    const rows = await jdb
      .insert(sushiKeys)
      .values([made(1), made(2)])
      .returning();

    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0190_"));
    expect(migration?.queries.length).toBeGreaterThan(0);
    for (const query of migration?.queries ?? []) await jdb.run(sql.raw(query));

    const after = await Promise.all(rows.map(async (r) => (await jdb.select().from(sushiKeys).where(eq(sushiKeys.id, r.id)))[0]));
    for (const row of after) {
      expect(row.customerId).toMatch(/^[0-9A-F]{16}$/);
      expect(row.customerId.toLowerCase()).not.toContain(key.slice(0, 8));
    }
    expect(after[0].customerId).not.toBe(after[1].customerId);
  });
});
