// Workflow rows as staff read them (contract/workflow.ts answers).
import type {
  MailInboundRow,
  MailOutboxRow,
  ManuscriptEventRow,
  ManuscriptFileRow,
  ManuscriptRow,
  ReviewAssignmentRow,
  ReviewerRow,
} from "../core/data/schema";
import { metadataOf } from "./review-copies";
import {
  ASSIGNMENT_RULES,
  type AssignmentEntry,
  type DiscussionEntry,
  type ManuscriptFileEntry,
  type ManuscriptSummary,
  type OutboxMessage,
  type Recommendation,
  type TimelineEntry,
} from "#contract/workflow";
import { nowIso } from "../core/data/db";

export const toManuscriptSummary = (m: ManuscriptRow & { overdue?: number }): ManuscriptSummary => ({
  id: m.id,
  reference: m.reference,
  title: m.title,
  stage: m.stage,
  round: m.round,
  authorName: m.authorName,
  authorEmail: m.authorEmail,
  country: m.country,
  source: m.source === "staff" ? "staff" : "online",
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
  overdue: m.overdue ?? 0,
  articleId: m.articleId,
});

export const toTimelineEntry = (e: ManuscriptEventRow): TimelineEntry => ({
  id: e.id,
  at: e.at,
  actor: e.actor,
  action: e.action,
  from: e.fromStage,
  to: e.toStage,
  summary: e.summary,
  letter: e.letterSubject !== null && e.letterText !== null ? { subject: e.letterSubject, text: e.letterText } : null,
  outboxId: e.outboxId,
});

export const toDiscussionEntry = (r: MailInboundRow): DiscussionEntry => ({
  id: r.id,
  at: r.receivedAt,
  from: r.fromAddress,
  fromName: r.fromName,
  envelopeFrom: r.envelopeFrom,
  senderMismatch: r.envelopeFrom !== "" && r.envelopeFrom.toLowerCase() !== r.fromAddress.toLowerCase(),
  to: r.toAddress,
  addressedTo: r.replyPerson === "author" || r.replyPerson === "reviewer" ? r.replyPerson : "",
  assignmentId: r.assignmentId,
  subject: r.subject,
  text: r.text,
});

export const toFileEntry = (f: ManuscriptFileRow): ManuscriptFileEntry => ({
  id: f.id,
  round: f.round,
  kind: f.kind as ManuscriptFileEntry["kind"],
  size: f.size,
  createdAt: f.createdAt,
  metadataRemoved: metadataOf(f),
  url: `/api/admin/manuscripts/${f.manuscriptId}/files/${f.id}`,
});

export const toAssignmentEntry = (
  a: ReviewAssignmentRow,
  r: ReviewerRow,
  linkActive: boolean,
  reviewFileId: number | null,
): AssignmentEntry => ({
  id: a.id,
  round: a.round,
  reviewer: { id: r.id, name: r.name, email: r.email, affiliation: r.affiliation },
  status: a.status,
  dueDate: a.dueDate,
  invitedAt: a.invitedAt,
  respondedAt: a.respondedAt,
  submittedAt: a.submittedAt,
  recommendation: (a.recommendation as Recommendation | null) ?? null,
  commentsAuthor: a.commentsAuthor,
  commentsEditor: a.commentsEditor,
  declineReason: a.declineReason,
  declineSuggestion: a.declineSuggestion,
  fileUrl: reviewFileId ? `/api/admin/manuscripts/${a.manuscriptId}/files/${reviewFileId}` : null,
  overdue: ASSIGNMENT_RULES[a.status].open && a.dueDate < nowIso().slice(0, 10),
  linkActive,
});

export const toOutboxMessage = (r: MailOutboxRow): OutboxMessage => ({
  id: r.id,
  manuscriptId: r.manuscriptId,
  kind: r.kind,
  to: r.toAddress,
  toName: r.toName,
  from: r.fromName ? `${r.fromName} <${r.fromAddress}>` : r.fromAddress,
  replyTo: r.replyTo,
  subject: r.subject,
  text: r.text,
  status: r.status as OutboxMessage["status"],
  attempts: r.attempts,
  error: r.lastError,
  createdAt: r.createdAt,
  sentAt: r.sentAt,
});

/** The median of a list of numbers, null when empty. */
export function median(xs: number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const daysBetween = (from: string, to: string) => Math.round(((Date.parse(to) - Date.parse(from)) / 86_400_000) * 10) / 10;
