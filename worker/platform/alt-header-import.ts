// ALT_HEADER_DOMAINS is retired (docs/decisions/0162-alt-header-retired.md): the hosts that take the alternate
// header branch are a per-host flag in D1 (journal_domains.alt_header), set in the platform console. A deployment
// that still has the variable gets it read ONCE into those flags — the first request after the upgrade does it,
// in one atomic batch guarded by a platform_settings marker — and never again: later edits of the variable do
// nothing. A listed host that no journal owns yet becomes an alias of the default journal (it was served by it).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { journalDomains, journals, platformSettings } from "../core/data/schema";
import { parseHostList } from "#contract/host";

export const ALT_HEADER_IMPORT_MARKER = "alt_header_domains_imported";
/** The variable's value this isolate has already dealt with (checked once per isolate and value). */
let doneFor: string | null = null;

export async function importAltHeaderDomainsOnce(db: Db, variable: string | undefined): Promise<void> {
  const value = variable ?? "";
  if (doneFor === value) return;
  // 2 bound values per host in one statement: D1 allows 100.
  const hosts = [...parseHostList(value)].slice(0, 40);
  if (hosts.length > 0) {
    const [marker] = await db.select().from(platformSettings).where(eq(platformSettings.key, ALT_HEADER_IMPORT_MARKER)).limit(1);
    if (!marker) {
      const notYet = sql`NOT EXISTS (SELECT 1 FROM platform_settings WHERE key = ${ALT_HEADER_IMPORT_MARKER})`;
      const statements: BatchItem<"sqlite">[] = [
        ...hosts.map((h) =>
          db
            .insert(journalDomains)
            .select(
              db
                .select({
                  domain: sql<string>`${h}`.as("domain"),
                  journalId: journals.id,
                  isPrimary: sql<number>`0`.as("is_primary"),
                  altHeader: sql<number>`1`.as("alt_header"),
                })
                .from(journals)
                .where(and(eq(journals.isDefault, true), notYet)),
            )
            .onConflictDoNothing(),
        ),
        db
          .update(journalDomains)
          .set({ altHeader: true })
          .where(and(inArray(journalDomains.domain, [...hosts, ...hosts.map((h) => `www.${h}`)]), notYet)),
        // The header is in every cached page: the journals' versions move on.
        db
          .update(journals)
          .set({ contentVersion: sql`${journals.contentVersion} + 1` })
          .where(notYet),
        db.insert(platformSettings).values({ key: ALT_HEADER_IMPORT_MARKER, value: new Date().toISOString() }).onConflictDoNothing(),
      ];
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    }
  }
  doneFor = value;
}
