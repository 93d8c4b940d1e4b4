// Manuscripts, their files, timeline and discussion (migrations/0070): the queries of the workflow.
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../core/env";
import {
  mailInbound,
  manuscriptEvents,
  manuscriptFiles,
  manuscripts,
  reviewAssignments,
  reviewers,
  submissions,
  type ManuscriptEventRow,
  type ManuscriptFileRow,
  type ManuscriptRow,
  type SubmissionRow,
} from "../core/data/schema";
import { nowIso } from "../core/data/db";
import { containsText } from "../core/data/like";
import type { Stage } from "#contract/workflow";

export const newReplyToken = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");

export interface NewEvent {
  actor: string;
  action: string;
  from?: Stage | null;
  to?: Stage | null;
  summary?: string;
  letter?: { subject: string; text: string } | null;
  outboxId?: number | null;
}

export async function addEvent(db: Db, m: Pick<ManuscriptRow, "id" | "journalId">, e: NewEvent): Promise<void> {
  await db.insert(manuscriptEvents).values({
    journalId: m.journalId,
    manuscriptId: m.id,
    at: nowIso(),
    actor: e.actor,
    action: e.action,
    fromStage: e.from ?? null,
    toStage: e.to ?? null,
    summary: e.summary ?? "",
    letterSubject: e.letter?.subject ?? null,
    letterText: e.letter?.text ?? null,
    outboxId: e.outboxId ?? null,
  });
}

export interface NewManuscript {
  journalId: number;
  submissionId?: number | null;
  reference: string;
  title: string;
  authorName: string;
  authorEmail: string;
  country?: string;
  phone?: string;
  address?: string;
  /** The section the author chose on Submit Online (migrations/0280); staff can refile it. */
  sectionId?: number | null;
  /** The Submit Online page's language (migrations/0284), '' for unknown: the author's letters speak it. */
  language?: string;
  source: "online" | "staff";
  file: string;
  fileSize: number;
  createdAt?: string;
}

