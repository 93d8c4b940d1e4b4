// A journal's staff accounts, one set of handlers for both who may manage them (docs/decisions/0160-operators.md):
// the platform's operators (/api/platform/journals/{id}/staff, audited in operator_events) and the journal's own
// admins (/api/admin/staff, scoped to the Host's journal, audited in admin_events). The scope decides the
// journal; an account of any other journal is 404, never listed or changed.
import { Hono, type Context } from "hono";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { limitJsonBody } from "../core/middleware/body-size";
import { hashPassword } from "./password";
import {
  createStaff,
  listStaff,
  resetStaffPassword,
  revokeStaffSessions,
  setStaffEmail,
  setStaffRole,
  setStaffStatus,
  staffAnswer,
  staffOf,
} from "./staff.repo";
import { staffCreateSchema, staffEmailSchema, staffRoleSchema, staffStatusSchema, type StaffAccount } from "#contract/platform";
import type { StaffRole } from "#contract/roles";
import type { StaffEndpoints, staffApi } from "#contract/routes/auth";
import { mountedAt } from "../core/routing/declared";

export interface StaffAction {
  action: "staff.create" | "staff.status" | "staff.role" | "staff.email" | "staff.reset_password" | "staff.revoke_sessions";
  summary: string;
  /** The account's id; absent on create (the row inserted just before). */
  accountId?: number;
  before: Partial<StaffAccount> | null;
  after: Partial<StaffAccount> | null;
}

export interface StaffScope {
  /** The declared endpoints this set answers (contract/routes/auth.ts) and the path it is mounted at. */
  routes: StaffEndpoints;
  mountedAt: string;
  /** The journal whose staff this request may see and change. */
  journalIdOf(c: Context<AppEnv>): Promise<number> | number;
  /** The audit statements of an action, committed with it. */
  audit(c: Context<AppEnv>, journalId: number, action: StaffAction): BatchItem<"sqlite">[];
  /** Refuse an action on the caller's own account (a journal admin must not lock themself out). */
  isSelf?(c: Context<AppEnv>, accountId: number): boolean;
  /**
   * The journal's managers act within its rules: the last enabled manager cannot be disabled, demoted or reset
   * (403 last_manager). Operators act from outside the journal and may (issue 37 item 1).
   */
  keepsLastManager: boolean;
  /** The role of an account created without one. */
  defaultRole: StaffRole;
}

/** 16 characters from a 32-letter alphabet without look-alikes (80 bits): shown once, stored only as a hash. */
export function oneTimePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789ABCDEFGHJKLMNPQRSTUVWXYZ".slice(0, 32);
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => alphabet[b % 32]).join("");
}

const accountId = (c: Context<AppEnv>) => {
  const id = Number(c.req.param("staffId"));
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, "not_found");
  return id;
};

const publicView = (a: StaffAccount) => ({ username: a.username, name: a.name, status: a.status, role: a.role });

