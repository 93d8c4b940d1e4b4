// Journals: finding one by host name, and saving its settings. The Domain setting picks the journal's primary
// host among the hosts an operator assigned to it (journal_domains); journal staff never create or move host
// routing (docs/decisions/0060-host-assignment.md). The settings' API shape is made beside the routes
// (settings-answers.ts).
import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { adminEvents, journalDomains, journals, type JournalRow } from "../core/data/schema";
import { batchAcross } from "../core/data/shards";
import { nowIso } from "../core/data/db";
import type { SettingsFields } from "#contract/admin";

/** What a host name resolves to: its journal, and whether the host takes the alternate header branch. */
export interface HostMatch {
  journal: JournalRow;
  altHeader: boolean;
}

/**
 * The journal that owns this host name (once its custom hostname, if it has one, is active); else, unless the platform setting unknown_host is "not_found", the
 * default journal (then no alternate header: only listed hosts take it). One query either way.
 */
export async function findJournalByHost(db: Db, host: string): Promise<HostMatch | undefined> {
  const rows = await db
    .select({
      journal: journals,
      altHeader: journalDomains.altHeader,
      // A custom hostname answers readers once Cloudflare says it and its certificate are active (decision 0357);
      // a host without one (hostname_status NULL: the demo's, a platform on routes) answers as before.
      ready: sql<number>`${journalDomains.domain} IS NULL OR ${journalDomains.hostnameStatus} IS NULL OR (${journalDomains.hostnameStatus} = 'active' AND ${journalDomains.certificateStatus} = 'active')`,
    })
    .from(journals)
    .leftJoin(journalDomains, and(eq(journalDomains.journalId, journals.id), eq(journalDomains.domain, host)))
    .where(
      sql`${journalDomains.domain} IS NOT NULL OR (${journals.isDefault} = 1 AND coalesce((SELECT value FROM platform_settings WHERE key = 'unknown_host'), 'default') = 'default')`,
    )
    .orderBy(sql`${journalDomains.domain} IS NULL`, journals.id)
    .limit(1);
  // A host still being set up is nobody's yet: never the default journal's either.
  if (!rows[0] || !rows[0].ready) return undefined;
  return { journal: rows[0].journal, altHeader: rows[0].altHeader === true };
}

export type SettingsResult =
  | { ok: true; journal: JournalRow; changed: (keyof SettingsFields)[] }
  | { ok: false; reason: "domain_not_assigned"; hosts: string[] }
  | { ok: false; reason: "not_found" };

/** The hosts assigned to a journal, primary first. */
export async function listJournalHosts(db: Db, journalId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: journalDomains.domain, isPrimary: journalDomains.isPrimary })
    .from(journalDomains)
    .where(eq(journalDomains.journalId, journalId));
  return rows.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.domain.localeCompare(b.domain)).map((r) => r.domain);
}

/**
 * One source for the ISSN (issue 26 item 7): once the journal has a print or online ISSN, the ISSN line the
 * pages show is made from them ("print, online"), whatever the free-text field says; without either, it stays
 * the free text staff type.
 */
function withIssnLine(stored: JournalRow, input: SettingsFields): SettingsFields {
  const print = input.issn_print ?? stored.issn_print;
  const online = input.issn_online ?? stored.issn_online;
  if (!print && !online) return input;
  return { ...input, issn: [print, online].filter(Boolean).join(", ") };
}

/** The settings fields whose value differs from the journal's stored one (a field left out never does). */
function changedSettings(stored: JournalRow, input: SettingsFields): SettingsFields {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(withIssnLine(stored, input))) {
    if (value !== undefined && value !== stored[key as keyof JournalRow]) changed[key] = value;
  }
  return changed as SettingsFields;
}

/**
 * Saves the settings fields that differ from the stored ones, in one batch with `after(changed)` (the audit event,
 * which bumps the content version). A save that changes nothing writes nothing: no event, no new version
 * (issue 25 item 9). A new domain must be one of the journal's own hosts; it becomes the primary host and the
 * others stay aliases. Any other host is refused (`domain_not_assigned`), whoever serves it. `db` is the platform
 * database, `journalDb` the journal's own (where `after` writes).
 */
