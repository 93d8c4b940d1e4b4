// POST /api/platform/auth/login, GET /api/platform/auth/verify-token, POST /api/platform/auth/logout: the
// operators' sessions, with the same throttle, device cookie and revocation as journal admins (docs/decisions/
// 0022, 0061, 0062, 0160), kept in their own log (operator_login_attempts).
import { Hono, type Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../env";
import { HttpError } from "../../errors";
import { limitBody } from "../../middleware/body-size";
import { jsonBody, jsonContent } from "../../middleware/json-body";
import { requireOperator } from "../../middleware/operator-auth";
import { loginSchema } from "#contract/login";
import { STATUS_ENABLED } from "#contract/constants";
import { DUMMY_HASH, verifyPassword } from "../../auth/password";
import { DEVICE_TTL_SECONDS, newTokenId, signDeviceToken, signOperatorToken, verifyDeviceToken } from "../../auth/tokens";
import { clientIpOf, throttleKeyOfIp } from "../../auth/client-ip";
import { finishLogin, reserveLogin } from "../../auth/login-throttle";
import { findOperatorByUsername } from "../../data/operators.repo";
import { revokeToken } from "../../data/admin-users.repo";

const LOG = "operator_login_attempts";
/** Device tokens of operators carry journal 0 (no journal has it) and live in their own cookie. */
const PLATFORM = 0;
const DEVICE_COOKIE = "platform_device";
const usernameKey = (raw: string) => raw.trim().toLowerCase().slice(0, 100);

async function knownDeviceOf(c: Context<AppEnv>, username: string): Promise<string | null> {
  const token = getCookie(c, DEVICE_COOKIE);
  if (!token || token.length > 2048) return null;
  const device = await verifyDeviceToken(c.var.config.auth, token);
  return device && device.journalId === PLATFORM && device.username === username ? device.deviceId : null;
}

export const operatorAuthRoutes = new Hono<AppEnv>()
  .post("/login", limitBody(16 * 1024), jsonContent, jsonBody(loginSchema), async (c) => {
    const db = c.get("db");
    const ip = clientIpOf(c.req.raw.headers);
    const now = new Date();
    const { username, password } = c.req.valid("json");
    const key = usernameKey(username);
    const deviceId = await knownDeviceOf(c, key);
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
    setCookie(
      c,
      DEVICE_COOKIE,
      await signDeviceToken(c.var.config.auth, { deviceId: deviceId ?? newTokenId(), journalId: PLATFORM, username: key }, now),
      { path: "/api/platform/auth", httpOnly: true, secure: true, sameSite: "Strict", maxAge: DEVICE_TTL_SECONDS },
    );
    c.header("Cache-Control", "no-store");
    return c.json({ token, operator: { id: operator.id, username: operator.username, name: operator.name } });
  })
  .get("/verify-token", requireOperator, (c) => c.json({ operator: c.get("operator") }))
  .post("/logout", requireOperator, async (c) => {
    const { tokenId, expiresAt } = c.get("session");
    await revokeToken(c.get("db"), tokenId, expiresAt);
    return c.body(null, 204);
  });