export function staffRoutes(scope: StaffScope) {
  const notSelf = (c: Context<AppEnv>, id: number) => {
    if (scope.isSelf?.(c, id)) throw new HttpError(409, "own_account");
  };
  const rules = { keepManager: scope.keepsLastManager };
  // Typed as the admin mount: every mount has the same relative paths (contract/routes/auth.ts builds each).
  const at = mountedAt(scope.mountedAt as "/api/admin/staff");
  const api = scope.routes as typeof staffApi;
  return new Hono<AppEnv>()
    .get(at(api.list), async (c) => c.json({ staff: (await listStaff(c.get("db"), await scope.journalIdOf(c))).map(staffAnswer) }))
    .post(at(api.create), limitJsonBody, jsonContent, jsonBodyFirstCode(staffCreateSchema), async (c) => {
      const journalId = await scope.journalIdOf(c);
      const input = c.req.valid("json");
      const password = oneTimePassword();
      const role = input.role ?? scope.defaultRole;
      const account = { ...input, role, passwordHash: await hashPassword(password) };
      const row = await createStaff(c.get("db"), journalId, account, (username) =>
        scope.audit(c, journalId, {
          action: "staff.create",
          summary: `${username} (${role})`,
          before: null,
          after: { username, name: input.name || username, status: "enabled", role },
        }),
      );
      return c.json({ account: staffAnswer(row), oneTimePassword: password }, 201);
    })
    .post(at(api.status), limitJsonBody, jsonContent, jsonBodyFirstCode(staffStatusSchema), async (c) => {
      const journalId = await scope.journalIdOf(c);
      const id = accountId(c);
      notSelf(c, id);
      const before = staffAnswer(await staffOf(c.get("db"), journalId, id));
      const { status } = c.req.valid("json");
      const row = await setStaffStatus(
        c.get("db"),
        journalId,
        id,
        status,
        scope.audit(c, journalId, {
          action: "staff.status",
          accountId: id,
          summary: `${before.username}: ${status}`,
          before: publicView(before),
          after: { ...publicView(before), status },
        }),
        rules,
      );
      return c.json({ account: staffAnswer(row) });
    })
    .post(at(api.role), limitJsonBody, jsonContent, jsonBodyFirstCode(staffRoleSchema), async (c) => {
      const journalId = await scope.journalIdOf(c);
      const id = accountId(c);
      notSelf(c, id);
      const before = staffAnswer(await staffOf(c.get("db"), journalId, id));
      const { role } = c.req.valid("json");
      const row = await setStaffRole(
        c.get("db"),
        journalId,
        id,
        role,
        scope.audit(c, journalId, {
          action: "staff.role",
          accountId: id,
          summary: `${before.username}: ${role}`,
          before: publicView(before),
          after: { ...publicView(before), role },
        }),
        rules,
      );
      return c.json({ account: staffAnswer(row) });
    })
    .post(at(api.email), limitJsonBody, jsonContent, jsonBodyFirstCode(staffEmailSchema), async (c) => {
      const journalId = await scope.journalIdOf(c);
      const id = accountId(c);
      const before = staffAnswer(await staffOf(c.get("db"), journalId, id));
      const { email } = c.req.valid("json");
      const row = await setStaffEmail(
        c.get("db"),
        journalId,
        id,
        email,
        scope.audit(c, journalId, {
          action: "staff.email",
          accountId: id,
          summary: before.username,
          before: { ...publicView(before), email: before.email },
          after: { ...publicView(before), email },
        }),
      );
      return c.json({ account: staffAnswer(row) });
    })
    .post(at(api.resetPassword), async (c) => {
      const journalId = await scope.journalIdOf(c);
      const id = accountId(c);
      const before = staffAnswer(await staffOf(c.get("db"), journalId, id));
      const password = oneTimePassword();
      const row = await resetStaffPassword(
        c.get("db"),
        journalId,
        id,
        await hashPassword(password),
        scope.audit(c, journalId, {
          action: "staff.reset_password",
          accountId: id,
          summary: before.username,
          before: publicView(before),
          after: { ...publicView(before), passwordChanged: true } as Partial<StaffAccount>,
        }),
        rules,
      );
      return c.json({ account: staffAnswer(row), oneTimePassword: password });
    })
    .post(at(api.revokeSessions), async (c) => {
      const journalId = await scope.journalIdOf(c);
      const id = accountId(c);
      const before = staffAnswer(await staffOf(c.get("db"), journalId, id));
      const row = await revokeStaffSessions(
        c.get("db"),
        journalId,
        id,
        scope.audit(c, journalId, {
          action: "staff.revoke_sessions",
          accountId: id,
          summary: before.username,
          before: publicView(before),
          after: { ...publicView(before), sessionsRevoked: true } as Partial<StaffAccount>,
        }),
      );
      return c.json({ account: staffAnswer(row) });
    });
}
