// Crossref accounts and deposits (migrations/0103): the only code that queries those tables.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { articles, crossrefAccounts, crossrefDeposits, type CrossrefDepositRow } from "../core/data/schema";

export async function findCrossrefAccount(db: Db, journalId: number) {
  const [row] = await db.select().from(crossrefAccounts).where(eq(crossrefAccounts.journalId, journalId)).limit(1);
  return row;
}

export async function saveCrossrefAccount(db: Db, row: typeof crossrefAccounts.$inferInsert) {
  await db
    .insert(crossrefAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: crossrefAccounts.journalId,
      set: { username: row.username, passwordEnc: row.passwordEnc, endpoint: row.endpoint, updatedAt: row.updatedAt },
    });
}

export async function insertDeposit(db: Db, row: typeof crossrefDeposits.$inferInsert): Promise<CrossrefDepositRow> {
  const [inserted] = await db.insert(crossrefDeposits).values(row).returning();
  return inserted;
}

export async function listIssueDeposits(db: Db, journalId: number, year: number, volume: number, issue: number) {
  return db
    .select()
    .from(crossrefDeposits)
    .where(
      and(
        eq(crossrefDeposits.journalId, journalId),
        eq(crossrefDeposits.year, year),
        eq(crossrefDeposits.volume, volume),
        eq(crossrefDeposits.issue, issue),
      ),
    )
    .orderBy(desc(crossrefDeposits.id));
}

export async function findDeposit(db: Db, journalId: number, id: number) {
  const [row] = await db
    .select()
    .from(crossrefDeposits)
    .where(and(eq(crossrefDeposits.journalId, journalId), eq(crossrefDeposits.id, id)))
    .limit(1);
  return row;
}

/** The deposit's new state and, on success, its DOIs marked registered, with `after` (the audit event), in one batch. */
export async function recordDepositResult(
  db: Db,
  journalId: number,
  id: number,
  set: { status: string; message: string; checkedAt: string },
  registeredDois: string[],
  after: BatchItem<"sqlite">[] = [],
) {
  const update = db
    .update(crossrefDeposits)
    .set(set)
    .where(and(eq(crossrefDeposits.journalId, journalId), eq(crossrefDeposits.id, id)));
  const marks = [];
  for (let i = 0; i < registeredDois.length; i += 90) {
    marks.push(
      db
        .update(articles)
        .set({ doiRegisteredAt: set.checkedAt })
        // Once: a DOI registered before keeps its date (the OAI datestamp moves when it becomes registered, not again).
        .where(
          and(eq(articles.journalId, journalId), eq(articles.doiRegisteredAt, ""), inArray(articles.doi, registeredDois.slice(i, i + 90))),
        ),
    );
  }
  await db.batch([update, ...marks, ...after]);
}

/** Deposits of any journal still waiting for Crossref's result, the longest unchecked first. */
export async function listWaitingDeposits(db: Db, limit: number): Promise<CrossrefDepositRow[]> {
  return db
    .select()
    .from(crossrefDeposits)
    .where(eq(crossrefDeposits.status, "submitted"))
    .orderBy(asc(crossrefDeposits.checkedAt), asc(crossrefDeposits.id))
    .limit(limit);
}
