// ALT_HEADER_DOMAINS is retired (docs/decisions/0162-alt-header-retired.md): the hosts that take the alternate
// header branch are a per-host flag in D1 (journal_domains.alt_header), set in the platform console. A deployment
// that still has the variable gets it read ONCE into those flags — the first request after the upgrade does it,
// in one atomic batch guarded by a platform_settings marker — and never again: later edits of the variable do
// nothing. A listed host that no journal owns yet becomes an alias of the default journal (it was served by it).
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../env";
import { parseHostList } from "#contract/host";

const MARKER = "alt_header_domains_imported";
let doneInThisIsolate = false;

export async function importAltHeaderDomainsOnce(db: Db, variable: string | undefined): Promise<void> {
  if (doneInThisIsolate) return;
  const hosts = [...parseHostList(variable)].slice(0, 40); // 2 bound values each: D1 allows 100
  if (hosts.length === 0) {
    doneInThisIsolate = true;
    return;
  }
  const [marker] = await db.all<{ value: string }>(sql`SELECT value FROM platform_settings WHERE key = ${MARKER}`);
  if (!marker) {
    const notYet = sql`NOT EXISTS (SELECT 1 FROM platform_settings WHERE key = ${MARKER})`;
    const listed = sql.join(
      hosts.flatMap((h) => [sql`${h}`, sql`${`www.${h}`}`]),
      sql`, `,
    );
    const statements: BatchItem<"sqlite">[] = [
      ...hosts.map((h) =>
        db.run(sql`INSERT OR IGNORE INTO journal_domains (domain, journal_id, is_primary, alt_header)
          SELECT ${h}, id, 0, 1 FROM journals WHERE is_default = 1 AND ${notYet}`),
      ),
      db.run(sql`UPDATE journal_domains SET alt_header = 1 WHERE domain IN (${listed}) AND ${notYet}`),
      // The header is in every cached page: the journals' versions move on.
      db.run(sql`UPDATE journals SET content_version = content_version + 1 WHERE ${notYet}`),
      db.run(sql`INSERT OR IGNORE INTO platform_settings (key, value) VALUES (${MARKER}, ${new Date().toISOString()})`),
    ];
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  doneInThisIsolate = true;
}
