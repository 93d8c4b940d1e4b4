// A journal's workflow settings (Settings -> Mail and letters): the sender, and whether the figures are public.
import { eq } from "drizzle-orm";
import type { Db } from "../core/env";
import { workflowSettings } from "../core/data/schema";
import { nowIso } from "../core/data/db";

export async function readWorkflowSettings(db: Db, journalId: number) {
  const [s] = await db.select().from(workflowSettings).where(eq(workflowSettings.journalId, journalId)).limit(1);
  return { senderName: s?.senderName ?? "", senderAddress: s?.senderAddress ?? "", publicFigures: s?.publicFigures ?? false };
}

export async function saveWorkflowSettings(
  db: Db,
  journalId: number,
  v: { senderName: string; senderAddress: string; publicFigures: boolean },
) {
  await db
    .insert(workflowSettings)
    .values({ journalId, ...v, updatedAt: nowIso() })
    .onConflictDoUpdate({ target: workflowSettings.journalId, set: { ...v, updatedAt: nowIso() } });
}
