// Submissions as staff read them (the public insert lives in submissions.repo.ts).
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../env";
import { submissions, type SubmissionRow } from "./schema";

/** Every submission of the journal, newest first. */
export async function listSubmissions(db: Db, journalId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(submissions)
    .where(eq(submissions.journalId, journalId))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}

export async function findSubmission(db: Db, journalId: number, id: number): Promise<SubmissionRow | undefined> {
  const rows = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.journalId, journalId), eq(submissions.id, id)))
    .limit(1);
  return rows[0];
}
