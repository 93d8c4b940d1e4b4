// Figures editors and authors look at (issue 36 item 7): submissions received, acceptance rate, median days to the
// first decision and from submission to publication, reviewers' median turnaround.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../core/env";
import { manuscripts, reviewAssignments } from "../core/data/schema";
import { STAGE_RULES, type WorkflowFigures } from "#contract/workflow";
import { daysBetween, median } from "./workflow-answers";

export async function workflowFigures(db: Db, journalId: number): Promise<WorkflowFigures> {
  const ms = await db
    .select({
      stage: manuscripts.stage,
      createdAt: manuscripts.createdAt,
      firstDecisionAt: manuscripts.firstDecisionAt,
      publishedAt: manuscripts.publishedAt,
    })
    .from(manuscripts)
    .where(eq(manuscripts.journalId, journalId));
  const reviews = await db
    .select({ invitedAt: reviewAssignments.invitedAt, submittedAt: reviewAssignments.submittedAt })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.journalId, journalId), isNotNull(reviewAssignments.submittedAt)));
  // Decided: a stage that stands for the editors' decision (STAGE_RULES outcome); acceptance = accepted among them.
  const decided = ms.filter((m) => STAGE_RULES[m.stage].outcome !== null);
  const accepted = decided.filter((m) => STAGE_RULES[m.stage].outcome === "accepted");
  const r1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    received: ms.length,
    decided: decided.length,
    accepted: accepted.length,
    acceptanceRate: decided.length ? accepted.length / decided.length : null,
    medianDaysToFirstDecision: r1(median(ms.filter((m) => m.firstDecisionAt).map((m) => daysBetween(m.createdAt, m.firstDecisionAt!)))),
    medianDaysToPublication: r1(median(ms.filter((m) => m.publishedAt).map((m) => daysBetween(m.createdAt, m.publishedAt!)))),
    medianReviewTurnaroundDays: r1(median(reviews.map((r) => daysBetween(r.invitedAt, r.submittedAt!)))),
  };
}
