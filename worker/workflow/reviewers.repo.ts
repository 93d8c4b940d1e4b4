// The journal's reviewers and their invitations (review_assignments, one per reviewer and round).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import { manuscripts, reviewAssignments, reviewers, type ReviewAssignmentRow, type ReviewerRow } from "../core/data/schema";
import { nowIso } from "../core/data/db";
import { newReplyToken } from "./manuscripts.repo";
import { assignmentStatusesWhere, REVIEW_STATUS, stagesWhere, type AssignmentStatus } from "#contract/workflow";

/** The reviewer with this e-mail (case-insensitive), created or brought up to date with what staff typed (blanks change nothing). */
export async function upsertReviewer(
  db: Db,
  journalId: number,
  v: { name: string; email: string; affiliation?: string; keywords?: string },
): Promise<ReviewerRow> {
  const email = v.email.trim().toLowerCase();
  const [row] = await db
    .insert(reviewers)
    .values({ journalId, name: v.name, email, affiliation: v.affiliation ?? "", keywords: v.keywords ?? "", createdAt: nowIso() })
    .onConflictDoUpdate({
      target: [reviewers.journalId, reviewers.email],
      set: {
        name: v.name,
        // A blank field is "not typed", never "erase": inviting a known reviewer without retyping their affiliation
        // and expertise keeps what the journal stored (issue 48 item 4).
        ...(v.affiliation?.trim() ? { affiliation: v.affiliation } : {}),
        ...(v.keywords?.trim() ? { keywords: v.keywords } : {}),
      },
    })
    .returning();
  return row;
}

/** The journal's reviewer with this e-mail (case-insensitive), if any. */
export async function findReviewerByEmail(db: Db, journalId: number, email: string): Promise<ReviewerRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewers)
    .where(and(eq(reviewers.journalId, journalId), eq(reviewers.email, email.trim().toLowerCase())))
    .limit(1);
  return row;
}

export async function listReviewers(db: Db, journalId: number): Promise<ReviewerRow[]> {
  return db.select().from(reviewers).where(eq(reviewers.journalId, journalId)).orderBy(asc(reviewers.name));
}

export async function listJournalAssignments(db: Db, journalId: number) {
  return db
    .select({ a: reviewAssignments, reference: manuscripts.reference })
    .from(reviewAssignments)
    .innerJoin(manuscripts, eq(manuscripts.id, reviewAssignments.manuscriptId))
    .where(eq(reviewAssignments.journalId, journalId))
    .orderBy(desc(reviewAssignments.id));
}

export async function insertAssignment(
  db: Db,
  v: { journalId: number; manuscriptId: number; reviewerId: number; round: number; dueDate: string },
): Promise<ReviewAssignmentRow | null> {
  const rows = await db
    .insert(reviewAssignments)
    .values({ ...v, status: "invited", invitedAt: nowIso(), replyToken: newReplyToken() })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function findAssignment(db: Db, journalId: number, id: number) {
  const [row] = await db
    .select({ a: reviewAssignments, r: reviewers, m: manuscripts })
    .from(reviewAssignments)
    .innerJoin(reviewers, eq(reviewers.id, reviewAssignments.reviewerId))
    .innerJoin(manuscripts, eq(manuscripts.id, reviewAssignments.manuscriptId))
    .where(and(eq(reviewAssignments.journalId, journalId), eq(reviewAssignments.id, id)))
    .limit(1);
  return row;
}

/** Moves an assignment from one of `from` to `to` with the given fields; null when it was elsewhere (a repeat). */
export async function updateAssignment(
  db: Db,
  id: number,
  from: AssignmentStatus[],
  set: Partial<typeof reviewAssignments.$inferInsert>,
): Promise<ReviewAssignmentRow | null> {
  const [row] = await db
    .update(reviewAssignments)
    .set(set)
    .where(and(eq(reviewAssignments.id, id), inArray(reviewAssignments.status, from)))
    .returning();
  return row ?? null;
}

/** Submitted reviews of a round, oldest first (numbered "Reviewer 1, 2..." for the author, never named). */
export async function submittedReviews(db: Db, manuscriptId: number, round?: number) {
  return db
    .select()
    .from(reviewAssignments)
    .where(
      and(
        eq(reviewAssignments.manuscriptId, manuscriptId),
        eq(reviewAssignments.status, REVIEW_STATUS.submitted),
        round ? eq(reviewAssignments.round, round) : undefined,
      ),
    )
    .orderBy(asc(reviewAssignments.round), asc(reviewAssignments.submittedAt), asc(reviewAssignments.id));
}

/**
 * Open assignments due for a reminder (`before` days ahead of the due date, or past it) of manuscripts in a stage
 * whose reviewers are reminded: chosen in SQL, so assignments left open on a decided manuscript never fill the limit.
 */
export async function assignmentsToRemind(db: Db, today: string, soon: string) {
  return db
    .select({ a: reviewAssignments, r: reviewers, m: manuscripts })
    .from(reviewAssignments)
    .innerJoin(reviewers, eq(reviewers.id, reviewAssignments.reviewerId))
    .innerJoin(manuscripts, eq(manuscripts.id, reviewAssignments.manuscriptId))
    .where(
      and(
        inArray(
          reviewAssignments.status,
          assignmentStatusesWhere((s) => s.open),
        ),
        inArray(
          manuscripts.stage,
          stagesWhere((s) => s.remindsReviewers),
        ),
        sql`((${reviewAssignments.dueDate} <= ${soon} AND ${reviewAssignments.dueDate} >= ${today} AND ${reviewAssignments.remindedBefore} = 0)
          OR (${reviewAssignments.dueDate} < ${today} AND ${reviewAssignments.remindedAfter} = 0))`,
      ),
    )
    .limit(200);
}

/** The reminder before the due date went (and, when overdue, the one after: the earlier one is then not due). */
export async function markReminded(db: Db, assignmentId: number, overdue: boolean): Promise<void> {
  await db
    .update(reviewAssignments)
    .set(overdue ? { remindedAfter: 1, remindedBefore: 1 } : { remindedBefore: 1 })
    .where(eq(reviewAssignments.id, assignmentId));
}
