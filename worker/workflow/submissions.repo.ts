// Manuscripts sent through the public Submit Online form (SPEC §2 /article): the public insert and the staff reads.
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { submissions, type SubmissionRow } from "../core/data/schema";

export type NewSubmission = Omit<typeof submissions.$inferInsert, "id">;

/** How many submissions this IP has stored for this journal since `sinceIso` (the throttle window). */
export async function countSubmissionsFromIpSince(db: Db, journalId: number, ip: string, sinceIso: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(submissions)
    .where(and(eq(submissions.journalId, journalId), eq(submissions.ip, ip), gte(submissions.createdAt, sinceIso)));
  return row?.n ?? 0;
}

/**
 * Stores the submission unless its caller (`values.ip`, the throttle key) already stored `limit` since `sinceIso`:
 * the count and the insert are one statement, so simultaneous posts cannot all slip under the limit.
 * Answers the new row, or null when the limit was reached.
 */
export async function insertSubmissionWithinLimit(
  db: Db,
  values: NewSubmission,
  limit: { sinceIso: string; max: number },
): Promise<SubmissionRow | null> {
  const v = values;
  const rows = await db.all<{ id: number }>(sql`INSERT INTO submissions
      (journal_id, reference, name, email, country, phone, address, title, file, file_size, ip, created_at, idempotency_key,
       abstract, keywords, co_authors, section_id, cover_letter, source_file, source_file_size, consent_policies_at, consent_copyright_at, language)
    SELECT ${v.journalId}, ${v.reference}, ${v.name}, ${v.email}, ${v.country ?? ""}, ${v.phone ?? ""}, ${v.address ?? ""},
      ${v.title}, ${v.file}, ${v.fileSize ?? 0}, ${v.ip ?? ""}, ${v.createdAt}, ${v.idempotencyKey ?? null},
      ${v.abstract ?? ""}, ${v.keywords ?? ""}, ${v.coAuthors ?? "[]"}, ${v.sectionId ?? null}, ${v.coverLetter ?? ""},
      ${v.sourceFile ?? null}, ${v.sourceFileSize ?? 0}, ${v.consentPoliciesAt ?? null}, ${v.consentCopyrightAt ?? null},
      ${v.language ?? ""}
    WHERE (SELECT count(*) FROM submissions WHERE journal_id = ${v.journalId} AND ip = ${v.ip ?? ""} AND created_at >= ${limit.sinceIso}) < ${limit.max}
    RETURNING id`);
  if (!rows[0]) return null;
  return (await findSubmission(db, v.journalId, Number(rows[0].id))) ?? null;
}

/** The submission stored under the form's idempotency key, if any (a repeat of it answers the same reference). */
export async function findSubmissionByKey(db: Db, journalId: number, key: string): Promise<SubmissionRow | undefined> {
  const rows = await db
    .select()
    .from(submissions)
    .where(and(eq(submissions.journalId, journalId), eq(submissions.idempotencyKey, key)))
    .limit(1);
  return rows[0];
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
