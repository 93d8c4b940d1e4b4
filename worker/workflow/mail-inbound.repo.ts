// Replies by e-mail (issue 36 item 5, issue 46): the rows the email() handler writes, the domains a manuscript's
// replies may come to, and the journal's unmatched list, newest first, a page at a time (docs/decisions/0303).
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne } from "drizzle-orm";
import type { Db } from "../core/env";
import { journalDomains, journals, mailInbound, mailOutbox, type MailInboundRow } from "../core/data/schema";
import { PLATFORM_DATABASE } from "../core/data/shards";

export type NewInbound = Omit<typeof mailInbound.$inferInsert, "id"> & { journalId: number | null; manuscriptId: number | null };

export async function insertInbound(db: Db, row: NewInbound): Promise<{ id: number; manuscriptId: number | null }> {
  const [stored] = await db.insert(mailInbound).values(row).returning({ id: mailInbound.id, manuscriptId: mailInbound.manuscriptId });
  return stored;
}

/** The domains of every Reply-To the journal gave in messages about this manuscript. */
export async function replyDomainsOf(db: Db, manuscriptId: number): Promise<string[]> {
  const rows = await db.selectDistinct({ replyTo: mailOutbox.replyTo }).from(mailOutbox).where(eq(mailOutbox.manuscriptId, manuscriptId));
  return rows.map((r) => r.replyTo.toLowerCase().split("@")[1] ?? "").filter(Boolean);
}

/** The journal one of whose hosts is `domain` (platform database), or null. */
export async function journalOfMailDomain(platform: Db, domain: string): Promise<number | null> {
  if (!domain) return null;
  const [d] = await platform.select().from(journalDomains).where(eq(journalDomains.domain, domain)).limit(1);
  return d?.journalId ?? null;
}

/** A page of the journal's replies that matched no manuscript, newest first: ids below `before`, at most `limit`. */
export async function unmatchedPage(
  db: Db,
  journalId: number,
  page: { before?: number; limit: number },
): Promise<{ rows: MailInboundRow[]; next: number | null }> {
  const rows = await db
    .select()
    .from(mailInbound)
    .where(
      and(
        eq(mailInbound.journalId, journalId),
        isNull(mailInbound.manuscriptId),
        page.before !== undefined ? lt(mailInbound.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(mailInbound.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit);
  return { rows: shown, next: more ? shown[shown.length - 1].id : null };
}

/** Messages the platform database holds for journals that live in a journal database (oldest first, a batch). */
export async function heldForJournalDatabases(platform: Db, limit = 200): Promise<MailInboundRow[]> {
  const elsewhere = platform.select({ id: journals.id }).from(journals).where(ne(journals.shard, PLATFORM_DATABASE));
  return platform
    .select()
    .from(mailInbound)
    .where(and(isNotNull(mailInbound.journalId), inArray(mailInbound.journalId, elsewhere)))
    .orderBy(mailInbound.id)
    .limit(limit);
}

export async function deleteInbound(db: Db, id: number): Promise<void> {
  await db.delete(mailInbound).where(eq(mailInbound.id, id));
}
