// Admin accounts and tokens for API tests: real rows in the local D1, real tokens signed with the test secret.
import { env } from "cloudflare:test";
import { journalDb, unique, type TestJournal } from "./fixtures";
import { hashPassword } from "../../worker/auth/password";
import { signAdminToken, type SignOptions } from "../../worker/auth/tokens";
import { insertAdminUser } from "../../worker/auth/admin-users.repo";
import type { StaffRole } from "#contract/roles";

export interface TestAdmin {
  id: number;
  journalId: number;
  username: string;
  password: string;
  name: string;
}

export interface CreateAdminOptions {
  username?: string;
  password?: string;
  name?: string;
  status?: string;
  /** Comma-separated allowlist; "" (default) allows any IP. */
  allowedIps?: string;
  /** Default "manager". */
  role?: StaffRole;
  /** Set: the password is a one-time one, opening until then. */
  oneTimeExpiresAt?: string | null;
}

/** Inserts an admin user of `journalId` (enabled, any IP, unique username unless given). */
export async function createAdmin(journalId: number, opts: CreateAdminOptions = {}): Promise<TestAdmin> {
  const username = opts.username ?? unique("admin");
  const password = opts.password ?? `pw-${unique("secret")}`;
  const row = await insertAdminUser(await journalDb(journalId), journalId, {
    username,
    name: opts.name ?? `Admin ${username}`,
    passwordHash: await hashPassword(password),
    status: opts.status,
    allowedIps: opts.allowedIps,
    role: opts.role,
    oneTimeExpiresAt: opts.oneTimeExpiresAt,
  });
  return { id: row.id, journalId, username, password, name: row.name };
}

/** A token for `admin` (default: valid for 8 hours; pass ttlSeconds < 0 for an expired one). */
export function tokenFor(admin: Pick<TestAdmin, "id" | "journalId">, opts: SignOptions = {}, sessionVersion = 0): Promise<string> {
  return signAdminToken(env, { userId: admin.id, journalId: admin.journalId, sessionVersion }, opts);
}

/** Creates a fresh admin of this journal and returns a valid token for it. */
export async function adminToken(journal: TestJournal, opts: CreateAdminOptions = {}): Promise<string> {
  return tokenFor(await createAdmin(journal.id, opts));
}

/** `{ Authorization: "Bearer <token>" }`, to spread into request headers. */
export const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });
