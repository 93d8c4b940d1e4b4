// Wrong SUSHI keys are throttled as wrong passwords are (issue 46, docs/decisions/0311): the login throttle's ladder
// (worker/auth/login-throttle.ts, docs/decisions/0061) over its own log, sushi_attempts, where the customer_id asked
// for stands in the username and the caller's IP (IPv6 by its /64) is the throttle key. A caller locked out is
// answered COUNTER's Exception 1020 (HTTP 429) before its key is looked at, whether that key is right or not.
import type { Db } from "../core/env";
import { usernameKey } from "../auth/login-throttle";
import { throttleKeyOfIp } from "../auth/client-ip";
import { finishLoginAttempt, reserveLoginAttempt, type Reservation, type ThrottleLimits } from "../auth/login-attempts.repo";

export const SUSHI_POLICY = {
  // Per customer_id and IP: 5 wrong keys free, then 1 minute doubling up to 15.
  pairFreeFailures: 5,
  // Per IP, whatever customer_id: 20 free.
  keyFreeFailures: 20,
  baseLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
  // Per customer_id from anywhere: 50 wrong keys in 15 minutes shut out callers that never harvested it before.
  userWindowSeconds: 15 * 60,
  userWindowMaxFailures: 50,
  trustedSeconds: 90 * 24 * 60 * 60,
} as const satisfies ThrottleLimits;

/** May this caller have its key checked now? Reserves the log row when it may. */
export function reserveSushiCheck(db: Db, journalId: number, customerId: string, ip: string, now: Date): Promise<Reservation> {
  const attempt = { journalId, username: usernameKey(customerId), ip, throttleKey: throttleKeyOfIp(ip), knownDevice: false };
  return reserveLoginAttempt(db, { ...attempt, log: "sushi_attempts" }, SUSHI_POLICY, now);
}

/** The key was wrong (or revoked), or right. */
export function finishSushiCheck(db: Db, attemptId: number, keyOk: boolean): Promise<void> {
  return finishLoginAttempt(db, attemptId, keyOk ? "success" : "invalid_credentials", "sushi_attempts");
}
