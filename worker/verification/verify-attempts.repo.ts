// Failed certificate-code guesses per address (migrations/0060, docs/decisions/0183-verify-throttle-and-longer-codes.md).
import { and, count, eq, gte, lt, min } from "drizzle-orm";
import type { Db } from "../core/env";
import { verifyAttempts } from "../core/data/schema";

/** Failed guesses from `key` since `since` (ISO time), and the oldest of them (when the window frees a slot). */
export async function failedGuessesSince(db: Db, key: string, since: string): Promise<{ n: number; oldest: string | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(verifyAttempts.createdAt) })
    .from(verifyAttempts)
    .where(and(eq(verifyAttempts.throttleKey, key), gte(verifyAttempts.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ?? null };
}

export async function recordFailedGuess(db: Db, key: string, at: string): Promise<void> {
  await db.insert(verifyAttempts).values({ throttleKey: key, createdAt: at });
}

/** The daily Cron Trigger: guesses older than `before` can no longer count. */
export async function pruneVerifyAttempts(db: Db, before: string): Promise<void> {
  await db.delete(verifyAttempts).where(lt(verifyAttempts.createdAt, before));
}
