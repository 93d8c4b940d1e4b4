// Manuscripts sent through the public Submit Online form (SPEC §2 /article): the public insert and the staff reads.
import { and, count, desc, eq, gte } from "drizzle-orm";
import type { Db } from "../env";
import { submissions, type SubmissionRow } from "./schema";

export type NewSubmission = Omit<typeof submissions.$inferInsert, "id">;

/** How many submissions this IP has stored for this journal since `sinceIso` (the throttle window). */
export async function countSubmissionsFromIpSince(db: Db, journalId: number, ip: string, sinceIso: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.journalId, journalId), eq(submissions.ip, ip), gte(submissions.createdAt, sinceIso)));
  return row?.n ?? 0;
}

export async function insertSubmission(db: Db, values: NewSubmission): Promise<SubmissionRow> {
  const [row] = await db.insert(submissions).values(values).returning();
  return row;
}

export async function findSubmissionByReference(db: Db, journalId: number, reference: string): Promise<SubmissionRow | undefined> {
  const rows = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.journalId, journalId), eq(submissions.reference, reference)))
    .limit(1);
  return rows[0];
}

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
