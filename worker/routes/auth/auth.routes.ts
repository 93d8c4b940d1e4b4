// POST /auth/login/ and GET /auth/verify-token/ (docs/api.md "Admin API", docs/decisions/0020-0022).
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireAdmin } from "../../middleware/auth";
import { HttpError } from "../../middleware/errors";
import { limitBody } from "../../middleware/body-size";
import { readJsonObject } from "../../middleware/form-body";
import { loginSchema } from "../../schemas/admin";
import { STATUS_ENABLED } from "../../schemas/constants";
import { DUMMY_HASH, verifyPassword } from "../../auth/password";
import { signAdminToken } from "../../auth/tokens";
import { clientIpOf, ipAllowed } from "../../auth/client-ip";
import { LOGIN_POLICY, loginRetryAfter } from "../../auth/login-throttle";
import { findAdminUserByUsername, revokeToken } from "../../data/admin-users.repo";
import { pruneLoginAttempts, recordLoginAttempt } from "../../data/login-attempts.repo";

/** The throttle and the log key usernames case-folded, so "Admin" and "admin" share one counter. */
const usernameKey = (raw: unknown) => (typeof raw === "string" ? raw.trim().toLowerCase().slice(0, 100) : "");

export const authRoutes = new Hono<AppEnv>()
  .post("/login", limitBody(16 * 1024), async (c) => {
    const db = c.get("db");
    const journalId = c.get("journal").id;
    const ip = clientIpOf(c.req.raw.headers);
    const now = new Date();
    const at = now.toISOString();

    const body = await readJsonObject(c).catch(() => null);
    const parsed = loginSchema.safeParse(body);
    if (!parsed.success) {
      await recordLoginAttempt(db, journalId, usernameKey(body?.username), ip, "invalid_input", at);
      throw new HttpError(400, "invalid_input");
    }
    const { username, password } = parsed.data;
    const key = usernameKey(username);

    // Refused before the password is looked at: a locked key learns nothing, and costs no hashing.
    const retryAfter = await loginRetryAfter(db, journalId, key, ip, now);
    if (retryAfter > 0) {
      await recordLoginAttempt(db, journalId, key, ip, "throttled", at);
      c.header("Retry-After", String(retryAfter));
      return c.json({ error: "too_many_attempts" }, 429);
    }

    // Unknown users verify a dummy hash, so they cost the same time as known ones.
    const user = await findAdminUserByUsername(db, journalId, username);
    const passwordOk = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !passwordOk) {
      await recordLoginAttempt(db, journalId, key, ip, "invalid_credentials", at);
      return c.json({ error: "invalid_credentials" }, 401);
    }
    // Only told after the right password, so neither answer tells a guesser that the username exists.
    if (user.status !== STATUS_ENABLED) {
      await recordLoginAttempt(db, journalId, key, ip, "disabled", at);
      return c.json({ error: "disabled" }, 403);
    }
    if (!ipAllowed(user.allowedIps, ip)) {
      await recordLoginAttempt(db, journalId, key, ip, "invalid_ip", at);
      return c.json({ error: "invalid_ip" }, 403);
    }

    await recordLoginAttempt(db, journalId, key, ip, "success", at);
    await pruneLoginAttempts(db, journalId, new Date(now.getTime() - LOGIN_POLICY.trustedIpSeconds * 1000).toISOString());
    const token = await signAdminToken(c.env, { userId: user.id, journalId, sessionVersion: user.sessionVersion }, { now });
    c.header("Cache-Control", "no-store");
    return c.json({ token, user: { id: user.id, username: user.username, name: user.name } });
  })
  .get("/verify-token", requireAdmin, (c) => c.json({ user: c.get("admin") }))
  // Logout ends this session on the server too: the token stops working at once (0062).
  .post("/logout", requireAdmin, async (c) => {
    const { tokenId, expiresAt } = c.get("session");
    await revokeToken(c.get("db"), tokenId, expiresAt);
    return c.body(null, 204);
  });
