// Saving a journal's settings, and moving its primary domain.
import { and, eq, ne } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../env";
import { journalDomains, journals, type JournalRow } from "./schema";
import { nowIso } from "./db";
import type { Settings } from "../schemas/api";

export type SettingsResult = { ok: true; journal: JournalRow } | { ok: false; reason: "domain_taken" | "not_found" };

/**
 * Saves the given settings fields in one batch. When the domain changes, the new host becomes the journal's
 * primary domain and the old one stays as an alias (docs/decisions/0024-settings-domain.md), so links and the
 * staff's open session on the old host keep working. A host that another journal answers on is refused.
 */
export async function saveSettings(db: Db, journal: JournalRow, input: Partial<Settings>, after: BatchItem<"sqlite">[] = []): Promise<SettingsResult> {
  const fields = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<Settings>;
  const statements = [];
  const domain = fields.domain;
  if (domain !== undefined && domain !== journal.domain) {
    const owner = await db.select({ journalId: journalDomains.journalId }).from(journalDomains).where(eq(journalDomains.domain, domain)).limit(1);
    if (owner[0] && owner[0].journalId !== journal.id) return { ok: false, reason: "domain_taken" };
    statements.push(
      db.update(journalDomains).set({ isPrimary: false }).where(and(eq(journalDomains.journalId, journal.id), ne(journalDomains.domain, domain))),
      // Claims the host for this journal; if another journal took it a moment ago, the WHERE keeps their row.
      db
        .insert(journalDomains)
        .values({ domain, journalId: journal.id, isPrimary: true })
        .onConflictDoUpdate({ target: journalDomains.domain, set: { isPrimary: true }, setWhere: eq(journalDomains.journalId, journal.id) }),
    );
  }
  const update = db
    .update(journals)
    .set({ ...fields, updated_at: nowIso() })
    .where(eq(journals.id, journal.id))
    .returning();
  const results = await db.batch([update, ...statements, ...after] as [typeof update, ...BatchItem<"sqlite">[]]);
  const [row] = results[0] as JournalRow[];
  if (!row) return { ok: false, reason: "not_found" };
  if (domain !== undefined && domain !== journal.domain) {
    // Lost a race for the host: another journal owns it now. Put the old domain back as primary.
    const owner = await db.select({ journalId: journalDomains.journalId }).from(journalDomains).where(eq(journalDomains.domain, domain)).limit(1);
    if (owner[0]?.journalId !== journal.id) {
      await db.batch([
        db.update(journals).set({ domain: journal.domain }).where(eq(journals.id, journal.id)),
        db.update(journalDomains).set({ isPrimary: true }).where(and(eq(journalDomains.journalId, journal.id), eq(journalDomains.domain, journal.domain))),
      ]);
      return { ok: false, reason: "domain_taken" };
    }
  }
  return { ok: true, journal: row };
}
