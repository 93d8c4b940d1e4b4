// Platform operators (table operators, docs/decisions/0160-operators.md): looked up at login and on every console
// call; created by `npm run operator:create` (scripts/operator-create.ts writes the same columns).
import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../core/env";
import { HttpError } from "../core/errors";
import { nowIso } from "../core/data/db";
import { operators, revokedTokens, type OperatorRow } from "../core/data/schema";

export async function findOperatorByUsername(db: Db, username: string): Promise<OperatorRow | undefined> {
  const rows = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
  return rows[0];
}

/** The operator a token names, with whether that very token was logged out (one query per console call). */
export async function findOperatorSession(db: Db, id: number, tokenId: string): Promise<(OperatorRow & { revoked: boolean }) | undefined> {
  const rows = await db
    .select({ operator: operators, revoked: sql<number>`EXISTS (SELECT 1 FROM ${revokedTokens} WHERE ${revokedTokens.jti} = ${tokenId})` })
    .from(operators)
    .where(eq(operators.id, id))
    .limit(1);
  return rows[0] && { ...rows[0].operator, revoked: Boolean(rows[0].revoked) };
}

/** An operator's new password, with its audit statements in the same batch: every other session of theirs ends. */
export async function setOperatorPassword(db: Db, id: number, passwordHash: string, audit: BatchItem<"sqlite">[]): Promise<OperatorRow> {
  const change = db
    .update(operators)
    .set({ passwordHash, sessionVersion: sql`${operators.sessionVersion} + 1`, updatedAt: nowIso() })
    .where(eq(operators.id, id))
    .returning();
  const [rows] = await db.batch([change, ...audit] as [typeof change, ...BatchItem<"sqlite">[]]);
  if (!rows[0]) throw new HttpError(404, "not_found");
  return rows[0];
}