/** A manuscript with its first file and its "submitted" event, in one batch; null when the submission already has one. */
export async function createManuscript(db: Db, v: NewManuscript, actor: string): Promise<ManuscriptRow | null> {
  const at = v.createdAt ?? nowIso();
  const inserted = await db
    .insert(manuscripts)
    .values({
      journalId: v.journalId,
      submissionId: v.submissionId ?? null,
      reference: v.reference,
      title: v.title,
      authorName: v.authorName,
      authorEmail: v.authorEmail,
      country: v.country ?? "",
      phone: v.phone ?? "",
      address: v.address ?? "",
      sectionId: v.sectionId ?? null,
      language: v.language ?? "",
      source: v.source,
      replyToken: newReplyToken(),
      authorReplyToken: newReplyToken(),
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  const m = inserted[0];
  if (!m) return null;
  await db.batch([
    db
      .insert(manuscriptFiles)
      .values({ journalId: m.journalId, manuscriptId: m.id, round: 1, kind: "manuscript", file: v.file, size: v.fileSize, createdAt: at }),
    db.insert(manuscriptEvents).values({
      journalId: m.journalId,
      manuscriptId: m.id,
      at,
      actor,
      action: "submitted",
      toStage: "received",
      summary: v.source === "online" ? "Submitted through Submit Online" : "Added by staff (received by e-mail)",
    }),
  ]);
  return m;
}

export const manuscriptFromSubmission = (s: SubmissionRow): NewManuscript => ({
  journalId: s.journalId,
  submissionId: s.id,
  reference: s.reference,
  title: s.title,
  authorName: s.name,
  authorEmail: s.email,
  country: s.country,
  phone: s.phone,
  address: s.address,
  sectionId: s.sectionId,
  language: s.language,
  source: "online",
  file: s.file,
  fileSize: s.fileSize,
  createdAt: s.createdAt,
});

/** Submissions stored without their manuscript (a failure between the two writes): made into manuscripts now. */
export async function adoptSubmissions(db: Db, journalId: number): Promise<void> {
  const orphans = await db
    .select({ s: submissions })
    .from(submissions)
    .leftJoin(manuscripts, eq(manuscripts.submissionId, submissions.id))
    .where(and(eq(submissions.journalId, journalId), isNull(manuscripts.id)))
    .limit(50);
  for (const { s } of orphans) await createManuscript(db, manuscriptFromSubmission(s), "author");
}

export async function findManuscript(db: Db, journalId: number, id: number): Promise<ManuscriptRow | undefined> {
  const [row] = await db
    .select()
    .from(manuscripts)
    .where(and(eq(manuscripts.journalId, journalId), eq(manuscripts.id, id)))
    .limit(1);
  return row;
}

export async function findManuscriptBySubmission(db: Db, submissionId: number): Promise<ManuscriptRow | undefined> {
  const [row] = await db.select().from(manuscripts).where(eq(manuscripts.submissionId, submissionId)).limit(1);
  return row;
}

/** Whose reply address a token is: the manuscript's shared one, its author's own, or one reviewer's (migrations/0286). */
export interface ReplyAddressOwner {
  m: ManuscriptRow;
  person: "" | "author" | "reviewer";
  assignmentId: number | null;
}

export async function findReplyAddress(db: Db, token: string): Promise<ReplyAddressOwner | undefined> {
  const [m] = await db
    .select()
    .from(manuscripts)
    .where(or(eq(manuscripts.replyToken, token), eq(manuscripts.authorReplyToken, token)))
    .limit(1);
  if (m) return { m, person: m.authorReplyToken === token ? "author" : "", assignmentId: null };
  const [hit] = await db
    .select({ m: manuscripts, assignmentId: reviewAssignments.id })
    .from(reviewAssignments)
    .innerJoin(manuscripts, eq(manuscripts.id, reviewAssignments.manuscriptId))
    .where(eq(reviewAssignments.replyToken, token))
    .limit(1);
  return hit ? { m: hit.m, person: "reviewer", assignmentId: hit.assignmentId } : undefined;
}

/** The token of the author's own reply address (the shared one for manuscripts made before migrations/0286). */
export const authorReplyToken = (m: Pick<ManuscriptRow, "replyToken" | "authorReplyToken">) => m.authorReplyToken ?? m.replyToken;

const today = () => nowIso().slice(0, 10);

export interface ManuscriptFilter {
  stage?: Stage;
  overdue?: boolean;
  q?: string;
}

export async function listManuscripts(db: Db, journalId: number, f: ManuscriptFilter = {}) {
  const q = f.q?.trim();
  // Open reviews of the current round whose due date has passed.
  const overdue = sql<number>`(SELECT count(*) FROM review_assignments a WHERE a.manuscript_id = "manuscripts"."id"
    AND a.round = "manuscripts"."round" AND a.status IN ('invited', 'accepted') AND a.due_date < ${today()})`;
  const rows = await db
    .select({ m: manuscripts, overdue })
    .from(manuscripts)
    .where(
      and(
        eq(manuscripts.journalId, journalId),
        f.stage ? eq(manuscripts.stage, f.stage) : undefined,
        f.overdue ? sql`${overdue} > 0` : undefined,
        q
          ? or(
              containsText(manuscripts.reference, q),
              containsText(manuscripts.title, q),
              containsText(manuscripts.authorName, q),
              containsText(manuscripts.authorEmail, q),
            )
          : undefined,
      ),
    )
    .orderBy(desc(manuscripts.createdAt), desc(manuscripts.id))
    .limit(500);
  return rows.map((r) => ({ ...r.m, overdue: Number(r.overdue) }));
}

export async function countByStage(db: Db, journalId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ stage: manuscripts.stage, n: sql<number>`count(*)` })
    .from(manuscripts)
    .where(eq(manuscripts.journalId, journalId))
    .groupBy(manuscripts.stage);
  return Object.fromEntries(rows.map((r) => [r.stage, Number(r.n)]));
}

