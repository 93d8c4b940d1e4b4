// A stored Submit Online submission becomes a manuscript and its author is acknowledged (issue 36 items 1 and 4).
// Run by the queue consumer (and the daily cron for submissions the queue never heard of); safe to run again:
// the manuscript is unique per submission and the acknowledgement is written once per manuscript.
import type { Db } from "../core/env";
import { platformDatabase } from "../core/data/shards";
import { and, eq, isNull } from "drizzle-orm";
import { mailOutbox, manuscriptEvents, manuscripts, submissions } from "../core/data/schema";
import { createManuscript, findManuscriptBySubmission, manuscriptFromSubmission } from "./manuscripts.repo";
import { journalOf } from "./mail-outbox.repo";
import { ACKNOWLEDGEMENT_CAPPED, acknowledge } from "./workflow";

/** `db` is the journal's database (docs/decisions/0240), where the submission was stored. */
export async function startFromSubmission(
  env: Pick<Env, "DB" | "MAIL_QUEUE" | "JWT_SECRET">,
  db: Db,
  submissionId: number,
  origin: string,
): Promise<void> {
  const [row] = await db.select().from(submissions).where(eq(submissions.id, submissionId)).limit(1);
  if (!row) return;
  const m = (await createManuscript(db, manuscriptFromSubmission(row), "author")) ?? (await findManuscriptBySubmission(db, row.id));
  if (!m) return;
  const [acked] = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.manuscriptId, m.id), eq(mailOutbox.kind, "acknowledgement")))
    .limit(1);
  if (acked) return;
  // Or not acknowledged on purpose: its address had reached the cap (docs/decisions/0301).
  const [capped] = await db
    .select({ id: manuscriptEvents.id })
    .from(manuscriptEvents)
    .where(and(eq(manuscriptEvents.manuscriptId, m.id), eq(manuscriptEvents.action, ACKNOWLEDGEMENT_CAPPED)))
    .limit(1);
  if (capped) return;
  const journal = await journalOf(platformDatabase(env), m.journalId);
  if (!journal) return;
  await acknowledge({ db, queue: env.MAIL_QUEUE, journal, origin, secret: env.JWT_SECRET, actor: "author" }, m);
}

/** Submissions that have no manuscript yet (the queue never got their message): oldest first. */
export async function submissionsWithoutManuscript(db: Db, limit = 100) {
  return db
    .select({ id: submissions.id, journalId: submissions.journalId })
    .from(submissions)
    .leftJoin(manuscripts, eq(manuscripts.submissionId, submissions.id))
    .where(isNull(manuscripts.id))
    .orderBy(submissions.id)
    .limit(limit);
}
