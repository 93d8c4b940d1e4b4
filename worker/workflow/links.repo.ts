// The rows behind signed links (access_links; links.ts makes and checks their tokens).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { accessLinks, type AccessLinkRow } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import type { LinkPurpose } from "./link-tokens";

/** The link of this purpose and subject that is still usable (not revoked), or a new one. */
export async function linkFor(
  db: Db,
  journalId: number,
  purpose: LinkPurpose,
  subjectId: number,
  expiresAt: string,
): Promise<AccessLinkRow> {
  const [live] = await db
    .select()
    .from(accessLinks)
    .where(
      and(
        eq(accessLinks.journalId, journalId),
        eq(accessLinks.purpose, purpose),
        eq(accessLinks.subjectId, subjectId),
        isNull(accessLinks.revokedAt),
      ),
    )
    .orderBy(sql`${accessLinks.id} DESC`)
    .limit(1);
  if (live) {
    if (live.expiresAt < expiresAt) {
      await db.update(accessLinks).set({ expiresAt }).where(eq(accessLinks.id, live.id));
      return { ...live, expiresAt };
    }
    return live;
  }
  const [row] = await db.insert(accessLinks).values({ journalId, purpose, subjectId, createdAt: nowIso(), expiresAt }).returning();
  return row;
}

export async function revokeLinks(db: Db, journalId: number, purpose: LinkPurpose, subjectId: number): Promise<void> {
  await db
    .update(accessLinks)
    .set({ revokedAt: nowIso() })
    .where(
      and(
        eq(accessLinks.journalId, journalId),
        eq(accessLinks.purpose, purpose),
        eq(accessLinks.subjectId, subjectId),
        isNull(accessLinks.revokedAt),
      ),
    );
}