/**
 * Moves the manuscript only if it is still at `from` (two staff deciding at once: one wins, the other is refused);
 * answers the updated row or null.
 */
export async function moveStage(
  db: Db,
  m: ManuscriptRow,
  to: Stage,
  extra: Partial<Pick<ManuscriptRow, "round" | "articleId" | "publishedAt" | "decidedAt" | "firstDecisionAt">> = {},
): Promise<ManuscriptRow | null> {
  const [row] = await db
    .update(manuscripts)
    .set({ stage: to, updatedAt: nowIso(), ...extra })
    .where(and(eq(manuscripts.id, m.id), eq(manuscripts.stage, m.stage), eq(manuscripts.round, m.round)))
    .returning();
  return row ?? null;
}

export async function listEvents(db: Db, manuscriptId: number): Promise<ManuscriptEventRow[]> {
  return db.select().from(manuscriptEvents).where(eq(manuscriptEvents.manuscriptId, manuscriptId)).orderBy(asc(manuscriptEvents.id));
}

export async function listFiles(db: Db, manuscriptId: number): Promise<ManuscriptFileRow[]> {
  return db.select().from(manuscriptFiles).where(eq(manuscriptFiles.manuscriptId, manuscriptId)).orderBy(asc(manuscriptFiles.id));
}

export async function addFile(db: Db, m: Pick<ManuscriptRow, "id" | "journalId">, round: number, kind: string, file: string, size: number) {
  const [row] = await db
    .insert(manuscriptFiles)
    .values({ journalId: m.journalId, manuscriptId: m.id, round, kind, file, size, createdAt: nowIso() })
    .returning();
  return row;
}

/** The file reviewers of the current round read: the newest manuscript or revision. */
export async function currentFile(db: Db, manuscriptId: number): Promise<ManuscriptFileRow | undefined> {
  const [row] = await db
    .select()
    .from(manuscriptFiles)
    .where(and(eq(manuscriptFiles.manuscriptId, manuscriptId), inArray(manuscriptFiles.kind, ["manuscript", "revision"])))
    .orderBy(desc(manuscriptFiles.id))
    .limit(1);
  return row;
}

/** The file reviewers of `round` receive: the editor's file for review of that round (decision 0340), else the current file. */
export async function fileForReviewers(db: Db, manuscriptId: number, round: number): Promise<ManuscriptFileRow | undefined> {
  const [copy] = await db
    .select()
    .from(manuscriptFiles)
    .where(and(eq(manuscriptFiles.manuscriptId, manuscriptId), eq(manuscriptFiles.kind, "review_copy"), eq(manuscriptFiles.round, round)))
    .orderBy(desc(manuscriptFiles.id))
    .limit(1);
  return copy ?? currentFile(db, manuscriptId);
}

/** Notes on a file's row what its original carried (a JSON list, or "unreadable"), for the editor. */
export async function setMetadataRemoved(db: Db, fileId: number, value: string): Promise<void> {
  await db.update(manuscriptFiles).set({ metadataRemoved: value }).where(eq(manuscriptFiles.id, fileId));
}

export async function listDiscussion(db: Db, manuscriptId: number) {
  return db.select().from(mailInbound).where(eq(mailInbound.manuscriptId, manuscriptId)).orderBy(asc(mailInbound.id));
}

export async function listAssignments(db: Db, manuscriptId: number) {
  return db
    .select({ a: reviewAssignments, r: reviewers })
    .from(reviewAssignments)
    .innerJoin(reviewers, eq(reviewers.id, reviewAssignments.reviewerId))
    .where(eq(reviewAssignments.manuscriptId, manuscriptId))
    .orderBy(asc(reviewAssignments.round), asc(reviewAssignments.id));
}
