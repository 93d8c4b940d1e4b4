// The one-time import of the retired ALT_HEADER_DOMAINS into the per-host flags (docs/decisions/0162, 0270): its D1
// reads and writes. When it runs is worker/platform/alt-header-import.ts's business.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { journalDomains, journals, platformSettings } from "../core/data/schema";
import { noCustomHostnameColumns } from "./custom-hostnames/no-custom-hostname";

/** The platform_settings key whose row says the variable was imported (its value: when). */
export const ALT_HEADER_IMPORT_MARKER = "alt_header_domains_imported";

/** Whether some Worker already imported the variable (on this database, ever). */
export async function altHeaderImportDone(db: Db): Promise<boolean> {
  const [marker] = await db.select().from(platformSettings).where(eq(platformSettings.key, ALT_HEADER_IMPORT_MARKER)).limit(1);
  return marker !== undefined;
}

/**
 * In one atomic batch guarded by the marker (two isolates racing write it once): the listed hosts (and their www.
 * twins) a journal owns get the flag; a listed host no journal owns becomes an alias of the default journal with the
 * flag (it was served by the default journal before); every journal's content version moves on (the header is in
 * every cached page); the marker is written. At most 40 hosts (2 bound values each in one statement: D1 allows 100).
 */
export async function importAltHeaderHosts(db: Db, hosts: readonly string[]): Promise<void> {
  const listed = hosts.slice(0, 40);
  const notYet = sql`NOT EXISTS (SELECT 1 FROM platform_settings WHERE key = ${ALT_HEADER_IMPORT_MARKER})`;
  const statements: BatchItem<"sqlite">[] = [
    ...listed.map((h) =>
      db
        .insert(journalDomains)
        .select(
          db
            .select({
              domain: sql<string>`${h}`.as("domain"),
              journalId: journals.id,
              isPrimary: sql<number>`0`.as("is_primary"),
              altHeader: sql<number>`1`.as("alt_header"),
              ...noCustomHostnameColumns(),
            })
            .from(journals)
            .where(and(eq(journals.isDefault, true), notYet)),
        )
        .onConflictDoNothing(),
    ),
    db
      .update(journalDomains)
      .set({ altHeader: true })
      .where(and(inArray(journalDomains.domain, [...listed, ...listed.map((h) => `www.${h}`)]), notYet)),
    db
      .update(journals)
      .set({ contentVersion: sql`${journals.contentVersion} + 1` })
      .where(notYet),
    db.insert(platformSettings).values({ key: ALT_HEADER_IMPORT_MARKER, value: new Date().toISOString() }).onConflictDoNothing(),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
