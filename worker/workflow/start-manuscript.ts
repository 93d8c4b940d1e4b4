// A stored Submit Online submission becomes a manuscript and its author is acknowledged (issue 36 items 1 and 4).
// Run by the queue consumer (and the daily cron for submissions the queue never heard of); safe to run again:
// the manuscript is unique per submission and the acknowledgement is written once per manuscript.
import { drizzle } from "drizzle-orm/d1";
import { and, eq, isNull } from "drizzle-orm";
import * as schema from "../core/data/schema";
import { mailOutbox, manuscripts, submissions } from "../core/data/schema";
import { createManuscript, findManuscriptBySubmission, manuscriptFromSubmission } from "./manuscripts.repo";
import { journalOf } from "./mail-outbox.repo";
import { acknowledge } from "./workflow";

export async function startFromSubmission(
  env: Pick<Env, "DB" | "MAIL_QUEUE" | "JWT_SECRET">,
  submissionId: number,
  origin: string,
): Promise<void> {
  const db = drizzle(env.DB, { schema });
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
  const journal = await journalOf(db, m.journalId);
  if (!journal) return;
  await acknowledge({ db, queue: env.MAIL_QUEUE, journal, origin, secret: env.JWT_SECRET, actor: "author" }, m);
}

/** Submissions that have no manuscript yet (the queue never got their message): oldest first. */
export async function submissionsWithoutManuscript(env: Pick<Env, "DB">, limit = 100) {
  const db = drizzle(env.DB, { schema });
  return db
    .select({ id: submissions.id, journalId: submissions.journalId })
    .from(submissions)
    .leftJoin(manuscripts, eq(manuscripts.submissionId, submissions.id))
    .where(isNull(manuscripts.id))
    .orderBy(submissions.id)
    .limit(limit);
}
