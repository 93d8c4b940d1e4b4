// Before a signed-in person changes their own password (docs/decisions/0181): staff at POST /auth/password, operators
// at POST /api/platform/auth/password. The current password must be given, and each try is counted in the login log
// like a login of this session, so the login throttle's ladder applies: a stolen token cannot guess it at leisure.
import type { Context } from "hono";
import type { AppEnv } from "../core/env";
import { HttpError } from "../core/errors";
import type { LoginLog } from "./login-attempts.repo";
import { clientIpOf } from "./client-ip";
import { finishLogin, reserveLogin, usernameKey } from "./login-throttle";
import { verifyPassword } from "./password";

export interface PasswordOwner {
  /** The journal of a staff account; 0 for an operator (their log's convention). */
  journalId: number;
  username: string;
  passwordHash: string;
  log?: LoginLog;
}

/** Passes when `current` is the owner's password; else 422 wrong_password, or 429 while the throttle holds. */
export async function checkCurrentPassword(c: Context<AppEnv>, owner: PasswordOwner, current: string): Promise<void> {
  const db = c.get("db");
  const log = owner.log ?? "login_attempts";
  const reserved = await reserveLogin(
    db,
    {
      journalId: owner.journalId,
      username: usernameKey(owner.username),
      ip: clientIpOf(c.req.raw.headers),
      throttleKey: `session:${c.get("session").tokenId}`,
      knownDevice: true,
      log,
    },
    new Date(),
  );
  if (!reserved.ok) {
    c.header("Retry-After", String(reserved.retryAfterSeconds));
    throw new HttpError(429, "too_many_attempts");
  }
  const right = await verifyPassword(current, owner.passwordHash);
  await finishLogin(db, reserved.attemptId, right ? "success" : "invalid_credentials", log);
  if (!right) throw new HttpError(422, "wrong_password");
}
