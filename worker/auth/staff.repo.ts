// A journal's staff accounts (admin_users), as the platform's operators and the journal's own admins manage them
// (docs/decisions/0160-operators.md). Every function is scoped by journal id: an account of another journal is
// "not found", never read or changed. Writes take the caller's audit statements, committed in the same batch.
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { adminUsers, type AdminUserRow } from "../core/data/schema";
import { isUniqueViolation, nowIso } from "../core/data/db";
import { HttpError } from "../core/errors";
import { STATUS_ENABLED } from "#contract/constants";
import type { StaffAccount } from "#contract/platform";

export const staffAnswer = (u: AdminUserRow): StaffAccount => ({
  id: u.id,
  username: u.username,
  name: u.name,
  status: u.status,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

export async function listStaff(db: Db, journalId: number): Promise<AdminUserRow[]> {
  return db.select().from(adminUsers).where(eq(adminUsers.journalId, journalId)).orderBy(asc(adminUsers.username));
}

/** The account, only when it belongs to this journal; else 404 not_found. */
export async function staffOf(db: Db, journalId: number, id: number): Promise<AdminUserRow> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id)))
    .limit(1);
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

type Audit = BatchItem<"sqlite">[];

async function run<T>(db: Db, change: BatchItem<"sqlite">, audit: Audit): Promise<T> {
  const results = await db.batch([change, ...audit] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return results[0] as T;
}

export async function createStaff(
  db: Db,
  journalId: number,
  account: { username: string; name: string; passwordHash: string },
  audit: (username: string) => Audit,
): Promise<AdminUserRow> {
  const now = nowIso();
  try {
    const [row] = await run<AdminUserRow[]>(
      db,
      db
        .insert(adminUsers)
        .values({
          journalId,
          username: account.username,
          name: account.name || account.username,
          passwordHash: account.passwordHash,
          status: STATUS_ENABLED,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      audit(account.username),
    );
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, "duplicate_username");
    throw err;
  }
}

/** Changes one account of this journal; `revoke` also ends every session it has (its session version moves on). */
async function updateStaff(
  db: Db,
  journalId: number,
  id: number,
  set: Partial<Pick<AdminUserRow, "status" | "passwordHash">>,
  revoke: boolean,
  audit: Audit,
): Promise<AdminUserRow> {
  const [row] = await run<AdminUserRow[]>(
    db,
    db
      .update(adminUsers)
      .set({ ...set, updatedAt: nowIso(), ...(revoke ? { sessionVersion: sql`${adminUsers.sessionVersion} + 1` } : {}) })
      .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id)))
      .returning(),
    audit,
  );
  if (!row) throw new HttpError(404, "not_found");
  return row;
}

/** Disabling ends the account's sessions for good; enabling does not bring old tokens back. */
export const setStaffStatus = (db: Db, journalId: number, id: number, status: string, audit: Audit) =>
  updateStaff(db, journalId, id, { status }, status !== STATUS_ENABLED, audit);

/** A new password ends every session signed with the old one. */
export const resetStaffPassword = (db: Db, journalId: number, id: number, passwordHash: string, audit: Audit) =>
  updateStaff(db, journalId, id, { passwordHash }, true, audit);

export const revokeStaffSessions = (db: Db, journalId: number, id: number, audit: Audit) => updateStaff(db, journalId, id, {}, true, audit);
