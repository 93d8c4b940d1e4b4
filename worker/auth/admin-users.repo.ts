// Journal staff accounts (admin_users). Passwords are stored only as self-describing hashes (auth/password.ts).
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { adminUsers, revokedTokens, type AdminUserRow } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import { STATUS_ENABLED } from "#contract/constants";
import type { StaffRole } from "#contract/roles";

/**
 * The account a sign-in names, without regard to case ("Admin" signs in as "admin", migrations/0080). Of accounts
 * that clashed before usernames became case-blind, the one spelt exactly as typed wins, else the oldest.
 */
export async function findAdminUserByUsername(db: Db, journalId: number, username: string): Promise<AdminUserRow | undefined> {
  const rows = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.journalId, journalId), sql`${adminUsers.username} = ${username} COLLATE NOCASE`))
    .orderBy(sql`${adminUsers.username} = ${username} DESC`, adminUsers.id)
    .limit(1);
  return rows[0];
}

export interface NewAdminUser {
  username: string;
  name?: string;
  passwordHash: string;
  status?: string;
  allowedIps?: string;
  /** Default "manager" (the column's default: accounts made outside the staff page can do everything). */
  role?: StaffRole;
  email?: string;
  /** Set for an account whose password is a one-time one. */
  oneTimeExpiresAt?: string | null;
}

export async function insertAdminUser(db: Db, journalId: number, user: NewAdminUser): Promise<AdminUserRow> {
  const now = nowIso();
  const [row] = await db
    .insert(adminUsers)
    .values({
      journalId,
      username: user.username,
      name: user.name ?? user.username,
      passwordHash: user.passwordHash,
      status: user.status ?? STATUS_ENABLED,
      allowedIps: user.allowedIps ?? "",
      role: user.role ?? "manager",
      email: user.email ?? "",
      oneTimeExpiresAt: user.oneTimeExpiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** Disabling also ends the user's sessions for good: re-enabling does not bring old tokens back. */
export async function setAdminUserStatus(db: Db, journalId: number, id: number, status: string): Promise<void> {
  const revoke = status === STATUS_ENABLED ? {} : { sessionVersion: sql`${adminUsers.sessionVersion} + 1` };
  await db
    .update(adminUsers)
    .set({ status, updatedAt: nowIso(), ...revoke })
    .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id)));
}

/**
 * The user a token names, with whether that very token was revoked by logout: one query per admin call
 * (docs/decisions/0062-session-revocation.md).
 */
export async function findSessionUser(
  db: Db,
  journalId: number,
  id: number,
  tokenId: string,
): Promise<(AdminUserRow & { revoked: boolean }) | undefined> {
  const rows = await db
    .select({ user: adminUsers, revoked: sql<number>`EXISTS (SELECT 1 FROM ${revokedTokens} WHERE ${revokedTokens.jti} = ${tokenId})` })
    .from(adminUsers)
    .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id)))
    .limit(1);
  return rows[0] && { ...rows[0].user, revoked: Boolean(rows[0].revoked) };
}

/** Logout: this token stops working; it is remembered until it would have expired anyway. */
export async function revokeToken(db: Db, tokenId: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti: tokenId, expiresAt: expiresAt.toISOString() }).onConflictDoNothing();
}

/** Forgets revoked tokens that have expired by themselves (the scheduled clean-up). */
export async function pruneRevokedTokens(db: Db, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now.toISOString()));
}
