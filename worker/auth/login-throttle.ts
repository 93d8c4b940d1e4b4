// Brute-force policy for POST /auth/login/ (docs/decisions/0022-login-throttle.md, 0061-login-throttle-real-admin.md).
// Decided from the login log alone (login_attempts), so it holds across Worker isolates. A caller is counted by
// its throttle key: its IP (an IPv6 address by its /64), or — for a browser holding a device token of this
// username, set at its last good login — by that device. Three limits:
//  1. username + key: after 5 failures, refuse for 1 minute, doubling with each further failure up to 15 minutes.
//  2. key (any username): the same ladder after 20 failures, against one caller spraying many usernames.
//  3. username (any key): at 50 failures within 15 minutes, refuse callers that have not logged in as this user
//     in the last 90 days (neither a known device nor an IP used before) until the window drains.
// The real admin on a known browser is counted only by that browser: a stranger can never lock it out.
// The check and the reservation of the attempt are one SQL statement, so a burst cannot slip under the limits.
import type { Db } from "../core/env";
import {
  finishLoginAttempt,
  reserveLoginAttempt,
  type AttemptKey,
  type LoginLog,
  type LoginOutcome,
  type Reservation,
  type ThrottleLimits,
} from "./login-attempts.repo";

export const LOGIN_POLICY = {
  pairFreeFailures: 5,
  keyFreeFailures: 20,
  baseLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
  userWindowSeconds: 15 * 60,
  userWindowMaxFailures: 50,
  trustedSeconds: 90 * 24 * 60 * 60,
} as const satisfies ThrottleLimits;

/** How long the login log is kept (the longest look-back of the policy): the scheduled prune drops older rows. */
export const LOGIN_LOG_RETENTION_SECONDS = LOGIN_POLICY.trustedSeconds;

/** The throttle and the log key usernames case-folded, so "Admin" and "admin" share one counter. */
export const usernameKey = (raw: string) => raw.trim().toLowerCase().slice(0, 100);

/** May this attempt check a password now? Reserves its log row when it may (never writes a row when refused). */
export function reserveLogin(db: Db, key: AttemptKey, now: Date): Promise<Reservation> {
  return reserveLoginAttempt(db, key, LOGIN_POLICY, now);
}

export function finishLogin(
  db: Db,
  attemptId: number,
  outcome: Exclude<LoginOutcome, "pending">,
  log: LoginLog = "login_attempts",
): Promise<void> {
  return finishLoginAttempt(db, attemptId, outcome, log);
}
