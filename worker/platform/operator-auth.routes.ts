// POST /api/platform/auth/login, GET /api/platform/auth/verify-token, POST /api/platform/auth/logout and
// POST /api/platform/auth/password: the operators' sessions, with the same throttle, device cookie and revocation
// as journal admins (docs/decisions/0022, 0061, 0062, 0160, 0181), kept in their own log (operator_login_attempts).
import { Hono } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import { limitBody } from "../core/middleware/body-size";
import { jsonBody, jsonBodyFirstCode, jsonContent } from "../core/middleware/json-body";
import { operatorActorOf, requireOperator } from "./operator-guard";
import { loginSchema, passwordChangeSchema } from "#contract/login";
import { STATUS_ENABLED } from "#contract/constants";
import { DUMMY_HASH, hashPassword, verifyPassword } from "../auth/password";
import { checkCurrentPassword } from "../auth/own-password";
import { signOperatorToken } from "../auth/tokens";
import { knownDeviceOf, rememberDevice, type DeviceCookie } from "../auth/device-cookie";
import { clientIpOf, throttleKeyOfIp } from "../auth/client-ip";
import { finishLogin, reserveLogin, usernameKey } from "../auth/login-throttle";
import { findOperatorByUsername, setOperatorPassword } from "./operators.repo";
import { operatorEvent } from "./operator-events.repo";
import { revokeToken } from "../auth/admin-users.repo";
import { mountedAt } from "../core/routing/declared";
import { platformApi } from "#contract/routes/platform";

const at = mountedAt("/api/platform/auth");

const LOG = "operator_login_attempts";
/** Device tokens of operators carry journal 0 (no journal has it) and live in their own cookie. */
const PLATFORM = 0;
const DEVICE: DeviceCookie = { name: "platform_device", path: "/api/platform/auth", journalId: PLATFORM };

export const operatorAuthRoutes = new Hono<AppEnv>()
  .post(at(platformApi.login), limitBody(16 * 1024), jsonContent, jsonBody(loginSchema), async (c) => {
    const db = c.get("db");
    const ip = clientIpOf(c.req.raw.headers);
    const now = new Date();
    const { username, password } = c.req.valid("json");
    const key = usernameKey(username);
    const deviceId = await knownDeviceOf(c, DEVICE, key);
    const reserved = await reserveLogin(
      db,
      {
        journalId: PLATFORM,
        username: key,
        ip,
        throttleKey: deviceId ? `device:${deviceId}` : throttleKeyOfIp(ip),
        knownDevice: deviceId !== null,
        log: LOG,
      },
      now,
    );
    if (!reserved.ok) {
      c.header("Retry-After", String(reserved.retryAfterSeconds));
      throw new HttpError(429, "too_many_attempts");
    }
    const operator = await findOperatorByUsername(db, username.trim());
    const passwordOk = await verifyPassword(password, operator?.passwordHash ?? DUMMY_HASH);
    if (!operator || !passwordOk) {
      await finishLogin(db, reserved.attemptId, "invalid_credentials", LOG);
      throw new HttpError(401, "invalid_credentials");
    }
    if (operator.status !== STATUS_ENABLED) {
      await finishLogin(db, reserved.attemptId, "disabled", LOG);
      throw new HttpError(403, "disabled");
    }
    await finishLogin(db, reserved.attemptId, "success", LOG);
    const token = await signOperatorToken(c.var.config.auth, { operatorId: operator.id, sessionVersion: operator.sessionVersion }, { now });
    await rememberDevice(c, DEVICE, key, deviceId, now);
    c.header("Cache-Control", "no-store");
    return c.json({ token, operator: { id: operator.id, username: operator.username, name: operator.name } });
  })
  .get(at(platformApi.verifyToken), requireOperator, (c) => c.json({ operator: c.get("operator") }))
  .post(at(platformApi.logout), requireOperator, async (c) => {
    const { tokenId, expiresAt } = c.get("session");
    await revokeToken(c.get("db"), tokenId, expiresAt);
    return c.body(null, 204);
  })
  // The operator's own new password (0181): the current one first; every other console session of theirs ends and
  // this one goes on with the token in the answer. Recorded in the audit trail (never the password).
  .post(
    at(platformApi.password),
    requireOperator,
    limitBody(16 * 1024),
    jsonContent,
    jsonBodyFirstCode(passwordChangeSchema),
    async (c) => {
      const db = c.get("db");
      const me = c.get("operator");
      const { current, next } = c.req.valid("json");
      const stored = await findOperatorByUsername(db, me.username);
      if (!stored) throw new HttpError(401, "unauthorized");
      await checkCurrentPassword(c, { journalId: PLATFORM, username: me.username, passwordHash: stored.passwordHash, log: LOG }, current);
      const event = operatorEvent(db, operatorActorOf(c), { action: "operator.change_password", journalId: null, summary: me.username });
      const row = await setOperatorPassword(db, me.id, await hashPassword(next), [event]);
      const token = await signOperatorToken(c.var.config.auth, { operatorId: row.id, sessionVersion: row.sessionVersion });
      c.header("Cache-Control", "no-store");
      return c.json({ token, operator: me });
    },
  );