export async function saveSettings(
  db: Db,
  journalDb: Db,
  journalId: number,
  input: SettingsFields,
  after: (changed: (keyof SettingsFields)[]) => BatchItem<"sqlite">[],
): Promise<SettingsResult> {
  const [stored] = await db.select().from(journals).where(eq(journals.id, journalId)).limit(1);
  if (!stored) return { ok: false, reason: "not_found" };
  const fields = changedSettings(stored, input);
  const changed = Object.keys(fields) as (keyof SettingsFields)[];
  if (changed.length === 0) return { ok: true, journal: stored, changed };
  const statements = [];
  const domain = fields.domain;
  if (domain !== undefined) {
    const hosts = await listJournalHosts(db, journalId);
    if (!hosts.includes(domain)) return { ok: false, reason: "domain_not_assigned", hosts };
    statements.push(
      db
        .update(journalDomains)
        .set({ isPrimary: false })
        .where(and(eq(journalDomains.journalId, journalId), ne(journalDomains.domain, domain))),
      db
        .update(journalDomains)
        .set({ isPrimary: true })
        .where(and(eq(journalDomains.journalId, journalId), eq(journalDomains.domain, domain))),
    );
  }
  const stamp = nowIso();
  const update = db
    .update(journals)
    .set({ ...fields, updatedAt: stamp })
    .where(eq(journals.id, journalId))
    .returning();
  // The journal's row and hosts are the platform's; the audit event is the journal's (docs/decisions/0240).
  // Undo, should the journal's half fail: the stored values back, then the stamps the update and its trigger moved.
  const restore = Object.fromEntries(changed.map((k) => [k, stored[k]]));
  const undo = [
    db
      .update(journals)
      .set({ ...restore, updatedAt: stored.updatedAt })
      .where(eq(journals.id, journalId)),
    db.update(journals).set({ recordsModified: stored.recordsModified }).where(eq(journals.id, journalId)),
    ...(domain !== undefined
      ? [
          db
            .update(journalDomains)
            .set({ isPrimary: sql`${journalDomains.domain} = ${stored.domain}` })
            .where(eq(journalDomains.journalId, journalId)),
        ]
      : []),
  ];
  // A lost answer is told from a failure by what it left: our stamp on the row, our event in the trail.
  const committed = {
    platform: async () => (await db.select({ at: journals.updatedAt }).from(journals).where(eq(journals.id, journalId)))[0]?.at === stamp,
    journal: async () =>
      (
        await journalDb
          .select({ id: adminEvents.id })
          .from(adminEvents)
          .where(and(eq(adminEvents.journalId, journalId), eq(adminEvents.entity, "settings"), gte(adminEvents.createdAt, stamp)))
          .limit(1)
      ).length > 0,
  };
  const results = await batchAcross(db, journalDb, [update, ...statements], after(changed), undo, committed);
  // The platform's answer was lost: the row as it now is.
  if (results.length === 0) results.push(await db.select().from(journals).where(eq(journals.id, journalId)));
  const [row] = results[0] as JournalRow[];
  if (!row) return { ok: false, reason: "not_found" };
  return { ok: true, journal: row, changed };
}

/** The columns of a journal's row that name one of its own files in R2 (docs/decisions/0163, 0202). */
export type JournalFileColumn = "logoFile" | "coverImageFile" | "certificateImageFile" | "copyrightFormFile";

/**
 * Points the journal's row (the platform database's) at another of its files ("" for the default), with `after` (the
 * audit event, which bumps the content version) in the journal's database: one batch when both are one database,
 * else the platform's first and the row put back should the journal's fail (docs/decisions/0240). The row as it now
 * is, or undefined when the journal is gone.
 */
export async function setJournalFile(
  platformDb: Db,
  journalDb: Db,
  journal: JournalRow,
  column: JournalFileColumn,
  file: string,
  after: BatchItem<"sqlite">[],
): Promise<JournalRow | undefined> {
  const update = platformDb
    .update(journals)
    .set({ [column]: file, updatedAt: nowIso() })
    .where(eq(journals.id, journal.id))
    .returning();
  const undo = platformDb
    .update(journals)
    .set({ [column]: journal[column], updatedAt: journal.updatedAt })
    .where(eq(journals.id, journal.id));
  const [rows] = await batchAcross(platformDb, journalDb, [update], after, [undo]);
  return (rows as JournalRow[] | undefined)?.[0];
}
