// Journal staff accounts (admin_users). Passwords are stored only as self-describing hashes (auth/password.ts).
import { and, eq } from "drizzle-orm";
import type { Db } from "../env";
import { adminUsers, type AdminUserRow } from "./schema";
import { nowIso } from "./db";
import { STATUS_ENABLED } from "../schemas/constants";

export async function findAdminUserById(db: Db, journalId: number, id: number): Promise<AdminUserRow | undefined> {
  const rows = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id)))
    .limit(1);
  return rows[0];
}

export async function findAdminUserByUsername(db: Db, journalId: number, username: string): Promise<AdminUserRow | undefined> {
  const rows = await db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.username, username)))
    .limit(1);
  return rows[0];
}

export interface NewAdminUser {
  username: string;
  name?: string;
  passwordHash: string;
  status?: string;
  allowedIps?: string;
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
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

export async function setAdminUserStatus(db: Db, journalId: number, id: number, status: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({ status, updatedAt: nowIso() })
    .where(and(eq(adminUsers.journalId, journalId), eq(adminUsers.id, id)));
}
