// The login audit log (login_attempts), also the memory of the brute-force throttle (auth/login-throttle.ts).
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../env";
import { loginAttempts } from "./schema";

/** Outcomes written to login_attempts.outcome. Only "invalid_credentials" counts as a failure. */
export type LoginOutcome = "success" | "invalid_credentials" | "disabled" | "invalid_ip" | "throttled" | "invalid_input";

export async function recordLoginAttempt(db: Db, journalId: number, username: string, ip: string, outcome: LoginOutcome, at: string): Promise<void> {
  await db.insert(loginAttempts).values({ journalId, username, ip, outcome, createdAt: at });
}

export interface ThrottleCounters {
  /** Failures for this username from this IP since the later of `sinceIso` and their last success. */
  pairFailures: number;
  pairLastFailure: string | null;
  /** Failures from this IP (any username) since the later of `sinceIso` and the IP's last success. */
  ipFailures: number;
  ipLastFailure: string | null;
  /** Failures for this username from any IP since `windowIso`, and the oldest of them. */
  userWindowFailures: number;
  userWindowOldest: string | null;
  /** This IP logged in as this username successfully since `trustedSinceIso`. */
  trustedIp: boolean;
}

/** Everything the throttle needs, in one statement (the indexes on (journal, username, time) and (journal, ip, time) serve it). */
export async function readThrottleCounters(
  db: Db,
  journalId: number,
  username: string,
  ip: string,
  t: { sinceIso: string; windowIso: string; trustedSinceIso: string },
): Promise<ThrottleCounters> {
  const la = sql.raw("login_attempts");
  const pairSince = sql`max(${t.sinceIso}, coalesce((SELECT max(created_at) FROM ${la} WHERE journal_id = ${journalId} AND username = ${username} AND ip = ${ip} AND outcome = 'success'), ''))`;
  const ipSince = sql`max(${t.sinceIso}, coalesce((SELECT max(created_at) FROM ${la} WHERE journal_id = ${journalId} AND ip = ${ip} AND outcome = 'success'), ''))`;
  const pair = sql`FROM ${la} WHERE journal_id = ${journalId} AND username = ${username} AND ip = ${ip} AND outcome = 'invalid_credentials' AND created_at > ${pairSince}`;
  const byIp = sql`FROM ${la} WHERE journal_id = ${journalId} AND ip = ${ip} AND outcome = 'invalid_credentials' AND created_at > ${ipSince}`;
  const user = sql`FROM ${la} WHERE journal_id = ${journalId} AND username = ${username} AND outcome = 'invalid_credentials' AND created_at > ${t.windowIso}`;
  const [row] = await db.all<{
    pair_failures: number;
    pair_last: string | null;
    ip_failures: number;
    ip_last: string | null;
    user_failures: number;
    user_oldest: string | null;
    trusted: number;
  }>(sql`SELECT
      (SELECT count(*) ${pair}) AS pair_failures,
      (SELECT max(created_at) ${pair}) AS pair_last,
      (SELECT count(*) ${byIp}) AS ip_failures,
      (SELECT max(created_at) ${byIp}) AS ip_last,
      (SELECT count(*) ${user}) AS user_failures,
      (SELECT min(created_at) ${user}) AS user_oldest,
      EXISTS (SELECT 1 FROM ${la} WHERE journal_id = ${journalId} AND username = ${username} AND ip = ${ip}
        AND outcome = 'success' AND created_at > ${t.trustedSinceIso}) AS trusted`);
  return {
    pairFailures: Number(row?.pair_failures ?? 0),
    pairLastFailure: row?.pair_last ?? null,
    ipFailures: Number(row?.ip_failures ?? 0),
    ipLastFailure: row?.ip_last ?? null,
    userWindowFailures: Number(row?.user_failures ?? 0),
    userWindowOldest: row?.user_oldest ?? null,
    trustedIp: Boolean(row?.trusted),
  };
}

/** Forgets attempts older than `beforeIso` (the log is kept as long as the throttle can look back). */
export async function pruneLoginAttempts(db: Db, journalId: number, beforeIso: string): Promise<void> {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.journalId, journalId), lt(loginAttempts.createdAt, beforeIso)));
}
