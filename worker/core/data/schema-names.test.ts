// The drizzle schema names what D1 holds (issue 41 item 6, docs/decisions/0270-data-layer-names.md): a property is its
// column's name in camelCase, or the column's own name (SPEC §3's snake_case field names are the API contract); one
// table never mixes the two for its timestamps; and every column the schema names exists in the migrated database.
import { env } from "cloudflare:test";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

const tables: SQLiteTable[] = Object.values(schema).filter((t) => is(t, SQLiteTable));
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

describe("the drizzle schema's names", () => {
  it("a property is its column's name or that name in camelCase (no property names another column)", () => {
    const mismatched = tables.flatMap((t) =>
      Object.entries(getTableColumns(t))
        .filter(([key, column]) => key !== column.name && key !== camel(column.name))
        .map(([key, column]) => `${getTableName(t)}.${key} → ${column.name}`),
    );
    expect(mismatched).toEqual([]);
    // The spec's field keeps its name down to SQL (SPEC §3 Article: txnid).
    expect(schema.articles.txnid.name).toBe("txnid");
  });

  it("created_at and updated_at of one table are named alike", () => {
    const mixed = tables.flatMap((t) => {
      const keys = Object.entries(getTableColumns(t))
        .filter(([, c]) => c.name === "created_at" || c.name === "updated_at")
        .map(([key, c]) => key === c.name);
      return new Set(keys).size > 1 ? [getTableName(t)] : [];
    });
    expect(mixed).toEqual([]);
  });

  it("every column the schema names is in the migrated database", async () => {
    const missing: string[] = [];
    for (const t of tables) {
      const name = getTableName(t);
      const { results } = await env.DB.prepare("SELECT name FROM pragma_table_info(?)").bind(name).all<{ name: string }>();
      const present = new Set(results.map((r) => r.name));
      for (const column of Object.values(getTableColumns(t))) if (!present.has(column.name)) missing.push(`${name}.${column.name}`);
    }
    expect(missing).toEqual([]);
  });
});
