// A journal's staff accounts (admin_users), as the platform's operators and the journal's own admins manage them
// (docs/decisions/0160-operators.md). Every function is scoped by journal id: an account of another journal is
// "not found", never read or changed. Writes take the caller's audit statements, committed in the same batch.
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { adminUsers, usernameClashes, type AdminUserRow } from "../core/data/schema";
import { isUniqueViolation, nowIso } from "../core/data/db";
import { HttpError } from "../core/errors";
import { STATUS_ENABLED } from "#contract/constants";
import type { StaffAccount } from "#contract/platform";
import type { StaffRole } from "#contract/roles";

/** How long a one-time password opens (issue 37 item 2, docs/decisions/0201-one-time-passwords.md). */
export const ONE_TIME_PASSWORD_HOURS = 72;
export const oneTimeExpiry = (now = new Date()): string => new Date(now.getTime() + ONE_TIME_PASSWORD_HOURS * 3600_000).toISOString();

export const staffAnswer = (u: AdminUserRow): StaffAccount => ({
  id: u.id,
  username: u.username,
  name: u.name,
  status: u.status,
  role: u.role as StaffRole,
  email: u.email,
  oneTimeExpiresAt: u.oneTimeExpiresAt,
  usernameClash: u.foldExempt,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

export async function listStaff(db: Db, journalId: number): Promise<AdminUserRow[]> {
  return db.select().from(adminUsers).where(eq(adminUsers.journalId, journalId)).orderBy(asc(adminUsers.username));
}

/** Accounts that repeated an older username in another case when usernames became case-blind (migrations/0080). */
export async function listUsernameClashes(db: Db, journalId: number) {
  return db.select().from(usernameClashes).where(eq(usernameClashes.journalId, journalId));
}

/**
 * The condition that keeps a journal's last enabled manager (issue 37 item 1): true unless the account is an enabled
 * manager and no other enabled manager exists. Part of the UPDATE itself, so two managers demoting each other at
 * the same moment cannot both succeed.
 */
const notLastManager = (journalId: number): SQL =>
  sql`NOT (${adminUsers.role} = 'manager' AND ${adminUsers.status} = 'enabled' AND NOT EXISTS (SELECT 1 FROM admin_users other WHERE other.journal_id = ${journalId} AND other.id <> ${adminUsers.id} AND other.role = 'manager' AND other.status = 'enabled'))`;

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
  account: { username: string; name: string; passwordHash: string; role: StaffRole; email: string },
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
          role: account.role,
          email: account.email,
          oneTimeExpiresAt: oneTimeExpiry(),
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      audit(account.username),
    );
    return row;
  } catch (err) {
    // The case-blind unique index (migrations/0080): "Admin" is taken when "admin" exists.
    if (isUniqueViolation(err)) throw new HttpError(409, "duplicate_username");
    throw err;
  }
}

/** What a change must respect: `keepManager` refuses to leave the journal without an enabled manager. */
interface Rules {
  keepManager: boolean;
}

/**
 * Changes one account of this journal; `revoke` also ends every session it has (its session version moves on).
 * 404 when the account is not this journal's; 403 last_manager when `keepManager` and the change would take away
 * the journal's last enabled manager.
 */
async function updateStaff(
  db: Db,
  journalId: number,
  id: number,
  set: Partial<Pick<AdminUserRow, "status" | "passwordHash" | "role" | "email" | "oneTimeExpiresAt">>,
  revoke: boolean,
  audit: Audit,
  rules: Rules = { keepManager: false },
): Promise<AdminUserRow> {
  const where = and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id));
  const [row] = await run<AdminUserRow[]>(
    db,
    db
      .update(adminUsers)
      .set({ ...set, updatedAt: nowIso(), ...(revoke ? { sessionVersion: sql`${adminUsers.sessionVersion} + 1` } : {}) })
      .where(rules.keepManager ? and(where, notLastManager(journalId)) : where)
      .returning(),
    audit,
  );
  if (row) return row;
  // No row changed: not this journal's account (404), else the last-manager condition held it back. The journal
  // scope's audit rows are conditional on a change (afterAdminWrite ifChanged), so a refusal leaves no event.
  await staffOf(db, journalId, id);
  throw new HttpError(403, "last_manager");
}

/** Disabling ends the account's sessions for good; enabling does not bring old tokens back. */
export const setStaffStatus = (db: Db, journalId: number, id: number, status: string, audit: Audit, rules?: Rules) =>
  updateStaff(db, journalId, id, { status }, status !== STATUS_ENABLED, audit, status === STATUS_ENABLED ? undefined : rules);

/** A new role; the sessions go on (the guards read the role on every call). */
export const setStaffRole = (db: Db, journalId: number, id: number, role: StaffRole, audit: Audit, rules?: Rules) =>
  updateStaff(db, journalId, id, { role }, false, audit, role === "manager" ? undefined : rules);

export const setStaffEmail = (db: Db, journalId: number, id: number, email: string, audit: Audit) =>
  updateStaff(db, journalId, id, { email }, false, audit);

/**
 * A password someone else set: a one-time one, valid for ONE_TIME_PASSWORD_HOURS, that must be replaced at the first
 * sign-in. It ends every session signed with the old password, and any earlier one-time password with it.
 */
export const resetStaffPassword = (db: Db, journalId: number, id: number, passwordHash: string, audit: Audit, rules?: Rules) =>
  updateStaff(db, journalId, id, { passwordHash, oneTimeExpiresAt: oneTimeExpiry() }, true, audit, rules);

/** The account holder's own new password (Your account): no longer a one-time one. */
export const setOwnPassword = (db: Db, journalId: number, id: number, passwordHash: string, audit: Audit) =>
  updateStaff(db, journalId, id, { passwordHash, oneTimeExpiresAt: null }, true, audit);

/** The hash of no password: what a one-time password becomes when "sign out everywhere" ends it. */
export const NO_PASSWORD = "!one-time-password-revoked";

/**
 * Sign out everywhere: every session ends; a one-time password not yet replaced dies too (the account then needs a
 * new reset), since whoever signed out everywhere may be shutting out the person who saw it.
 */
export const revokeStaffSessions = async (db: Db, journalId: number, id: number, audit: Audit) => {
  const account = await staffOf(db, journalId, id);
  const oneTime = account.oneTimeExpiresAt !== null;
  return updateStaff(db, journalId, id, oneTime ? { passwordHash: NO_PASSWORD } : {}, true, audit);
};
