// The login audit log (login_attempts), also the memory of the brute-force throttle (auth/login-throttle.ts).
// A password may only be checked after a row for it was reserved by reserveLoginAttempt, in the same statement
// that checks the limits, so simultaneous attempts cannot all slip under them (docs/decisions/0061).
import { eq, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { loginAttempts, operatorLoginAttempts, sushiAttempts } from "../core/data/schema";

/** Outcomes written to login_attempts.outcome. "pending" (a password being checked) counts as a failure. */
export type LoginOutcome = "pending" | "success" | "invalid_credentials" | "disabled" | "invalid_ip" | "password_expired";

export interface ThrottleLimits {
  pairFreeFailures: number;
  keyFreeFailures: number;
  baseLockSeconds: number;
  maxLockSeconds: number;
  memorySeconds: number;
  userWindowSeconds: number;
  userWindowMaxFailures: number;
  trustedSeconds: number;
}

export interface AttemptKey {
  journalId: number;
  /** Case-folded username. */
  username: string;
  /** The caller's IP as sent (the audit log). */
  ip: string;
  /** What the throttle counts the caller by: the IP (IPv6 by /64), or "device:<id>" for a known browser. */
  throttleKey: string;
  /** The caller holds a device token of this username: the username-wide limit does not apply. */
  knownDevice: boolean;
  /** Which log: journal staff's (default) or the platform operators' (same columns, journal_id 0). */
  log?: LoginLog;
}

/** Which log: staff logins, operator logins, or COUNTER_SUSHI key checks (worker/statistics/sushi-throttle.ts). */
export type LoginLog = "login_attempts" | "operator_login_attempts" | "sushi_attempts";

const LOG_TABLES = { login_attempts: loginAttempts, operator_login_attempts: operatorLoginAttempts, sushi_attempts: sushiAttempts };

const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds until an attempt for `k` may check a password (<= 0: now), as one SQL expression over the log. */
function waitSecondsSql(k: AttemptKey, p: ThrottleLimits, now: Date) {
  const t = now.getTime();
  const nowIso = iso(t);
  const since = iso(t - p.memorySeconds * 1000);
  const windowStart = iso(t - p.userWindowSeconds * 1000);
  const trustedSince = iso(t - p.trustedSeconds * 1000);
  const la = sql.raw(k.log ?? "login_attempts");
  const failed = sql.raw("outcome IN ('invalid_credentials', 'pending')");
  const pairSince = sql`max(${since}, coalesce((SELECT max(created_at) FROM ${la} WHERE journal_id = ${k.journalId} AND username = ${k.username} AND throttle_key = ${k.throttleKey} AND outcome = 'success'), ''))`;
  const keySince = sql`max(${since}, coalesce((SELECT max(created_at) FROM ${la} WHERE journal_id = ${k.journalId} AND throttle_key = ${k.throttleKey} AND outcome = 'success'), ''))`;
  const pair = sql`FROM ${la} WHERE journal_id = ${k.journalId} AND username = ${k.username} AND throttle_key = ${k.throttleKey} AND ${failed} AND created_at > ${pairSince}`;
  const byKey = sql`FROM ${la} WHERE journal_id = ${k.journalId} AND throttle_key = ${k.throttleKey} AND ${failed} AND created_at > ${keySince}`;
  const user = sql`FROM ${la} WHERE journal_id = ${k.journalId} AND username = ${k.username} AND ${failed} AND created_at > ${windowStart}`;
  const trusted = k.knownDevice
    ? sql`1`
    : sql`EXISTS (SELECT 1 FROM ${la} WHERE journal_id = ${k.journalId} AND username = ${k.username} AND throttle_key = ${k.throttleKey} AND outcome = 'success' AND created_at > ${trustedSince})`;
  // After `free` failures: locked for base * 2^(failures - free) seconds after the last one, at most max.
  const ladder = (n: string, last: string, free: number) =>
    sql.raw(
      `CASE WHEN ${n} >= ${free} THEN (julianday(${last}) - julianday('${nowIso}')) * 86400 + min(${p.baseLockSeconds} * (1 << min(${n} - ${free}, 20)), ${p.maxLockSeconds}) ELSE 0 END`,
    );
  return sql`(SELECT max(
      ${ladder("pn", "pl", p.pairFreeFailures)},
      ${ladder("kn", "kl", p.keyFreeFailures)},
      CASE WHEN un >= ${p.userWindowMaxFailures} AND NOT trusted
        THEN (julianday(uo) - julianday(${nowIso})) * 86400 + ${p.userWindowSeconds} ELSE 0 END)
    FROM (SELECT
      (SELECT count(*) ${pair}) AS pn, (SELECT max(created_at) ${pair}) AS pl,
      (SELECT count(*) ${byKey}) AS kn, (SELECT max(created_at) ${byKey}) AS kl,
      (SELECT count(*) ${user}) AS un, (SELECT min(created_at) ${user}) AS uo,
      ${trusted} AS trusted))`;
}

export type Reservation = { ok: true; attemptId: number } | { ok: false; retryAfterSeconds: number };

/**
 * One atomic step: when no limit holds, writes a "pending" row (which counts as a failure for everyone after it)
 * and answers its id; else writes nothing and answers how long to wait.
 */
export async function reserveLoginAttempt(db: Db, k: AttemptKey, limits: ThrottleLimits, now: Date): Promise<Reservation> {
  const wait = waitSecondsSql(k, limits, now);
  const rows = await db.all<{
    id: number;
  }>(sql`INSERT INTO ${sql.raw(k.log ?? "login_attempts")} (journal_id, username, ip, throttle_key, outcome, created_at)
    SELECT ${k.journalId}, ${k.username}, ${k.ip}, ${k.throttleKey}, 'pending', ${now.toISOString()} WHERE ${wait} <= 0
    RETURNING id`);
  if (rows[0]) return { ok: true, attemptId: Number(rows[0].id) };
  const [row] = await db.all<{ wait: number | null }>(sql`SELECT ${wait} AS wait`);
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.wait ?? 1))) };
}

/** The outcome of a reserved attempt, once the password was checked. */
export async function finishLoginAttempt(
  db: Db,
  attemptId: number,
  outcome: Exclude<LoginOutcome, "pending">,
  log: LoginLog = "login_attempts",
): Promise<void> {
  const table = LOG_TABLES[log];
  await db.update(table).set({ outcome }).where(eq(table.id, attemptId));
}

/** Forgets attempts of every journal older than `beforeIso` (the scheduled prune). Answers how many went. */
export async function pruneLoginAttempts(db: Db, beforeIso: string): Promise<number> {
  const result = await db.run(sql`DELETE FROM login_attempts WHERE created_at < ${beforeIso}`);
  const operators = await db.run(sql`DELETE FROM operator_login_attempts WHERE created_at < ${beforeIso}`);
  const sushi = await db.run(sql`DELETE FROM sushi_attempts WHERE created_at < ${beforeIso}`);
  return (result.meta.changes ?? 0) + (operators.meta.changes ?? 0) + (sushi.meta.changes ?? 0);
}
