// Decision letters (issue 36 item 3): one editable template per decision, filled with the manuscript's
// placeholders. The built-in texts apply until the journal saves its own (letter_templates).
import { and, eq } from "drizzle-orm";
import type { Db } from "../core/env";
import { letterTemplates } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import type { Decision } from "#contract/workflow";
import { DEFAULT_TEMPLATES, type LetterTemplate } from "./letter-text";

export { fillLetter, reviewerCommentsText, DEFAULT_TEMPLATES } from "./letter-text";

export async function templateFor(db: Db, journalId: number, decision: Decision): Promise<LetterTemplate & { custom: boolean }> {
  const [row] = await db
    .select()
    .from(letterTemplates)
    .where(and(eq(letterTemplates.journalId, journalId), eq(letterTemplates.decision, decision)))
    .limit(1);
  return row ? { subject: row.subject, body: row.body, custom: true } : { ...DEFAULT_TEMPLATES[decision], custom: false };
}

export async function saveTemplate(db: Db, journalId: number, decision: Decision, t: LetterTemplate): Promise<void> {
  await db
    .insert(letterTemplates)
    .values({ journalId, decision, subject: t.subject, body: t.body, updatedAt: nowIso() })
    .onConflictDoUpdate({
      target: [letterTemplates.journalId, letterTemplates.decision],
      set: { subject: t.subject, body: t.body, updatedAt: nowIso() },
    });
}
