// POST /auth/login/, GET /auth/verify-token/, POST /auth/logout and POST /auth/password (docs/api.md "Admin API",
// docs/decisions/0020-0022, 0061, 0062, 0181).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { requireSession } from "./admin-guard";
import { HttpError } from "../core/errors";
import { limitBody } from "../core/middleware/body-size";
import { jsonBody, jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { loginSchema, passwordChangeSchema } from "#contract/login";
import { STATUS_ENABLED } from "#contract/constants";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";
import { checkCurrentPassword } from "./own-password";
import { signAdminToken } from "./tokens";
import { knownDeviceOf, rememberDevice, type DeviceCookie } from "./device-cookie";
import { clientIpOf, ipAllowed, throttleKeyOfIp } from "./client-ip";
import { finishLogin, reserveLogin, usernameKey } from "./login-throttle";
import { findAdminUserByUsername, revokeToken } from "./admin-users.repo";
import { setOwnPassword, staffOf } from "./staff.repo";
import { afterAdminWrite } from "../core/audit/admin-events.repo";
import { actorOf } from "../core/audit/admin-actor";
import { mountedAt } from "../core/routing/declared";
import { authApi } from "#contract/routes/auth";

const at = mountedAt("/auth");

/** A journal's device cookie, sent only to /auth (device-cookie.ts). */
const deviceCookieOf = (journalId: number): DeviceCookie => ({ name: "journal_device", path: "/auth", journalId });

export const authRoutes = new Hono<AppEnv>()
  .post(at(authApi.login), limitBody(16 * 1024), jsonContent, jsonBody(loginSchema), async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const ip = clientIpOf(c.req.raw.headers);
    const now = new Date();

    // Malformed requests were refused by jsonBody, before any password check, leaving no row in the log.
    const { username, password } = c.req.valid("json");
    const key = usernameKey(username);
    const device = deviceCookieOf(journalId);
    const deviceId = await knownDeviceOf(c, device, key);

    // Refused before the password is looked at: a locked key learns nothing, costs no hashing, writes no row.
    const reserved = await reserveLogin(
      db,
      { journalId, username: key, ip, throttleKey: deviceId ? `device:${deviceId}` : throttleKeyOfIp(ip), knownDevice: deviceId !== null },
      now,
    );
    if (!reserved.ok) {
      c.header("Retry-After", String(reserved.retryAfterSeconds));
      throw new HttpError(429, "too_many_attempts");
    }

    // Unknown users verify a dummy hash, so they cost the same time as known ones.
    const user = await findAdminUserByUsername(db, journalId, username);
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordOk) {
      await finishLogin(db, reserved.attemptId, "invalid_credentials");
      throw new HttpError(401, "invalid_credentials");
    }
    // Only told after the right password, so neither answer tells a guesser that the username exists.
    if (user.status !== STATUS_ENABLED) {
      await finishLogin(db, reserved.attemptId, "disabled");
      throw new HttpError(403, "disabled");
    }
    if (!ipAllowed(user.allowedIps, ip)) {
      await finishLogin(db, reserved.attemptId, "invalid_ip");
      throw new HttpError(403, "invalid_ip");
    }
    // A one-time password opens for 72 hours, then only a new reset helps (docs/decisions/0201).
    if (user.oneTimeExpiresAt !== null && user.oneTimeExpiresAt <= now.toISOString()) {
      await finishLogin(db, reserved.attemptId, "password_expired");
      throw new HttpError(401, "password_expired");
    }

    await finishLogin(db, reserved.attemptId, "success");
    const token = await signAdminToken(c.var.config.auth, { userId: user.id, journalId, sessionVersion: user.sessionVersion }, { now });
    // This browser is now a known device of this user: strangers' failures elsewhere never lock it out (0061).
    await rememberDevice(c, device, key, deviceId, now);
    c.header("Cache-Control", "no-store");
    // mustChangePassword: signed in with a one-time password; until a new one is chosen every other call is refused.
    const mustChangePassword = user.oneTimeExpiresAt !== null;
    return c.json({ token, user: { id: user.id, username: user.username, name: user.name, role: user.role, mustChangePassword } });
  })
  .get(at(authApi.verifyToken), requireSession, (c) => c.json({ user: c.get("admin") }))
  // Logout ends this session on the server too: the token stops working at once (0062).
  .post(at(authApi.logout), requireSession, async (c) => {
    const { tokenId, expiresAt } = c.get("session");
    await revokeToken(c.get("db"), tokenId, expiresAt);
    return c.body(null, 204);
  })
  // The signed-in staff member changes their own password (0181): the current one first (own-password.ts); then
  // every other session of the account ends (its session version moves on) and this one goes on with the new token.
  .post(at(authApi.password), requireSession, limitBody(16 * 1024), jsonContent, jsonBodyFirstCode(passwordChangeSchema), async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const admin = c.get("admin");
    const { current, next } = c.req.valid("json");
    const account = await staffOf(db, journalId, admin.id);
    await checkCurrentPassword(c, { journalId, username: admin.username, passwordHash: account.passwordHash }, current);
    const event = { action: "staff.change_password", entity: "staff", entityId: admin.id, summary: "" } as const;
    const row = await setOwnPassword(
      db,
      journalId,
      admin.id,
      await hashPassword(next),
      afterAdminWrite(db, actorOf(c), event, { content: false }),
    );
    const token = await signAdminToken(c.var.config.auth, { userId: row.id, journalId, sessionVersion: row.sessionVersion });
    c.header("Cache-Control", "no-store");
    return c.json({ token, user: { ...admin, mustChangePassword: false } });
  });
