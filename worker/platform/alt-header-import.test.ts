// The retired ALT_HEADER_DOMAINS (docs/decisions/0162, 0270): read once into the per-host flags, before the first
// answer of an isolate, at the Worker's entry; after that no request asks D1 about it, whatever the variable says.
// The entry's own instance (worker/index.ts) settles on the first request of the test run, with the test
// environment's empty variable; tests/e2e/public.layout.test.ts starts a server with the variable set and sees the
// alternate header on its first page.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../core/data/schema";
import { createJournal, db, request, unique } from "#tests/api/fixtures";
import { journalDomains, platformSettings } from "../core/data/schema";
import { altHeaderImport } from "./alt-header-import";
import { ALT_HEADER_IMPORT_MARKER } from "./alt-header.repo";

const flag = async (host: string) => (await db.select().from(journalDomains).where(eq(journalDomains.domain, host)))[0]?.altHeader;
const headerOf = (html: string) => /<html[^>]*data-header="(\w+)"/.exec(html)?.[1];
const forgetMarker = () => db.delete(platformSettings).where(eq(platformSettings.key, ALT_HEADER_IMPORT_MARKER));

/** The real D1 binding, with every SQL statement it is sent written down. */
function loggedDb() {
  const statements: string[] = [];
  return { statements, db: drizzle(env.DB, { schema, logger: { logQuery: (query) => void statements.push(query) } }) };
}

describe("ALT_HEADER_DOMAINS, retired", () => {
  it("is read once into the per-host flags (listed hosts and their www.), then ignored", async () => {
    await forgetMarker();
    const listed = await createJournal();
    const www = await createJournal({ host: `www.${unique("w")}.test` });
    const other = await createJournal();
    await altHeaderImport().ensure(() => db, ` ${listed.host.toUpperCase()} , ${www.host.replace(/^www\./, "")} `);
    expect(await flag(listed.host)).toBe(true);
    expect(await flag(www.host)).toBe(true);
    expect(await flag(other.host)).toBe(false);
    expect(headerOf(await (await request(listed.host, "/board")).text())).toBe("alt");

    // Once imported (by any isolate: the marker is in D1), a changed variable does nothing.
    await altHeaderImport().ensure(() => db, other.host);
    expect(await flag(other.host)).toBe(false);
  });

  it("costs a request nothing once settled: no D1 statement, whatever the variable says", async () => {
    const settledOnce = altHeaderImport();
    const log = loggedDb();
    await settledOnce.ensure(() => log.db, "already-imported.test");
    // The marker is found: one read, no write.
    expect(log.statements).toHaveLength(1);
    expect(log.statements[0]).toContain("platform_settings");
    expect(settledOnce.settled).toBe(true);
    for (const value of ["already-imported.test", "changed.test", ""]) await settledOnce.ensure(() => log.db, value);
    expect(log.statements).toHaveLength(1);

    // An empty variable (every new deployment) never reaches D1 at all.
    const empty = loggedDb();
    const none = altHeaderImport();
    await none.ensure(() => empty.db, "");
    await none.ensure(() => empty.db, undefined);
    expect(empty.statements).toEqual([]);
    expect(none.settled).toBe(true);
  });

  it("concurrent first requests share one import", async () => {
    await forgetMarker();
    const j = await createJournal();
    const log = loggedDb();
    const once = altHeaderImport();
    await Promise.all(Array.from({ length: 5 }, () => once.ensure(() => log.db, j.host)));
    expect(log.statements.filter((s) => s.startsWith("select")).length).toBe(1);
    expect(await flag(j.host)).toBe(true);
  });
});
