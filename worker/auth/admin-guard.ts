// requireAdmin: the one guard in front of every admin call. Apply it once per router (`.use("*", requireAdmin)`,
// or on routers mounted beside public reads `.use("*", requireAdminToChange)`), never inside handlers.
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { verifyAdminToken } from "./tokens";
import { clientIpOf, ipAllowed } from "./client-ip";
import { findSessionUser } from "./admin-users.repo";
import { STATUS_ENABLED } from "#contract/constants";

export const unauthorized = (): HttpError => new HttpError(401, "unauthorized");

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(header: string | undefined): string | null {
  const m = /^Bearer[ \t]+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)[ \t]*$/i.exec(header ?? "");
  return m ? m[1] : null;
}

/**
 * Bearer token -> admin: the signature, issuer, audience and expiry must check out, the token's journal must be
 * the journal of this host, and its user must still exist, be enabled, and be inside their IP allowlist — read
 * from D1 on every call, so disabling a user stops their tokens at once — and the token's session version must
 * still be the user's (a password change ends it) and the token not logged out. Sets c.get("admin"); else 401.
 */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerTokenOf(c.req.header("authorization"));
  if (!token) throw unauthorized();
  const claims = await verifyAdminToken(c.var.config.auth, token);
  const journal = c.get("journal");
  if (!claims || claims.journalId !== journal.id) throw unauthorized();
  const user = await findSessionUser(c.get("db"), journal.id, claims.userId, claims.tokenId);
  // Logged out, or signed before the user's last password change or disabling: revoked (0062).
  if (!user || user.revoked || user.sessionVersion !== claims.sessionVersion) throw unauthorized();
  if (user.status !== STATUS_ENABLED || !ipAllowed(user.allowedIps, clientIpOf(c.req.raw.headers))) throw unauthorized();
  c.set("admin", { id: user.id, username: user.username, name: user.name });
  c.set("session", { tokenId: claims.tokenId, expiresAt: claims.expiresAt });
  // Admin answers are per-user: never cached by browsers or proxies.
  c.header("Cache-Control", "private, no-store");
  await next();
};

/** Methods that only read: the public may send them to a prefix staff also write under. */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The guard of an admin router mounted beside public reads (/api/settings, /api/editors, /api/archives, /api/pdf):
 * every method that can change something needs an admin (POST today, and any PUT, PATCH or DELETE added later).
 */
export const requireAdminToChange: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (READ_METHODS.has(c.req.method)) return next();
  return requireAdmin(c, next);
};
