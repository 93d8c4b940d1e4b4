// The platform's record of each sending domain's Email Service DNS records (migrations/0310, docs/decisions/0395).
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { MailDnsRecord } from "#contract/platform";
import type { Db } from "../../core/env";
import { mailDomains } from "../../core/data/schema";
import { nowIso } from "../../core/data/db";

export type MailDomainRow = typeof mailDomains.$inferSelect;

export async function mailDomainOf(db: Db, domain: string): Promise<MailDomainRow | undefined> {
  const [row] = await db.select().from(mailDomains).where(eq(mailDomains.domain, domain)).limit(1);
  return row;
}

/** A domain the platform should check (a journal sends from it): unchecked until the next check. */
export async function ensureMailDomain(db: Db, domain: string): Promise<void> {
  await db.insert(mailDomains).values({ domain, createdAt: nowIso() }).onConflictDoNothing();
}

/** A check's outcome: the records found, or only the failure (the last status and records stay). */
export async function recordMailCheck(
  db: Db,
  domain: string,
  outcome: { records: MailDnsRecord[]; verified: boolean } | { error: string },
) {
  const checkedAt = nowIso();
  await ensureMailDomain(db, domain);
  if ("error" in outcome) {
    await db.update(mailDomains).set({ checkError: outcome.error, checkedAt }).where(eq(mailDomains.domain, domain));
    return;
  }
  await db
    .update(mailDomains)
    .set({ status: outcome.verified ? "verified" : "incomplete", records: JSON.stringify(outcome.records), checkError: null, checkedAt })
    .where(eq(mailDomains.domain, domain));
}

/**
 * The Cron Trigger's share: domains not verified (never checked first, then oldest check), and verified ones last
 * checked more than a day ago (a record removed since), at most `limit`.
 */
export async function mailDomainsToCheck(db: Db, limit: number, now = Date.now()): Promise<string[]> {
  const dayAgo = new Date(now - 24 * 3600 * 1000).toISOString();
  const rows = await db
    .select({ domain: mailDomains.domain })
    .from(mailDomains)
    .where(
      or(
        inArray(mailDomains.status, ["unchecked", "incomplete"]),
        and(eq(mailDomains.status, "verified"), lt(mailDomains.checkedAt, dayAgo)),
      ),
    )
    .orderBy(sql`CASE ${mailDomains.status} WHEN 'verified' THEN 1 ELSE 0 END`, asc(sql`coalesce(${mailDomains.checkedAt}, '')`))
    .limit(limit);
  return rows.map((r) => r.domain);
}
