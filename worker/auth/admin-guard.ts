// The guards in front of every admin call: requireRole(role) once per admin router (`.use("*", requireRole("editor"))`),
// never inside handlers; requireAdmin / requireSession for a staff member's own session and password.
import type { Context, MiddlewareHandler } from "hono";
import type { AdminPrincipal, AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { verifyAdminToken } from "./tokens";
import { clientIpOf, ipAllowed } from "./client-ip";
import { findSessionUser } from "./admin-users.repo";
import { STATUS_ENABLED } from "#contract/constants";
import { isStaffRole, roleAllows, type StaffRole } from "#contract/roles";

export const unauthorized = (): HttpError => new HttpError(401, "unauthorized");

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  const m = /^Bearer[ \t]+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)[ \t]*$/i.exec(header ?? "");
  return m ? m[1] : null;
}

/** What a guard in front of a router requires, kept beside the middleware so tests can read it from the app's routes. */
export interface GuardInfo {
  /** The least role that passes; null: any signed-in staff account (its own session and password). */
  role: StaffRole | null;
  /** Passes a session opened with a one-time password (only its own password, token check and logout do). */
  oneTime: boolean;
}
const GUARDS = new WeakMap<MiddlewareHandler<AppEnv>, GuardInfo>();

/** The guard a registered handler is, or undefined when it is none (worker/auth/route-roles.test.ts walks them). */
export const guardInfoOf = (handler: unknown): GuardInfo | undefined => GUARDS.get(handler as MiddlewareHandler<AppEnv>);

const forbiddenRole = (): HttpError => new HttpError(403, "forbidden_role");

/**
 * Bearer token -> admin: the signature, issuer, audience and expiry must check out, the token's journal must be
 * the journal of this host, and its user must still exist, be enabled, and be inside their IP allowlist — read
 * from D1 on every call, so disabling a user stops their tokens at once — and the token's session version must
 * still be the user's (a password change ends it) and the token not logged out. Sets c.get("admin"); else 401.
 * Once per request: a second guard (the admin router's and a sub-router's) reuses the first one's answer.
 */
async function authenticate(c: Context<AppEnv>): Promise<AdminPrincipal> {
  const known = c.get("admin");
  if (known) return known;
  const token = bearerTokenOf(c.req.header("authorization"));
  if (!token) throw unauthorized();
  const claims = await verifyAdminToken(c.var.config.auth, token);
  const journal = c.get("journal");
  if (!claims || claims.journalId !== journal.id) throw unauthorized();
  const user = await findSessionUser(c.get("db"), journal.id, claims.userId, claims.tokenId);
  // Logged out, or signed before the user's last password change or disabling: revoked (0062).
  if (!user || user.revoked || user.sessionVersion !== claims.sessionVersion) throw unauthorized();
  if (user.status !== STATUS_ENABLED || !ipAllowed(user.allowedIps, clientIpOf(c.req.raw.headers))) throw unauthorized();
  // A one-time password past its time opens nothing, not even a session signed before it ran out (0201).
  if (user.oneTimeExpiresAt !== null && user.oneTimeExpiresAt <= new Date().toISOString()) throw new HttpError(401, "password_expired");
  const admin: AdminPrincipal = {
    id: user.id,
    username: user.username,
    name: user.name,
    // An unknown role (a row written by hand) may do nothing a role guards.
    role: isStaffRole(user.role) ? user.role : ("" as StaffRole),
    mustChangePassword: user.oneTimeExpiresAt !== null,
  };
  c.set("admin", admin);
  c.set("session", { tokenId: claims.tokenId, expiresAt: claims.expiresAt });
  // Admin answers are per-user: never cached by browsers or proxies.
  c.header("Cache-Control", "private, no-store");
  return admin;
}

function guard(info: GuardInfo): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const admin = await authenticate(c);
    if (admin.mustChangePassword && !info.oneTime) throw new HttpError(403, "password_change_required");
    if (info.role && !roleAllows(admin.role, info.role)) throw forbiddenRole();
    await next();
  };
  GUARDS.set(middleware, info);
  return middleware;
}

/**
 * The guard of an admin router, applied once to the whole router: `.use("*", requireRole(AREA_ROLES.staff))`.
 * 401 without a valid session, 403 password_change_required while a one-time password has not been replaced,
 * 403 forbidden_role when the account's role is below `role` (contract/roles.ts). Every method is guarded: public
 * reads live in public routers, mounted before the admin ones (issue 41 item 3).
 */
export const requireRole = (role: StaffRole): MiddlewareHandler<AppEnv> => guard({ role, oneTime: false });

/** Any signed-in staff account, whatever its role (its own account page). */
export const requireAdmin: MiddlewareHandler<AppEnv> = guard({ role: null, oneTime: false });

/** A session opened with a one-time password passes too: the token check, logout and choosing a new password. */
export const requireSession: MiddlewareHandler<AppEnv> = guard({ role: null, oneTime: true });
