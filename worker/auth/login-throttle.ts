// Brute-force policy for POST /auth/login/ (docs/decisions/0022-login-throttle.md). Decided from the login log
// alone (login_attempts), so it holds across Worker isolates and needs no extra storage. Three limits:
//  1. username + IP: after 5 failures, refuse for 1 minute, doubling with each further failure up to 15 minutes.
//     This is the one that stops a password guesser.
//  2. IP (any username): the same ladder after 20 failures, against one IP spraying many usernames.
//  3. username (any IP): at 50 failures within 15 minutes, refuse IPs the user has never logged in from in the
//     last 90 days until the window drains, against a guesser spread over many IPs.
// A stranger's failures therefore never lock the real admin out for good: limits 1 and 2 key on the stranger's
// IP, and limit 3 lets the admin's usual IPs through and drains by itself within 15 minutes of the attack.
// Failures are forgotten after 24 hours, or after a successful login for the same key.
import type { Db } from "../env";
import { readThrottleCounters } from "../data/login-attempts.repo";

export const LOGIN_POLICY = {
  pairFreeFailures: 5,
  ipFreeFailures: 20,
  baseLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
  userWindowSeconds: 15 * 60,
  userWindowMaxFailures: 50,
  trustedIpSeconds: 90 * 24 * 60 * 60,
} as const;

/** How long the next attempt is refused after `failures` failures with `free` allowed: 0, or 60s doubling to 15 min. */
export function lockSeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_POLICY.baseLockSeconds * 2 ** Math.min(failures - free, 20), LOGIN_POLICY.maxLockSeconds);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds until a login for (username, ip) may be tried again; 0 when it may be tried now. */
export async function loginRetryAfter(db: Db, journalId: number, username: string, ip: string, now: Date): Promise<number> {
  const t = now.getTime();
  const c = await readThrottleCounters(db, journalId, username, ip, {
    sinceIso: iso(t - LOGIN_POLICY.memorySeconds * 1000),
    windowIso: iso(t - LOGIN_POLICY.userWindowSeconds * 1000),
    trustedSinceIso: iso(t - LOGIN_POLICY.trustedIpSeconds * 1000),
  });
  const until = (lastIso: string | null, seconds: number) => (lastIso && seconds > 0 ? Date.parse(lastIso) + seconds * 1000 - t : 0);
  let waitMs = Math.max(
    until(c.pairLastFailure, lockSeconds(c.pairFailures, LOGIN_POLICY.pairFreeFailures)),
    until(c.ipLastFailure, lockSeconds(c.ipFailures, LOGIN_POLICY.ipFreeFailures)),
  );
  if (c.userWindowFailures >= LOGIN_POLICY.userWindowMaxFailures && !c.trustedIp) {
    waitMs = Math.max(waitMs, until(c.userWindowOldest, LOGIN_POLICY.userWindowSeconds));
  }
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}
