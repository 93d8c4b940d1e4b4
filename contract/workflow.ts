// The editorial workflow (issue 36): stages and the moves between them, decisions, review recommendations, the
// inputs staff, reviewers and authors send, and the answers the admin reads. Shared by the Worker and the admin SPA.
import { z } from "zod";
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE, isSingleLine } from "./mail-header";
import type { CoAuthor } from "./submission";

/**
 * What each stage means to every rule of the workflow, one row per stage (docs/decisions/0320). The stage names are
 * this object's keys, so a new stage is one row here; the compiler then lists what else must name it (STAGE_LABELS,
 * the author's and the demo's tables...), and worker/workflow/stage-rules.test.ts walks every row through every rule.
 */
interface StageRules<S extends string> {
  /** Where a manuscript may go from here; none: a final stage. "published" is reached only by Publish as article. */
  next: readonly S[];
  /** The editors' decision this stage stands for in the figures: null while none is made (or when withdrawn). */
  outcome: "accepted" | "declined" | null;
  /** Staff may invite reviewers (the first invitation starts review). */
  invitesReviewers: boolean;
  /** Reviewers with an open assignment are reminded by the daily job. */
  remindsReviewers: boolean;
  /**
   * A reviewer's link of the current round still answers, downloads and takes reviews. Only while in review: a
   * decision ends the round, and the link then shows the reviewer's own review, no longer the manuscript (issue 48
   * item 9).
   */
  reviewerLinkOpen: boolean;
  /** The author's tracking page takes a revised manuscript. */
  awaitsRevision: boolean;
  /** The author may withdraw from the tracking page (the move to "withdrawn" must be in `next`). */
  authorMayWithdraw: boolean;
  /** Publish as article is offered, and the article saved from it moves the manuscript to "published". */
  publishable: boolean;
  /** The manuscript has its article: the tracking page links to it. */
  hasArticle: boolean;
  /** Production staff see it (accepted and after: their list, its files, proofs, Publish). */
  productionSees: boolean;
  /** Staff may send the author a file to check through the tracking link (copyedits, proofs), and the author answers. */
  authorChecks: "copyedit" | "proof" | null;
}

const STAGE_ROWS = {
  received: {
    next: ["under_review", "accepted", "declined", "withdrawn"],
    outcome: null,
    invitesReviewers: true,
    remindsReviewers: true,
    reviewerLinkOpen: true,
    awaitsRevision: false,
    authorMayWithdraw: true,
    publishable: false,
    productionSees: false,
    authorChecks: null,
    hasArticle: false,
  },
  under_review: {
    next: ["revisions_requested", "accepted", "declined", "withdrawn"],
    outcome: null,
    invitesReviewers: true,
    remindsReviewers: true,
    reviewerLinkOpen: true,
    awaitsRevision: false,
    authorMayWithdraw: true,
    publishable: false,
    productionSees: false,
    authorChecks: null,
    hasArticle: false,
  },
  revisions_requested: {
    next: ["under_review", "accepted", "declined", "withdrawn"],
    outcome: null,
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: true,
    authorMayWithdraw: true,
    publishable: false,
    productionSees: false,
    authorChecks: null,
    hasArticle: false,
  },
  accepted: {
    next: ["copyediting", "production", "published", "withdrawn"],
    outcome: "accepted",
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: false,
    authorMayWithdraw: true,
    publishable: true,
    productionSees: true,
    authorChecks: null,
    hasArticle: false,
  },
  // After acceptance, OJS's order (issue 48 item 3): Copyediting -> Production -> Published.
  copyediting: {
    next: ["production", "withdrawn"],
    outcome: "accepted",
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: false,
    authorMayWithdraw: true,
    publishable: false,
    productionSees: true,
    authorChecks: "copyedit",
    hasArticle: false,
  },
  production: {
    next: ["published", "withdrawn"],
    outcome: "accepted",
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: false,
    authorMayWithdraw: true,
    publishable: true,
    productionSees: true,
    authorChecks: "proof",
    hasArticle: false,
  },
  published: {
    next: [],
    outcome: "accepted",
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: false,
    authorMayWithdraw: false,
    publishable: false,
    productionSees: true,
    authorChecks: null,
    hasArticle: true,
  },
  declined: {
    next: [],
    outcome: "declined",
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: false,
    authorMayWithdraw: false,
    publishable: false,
    productionSees: false,
    authorChecks: null,
    hasArticle: false,
  },
  withdrawn: {
    next: [],
    outcome: null,
    invitesReviewers: false,
    remindsReviewers: false,
    reviewerLinkOpen: false,
    awaitsRevision: false,
    authorMayWithdraw: false,
    publishable: false,
    productionSees: false,
    authorChecks: null,
    hasArticle: false,
  },
} as const satisfies Record<string, StageRules<string>>;

export type Stage = keyof typeof STAGE_ROWS;
/** The table, checked: every `next` names a stage of the table. */
export const STAGE_RULES: Readonly<Record<Stage, StageRules<Stage>>> = STAGE_ROWS;
/** The stages in the table's order (the admin's tabs, the dashboard's counts). */
export const STAGES = Object.keys(STAGE_RULES) as [Stage, ...Stage[]];

export const STAGE_LABELS: Record<Stage, string> = {
  received: "Received",
  under_review: "Under review",
  revisions_requested: "Revisions requested",
  accepted: "Accepted",
  copyediting: "Copyediting",
  production: "Production",
  published: "Published",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const canMove = (from: Stage, to: Stage): boolean => STAGE_RULES[from].next.includes(to);
export const isStage = (s: unknown): s is Stage => typeof s === "string" && Object.hasOwn(STAGE_RULES, s);
/** No move leaves it. */
export const isFinal = (s: Stage): boolean => STAGE_RULES[s].next.length === 0;
export const stagesWhere = (rule: (r: StageRules<Stage>) => boolean): Stage[] => STAGES.filter((s) => rule(STAGE_RULES[s]));

/**
 * Decisions staff record with a letter to the author; each moves the manuscript to its stage (DECISION_RULES), from
 * the stages where that move is allowed (and, for some, only from the listed ones).
 */
export const DECISIONS = ["revisions_requested", "accepted", "declined", "desk_declined", "copyediting", "production"] as const;
export type Decision = (typeof DECISIONS)[number];
export const DECISION_RULES: Record<Decision, { stage: Stage; label: string; onlyFrom?: readonly Stage[] }> = {
  revisions_requested: { stage: "revisions_requested", label: "Request revisions" },
  accepted: { stage: "accepted", label: "Accept" },
  declined: { stage: "declined", label: "Decline" },
  desk_declined: { stage: "declined", label: "Decline without review", onlyFrom: ["received"] },
  copyediting: { stage: "copyediting", label: "Send to copyediting" },
  production: { stage: "production", label: "Send to production" },
};
export const DECISION_LABELS: Record<Decision, string> = Object.fromEntries(DECISIONS.map((d) => [d, DECISION_RULES[d].label])) as Record<
  Decision,
  string
>;
/** The decisions staff may record on a manuscript at `stage`. */
export const decisionsFrom = (stage: Stage): Decision[] =>
  DECISIONS.filter((d) => canMove(stage, DECISION_RULES[d].stage) && (DECISION_RULES[d].onlyFrom?.includes(stage) ?? true));

export const RECOMMENDATIONS = ["accept", "minor_revisions", "major_revisions", "resubmit_for_review", "decline", "see_comments"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  accept: "Accept",
  minor_revisions: "Minor revisions",
  major_revisions: "Major revisions",
  resubmit_for_review: "Resubmit for review",
  decline: "Decline",
  see_comments: "See comments",
};

/**
 * A review assignment's statuses, by their names in code. The reviewer's yes is `agreed` in code, never "accepted"
 * (the manuscript's stage and decision), but it is stored and answered as "accepted", its value since issue 36, so
 * backups, moves and exports made before keep their meaning (docs/decisions/0321).
 */
export const REVIEW_STATUS = {
  invited: "invited",
  agreed: "accepted",
  declined: "declined",
  submitted: "submitted",
  revoked: "revoked",
} as const;
/** The stored and answered value. */
export type AssignmentStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];
export const ASSIGNMENT_STATUSES = Object.values(REVIEW_STATUS) as [AssignmentStatus, ...AssignmentStatus[]];

interface AssignmentRules {
  /** Waiting for the reviewer: counts as overdue after its due date, is reminded, revoked by a withdrawal. */
  open: boolean;
  /** The reviewer said yes (the reviewers list's "accepted" count). */
  agreed: boolean;
  /** The reviewer's link still serves the manuscript. */
  linkServesManuscript: boolean;
  /** What staff read. */
  label: string;
}

export const ASSIGNMENT_RULES = {
  [REVIEW_STATUS.invited]: { open: true, agreed: false, linkServesManuscript: true, label: "Invited" },
  [REVIEW_STATUS.agreed]: { open: true, agreed: true, linkServesManuscript: true, label: "Agreed to review" },
  [REVIEW_STATUS.declined]: { open: false, agreed: false, linkServesManuscript: false, label: "Declined" },
  [REVIEW_STATUS.submitted]: { open: false, agreed: true, linkServesManuscript: true, label: "Submitted" },
  [REVIEW_STATUS.revoked]: { open: false, agreed: false, linkServesManuscript: false, label: "Invitation withdrawn" },
} as const satisfies Record<AssignmentStatus, AssignmentRules>;

export const assignmentStatusesWhere = (rule: (r: AssignmentRules) => boolean): AssignmentStatus[] =>
  ASSIGNMENT_STATUSES.filter((s) => rule(ASSIGNMENT_RULES[s]));

/** Placeholders a decision letter may use ({{name}}). */
export const LETTER_PLACEHOLDERS = ["author_name", "title", "reference", "reviewer_comments", "journal_name"] as const;
/** What an invitation to review fills when it is sent: the reviewer's own link can only be made then. */
export const INVITATION_PLACEHOLDERS = ["reviewer_name", "due_date", "review_link"] as const;

const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: "invalid_email" }));
/** Text that goes into a mail header (a name, a subject): one line, no control characters (docs/decisions/0300). */
const headerLine = (max: number) => z.string().trim().max(max).refine(isSingleLine, { error: CONTROL_CHARACTERS });
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid_due_date" });

/** POST /api/admin/manuscripts/{id}/reviewers */
export const inviteReviewerSchema = z.object({
  name: headerLine(200).pipe(z.string().min(1, { error: "missing_name" })),
  email,
  dueDate: isoDay,
  affiliation: z.string().trim().max(300).optional(),
  keywords: z.string().trim().max(500).optional(),
  /** The invitation as staff edited it (GET …/invitation gives the draft); without them the journal's own text goes. */
  subject: headerLine(300)
    .pipe(z.string().min(1, { error: "missing_subject" }))
    .optional(),
  text: z
    .string()
    .trim()
    .min(1, { error: "missing_letter" })
    .max(20000)
    .refine((t) => /\{\{\s*review_link\s*\}\}/.test(t), { error: "missing_review_link" })
    .optional(),
});
export type InviteReviewerInput = z.infer<typeof inviteReviewerSchema>;

/** POST /api/admin/manuscripts/{id}/messages: staff write to the author (a reply in the manuscript's discussion). */
export const authorMessageSchema = z.object({
  subject: headerLine(300).pipe(z.string().min(1, { error: "missing_subject" })),
  text: z.string().trim().min(1, { error: "missing_message" }).max(20000),
});
export type AuthorMessageInput = z.infer<typeof authorMessageSchema>;

/** POST /api/admin/manuscripts/{id}/decision */
export const decisionSchema = z.object({
  decision: z.enum(DECISIONS, { error: "invalid_decision" }),
  subject: headerLine(300).pipe(z.string().min(1, { error: "missing_subject" })),
  text: z.string().trim().min(1, { error: "missing_letter" }).max(20000),
});
export type DecisionInput = z.infer<typeof decisionSchema>;

/** Stages staff move a manuscript to without a decision letter (start review, withdraw on the author's behalf). */
export const STAFF_MOVES = ["under_review", "withdrawn"] as const satisfies readonly Stage[];
/** POST /api/admin/manuscripts/{id}/stage: moves without a decision letter (start review, withdraw). */
export const stageMoveSchema = z.object({
  to: z.enum(STAFF_MOVES, { error: "invalid_stage" }),
  note: z.string().trim().max(2000).optional(),
});

/** POST /api/admin/manuscripts/{id}/published: the article saved from the prefilled Add Article form. */
export const publishedSchema = z.object({ refnumber: z.string().trim().min(1, { error: "missing_refnumber" }).max(100) });

/** PUT /api/admin/workflow/templates/{decision} */
export const letterTemplateSchema = z.object({
  subject: headerLine(300).pipe(z.string().min(1, { error: "missing_subject" })),
  body: z.string().trim().min(1, { error: "missing_letter" }).max(20000),
});

/** PUT /api/admin/workflow/settings */
export const workflowSettingsSchema = z.object({
  senderName: headerLine(200),
  senderAddress: z.union([z.literal(""), email]),
  publicFigures: z.boolean(),
});
export type WorkflowSettings = z.infer<typeof workflowSettingsSchema>;

/** POST /api/admin/reviewers */
export const reviewerSchema = z.object({
  name: headerLine(200).pipe(z.string().min(1, { error: "missing_name" })),
  email,
  affiliation: z.string().trim().max(300).default(""),
  keywords: z.string().trim().max(500).default(""),
});

/** The review form (the reviewer's signed link). */
/** The reviewer's answer to an invitation (the review link's form); a reason and a suggestion only with a decline. */
export const invitationAnswerSchema = z.object({
  answer: z.enum(["accept", "decline"], { error: "invalid_answer" }),
  declineReason: z.string().trim().max(2000, { error: "reason_too_long" }).default(""),
  declineSuggestion: z.string().trim().max(500, { error: "suggestion_too_long" }).default(""),
});
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

export const reviewFormSchema = z.object({
  recommendation: z.enum(RECOMMENDATIONS, { error: "invalid_recommendation" }),
  commentsAuthor: z.string().trim().min(1, { error: "missing_comments" }).max(50000),
  commentsEditor: z.string().trim().max(50000).default(""),
});

// ---- answers (staff) ----

export interface ManuscriptSummary {
  id: number;
  reference: string;
  title: string;
  stage: Stage;
  round: number;
  authorName: string;
  authorEmail: string;
  country: string;
  source: "online" | "staff";
  createdAt: string;
  updatedAt: string;
  /** Reviews of the current round past their due date and not submitted. */
  overdue: number;
  articleId: number | null;
}

export interface TimelineEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  from: Stage | null;
  to: Stage | null;
  summary: string;
  letter: { subject: string; text: string } | null;
  outboxId: number | null;
}

export interface DiscussionEntry {
  id: number;
  at: string;
  /** The address in the message's From: header (else the envelope's sender). */
  from: string;
  fromName: string;
  /** The address that actually sent it (the envelope's MAIL FROM); "" for messages kept before it was recorded. */
  envelopeFrom: string;
  /** The From: header names another address than the one that sent it: it may not come from whom it names. */
  senderMismatch: boolean;
  /** The address it was sent to (the one naming the manuscript's token, when one does). */
  to: string;
  /** Whose own reply address it came to (issue 48 item 6): the author's, a reviewer's (their assignment), or "" for the manuscript's shared one. */
  addressedTo: "" | "author" | "reviewer";
  assignmentId: number | null;
  subject: string;
  text: string;
}

/**
 * Is this reply the author's (issue 48 item 6, docs/decisions/0396)? It came to the author's own reply address, or,
 * for mail sent before personal addresses, to the manuscript's shared one from the author's address; and it was
 * sent from the address its From: names. The one rule for the author's tracking page and the staff's Reply button.
 */
export const isAuthorsReply = (reply: Pick<DiscussionEntry, "from" | "senderMismatch" | "addressedTo">, authorEmail: string): boolean =>
  !reply.senderMismatch &&
  (reply.addressedTo === "author" || (reply.addressedTo === "" && reply.from.toLowerCase() === authorEmail.toLowerCase()));

/** GET /api/admin/mail/unmatched?before=&limit=: newest first, a page at a time (docs/decisions/0303). */
export const UNMATCHED_PAGE = 50;
/** GET /api/admin/outbox?q=&status=&manuscript=&offset=&limit=: the outbox searched, filtered and paged. */
export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export const outboxQuerySchema = z.object({
  q: z.string().trim().max(200, "invalid_input").optional(),
  status: z.enum(OUTBOX_STATUSES, { error: "invalid_input" }).optional(),
  manuscript: z.coerce.number({ error: "invalid_input" }).int("invalid_input").positive("invalid_input").optional(),
  offset: z.coerce
    .number({ error: "invalid_input" })
    .int("invalid_input")
    .min(0, "invalid_input")
    .max(1_000_000, "invalid_input")
    .default(0),
  limit: z.coerce.number({ error: "invalid_input" }).int("invalid_input").min(1, "invalid_input").max(200, "invalid_input").default(200),
});
export interface OutboxPage {
  messages: OutboxMessage[];
  /** How many messages match in all. */
  total: number;
  /** The offset of the next page; null on the last. */
  next: number | null;
}

export const unmatchedQuerySchema = z.object({
  before: z.coerce.number({ error: "invalid_input" }).int("invalid_input").positive("invalid_input").optional(),
  limit: z.coerce
    .number({ error: "invalid_input" })
    .int("invalid_input")
    .min(1, "invalid_input")
    .max(200, "invalid_input")
    .default(UNMATCHED_PAGE),
});

export interface UnmatchedPage {
  messages: DiscussionEntry[];
  /** The `before` of the next (older) page; null on the last. */
  next: number | null;
}

export type ManuscriptFileKind = "manuscript" | "revision" | "review" | "review_copy" | "copyedit" | "proof";

/**
 * The files someone on the other side of a double-blind review receives as a copy without metadata (decision 0340):
 * reviewers get the manuscript, its revisions and the file for review; authors get a reviewer's PDF. The copyedited
 * manuscript and the proofs go to their own author as they are.
 */
export const ANONYMISED_FILE_KINDS: ReadonlySet<string> = new Set<ManuscriptFileKind>(["manuscript", "revision", "review_copy", "review"]);

export interface ManuscriptFileEntry {
  id: number;
  round: number;
  /** review_copy: the editor's anonymised file for review of a round. */
  kind: ManuscriptFileKind;
  /**
   * What the original carries that the copies reviewers (or, for a reviewer's PDF, authors) receive leave out:
   * ["Author: Jane Doe", "XMP metadata"]; "unreadable" when no safe copy can be made; null before it was read.
   */
  metadataRemoved: string[] | "unreadable" | null;
  size: number;
  createdAt: string;
  url: string;
}

export interface AssignmentEntry {
  id: number;
  round: number;
  reviewer: { id: number; name: string; email: string; affiliation: string };
  status: AssignmentStatus;
  dueDate: string;
  invitedAt: string;
  respondedAt: string | null;
  submittedAt: string | null;
  recommendation: Recommendation | null;
  commentsAuthor: string;
  commentsEditor: string;
  /** A declining reviewer's reason and suggestion ('' when not given). */
  declineReason: string;
  declineSuggestion: string;
  fileUrl: string | null;
  overdue: boolean;
  linkActive: boolean;
}

/** What the author sent on Submit Online beside SPEC's fields (issue 48 item 2), for staff. */
export interface SubmittedDetails {
  abstract: string;
  /** "one, two, three". */
  keywords: string;
  coAuthors: CoAuthor[];
  coverLetter: string;
  /** When the author consented (ISO time), null when they did not tick it. */
  consents: { policies: string | null; copyright: string | null };
  /** The Word file sent beside the PDF (download path needs the bearer token), null for none. */
  sourceFile: { size: number; url: string } | null;
}

export interface ManuscriptDetail extends ManuscriptSummary {
  phone: string;
  address: string;
  /** The manuscript's section (the author's choice on Submit Online, or staff's), null for none. */
  sectionId: number | null;
  /** Null for a manuscript staff added by hand. */
  submitted: SubmittedDetails | null;
  publishedAt: string | null;
  firstDecisionAt: string | null;
  allowed: Stage[];
  timeline: TimelineEntry[];
  discussion: DiscussionEntry[];
  files: ManuscriptFileEntry[];
  reviews: AssignmentEntry[];
  trackingLink: { active: boolean; expiresAt: string } | null;
}

export interface OutboxMessage {
  id: number;
  manuscriptId: number | null;
  kind: string;
  to: string;
  toName: string;
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  status: "queued" | "sending" | "sent" | "failed";
  attempts: number;
  error: string;
  createdAt: string;
  sentAt: string | null;
}

/** From this many open reviews on, the invite form warns that the reviewer is already busy (issue 48 item 4). */
export const REVIEWER_BUSY_AT = 3;

export interface ReviewerEntry {
  id: number;
  name: string;
  email: string;
  affiliation: string;
  keywords: string;
  invitations: number;
  accepted: number;
  declined: number;
  submitted: number;
  /** Invitations still open (invited, or agreed and not yet submitted): the reviewer's load. */
  open: number;
  /** Median days from invitation to submitted review; null before the first review. */
  medianTurnaroundDays: number | null;
  history: {
    manuscriptId: number;
    reference: string;
    round: number;
    status: AssignmentStatus;
    invitedAt: string;
    submittedAt: string | null;
  }[];
}

export interface WorkflowFigures {
  received: number;
  decided: number;
  accepted: number;
  /** accepted (and published) / decided, 0..1; null with no decision yet. */
  acceptanceRate: number | null;
  medianDaysToFirstDecision: number | null;
  medianDaysToPublication: number | null;
  medianReviewTurnaroundDays: number | null;
}

export const MESSAGES: Record<string, string> = {
  invalid_stage_move: "The manuscript cannot move to that stage from where it is.",
  invalid_email: "Enter a valid e-mail address.",
  invalid_due_date: "Pick a due date.",
  due_date_past: "The due date must be after today.",
  missing_name: "Enter the reviewer's name.",
  already_invited: "This reviewer is already invited to this round.",
  reviewer_is_author:
    "This person is an author of the manuscript (the same e-mail, or the same name and institution as its author or a co-author): choose another reviewer.",
  missing_subject: "The letter needs a subject.",
  missing_letter: "The letter is empty.",
  missing_message: "Write the message to the author.",
  missing_review_link: "Keep {{review_link}} in the invitation: it becomes the reviewer's own link to the manuscript.",
  invalid_decision: "Choose a decision.",
  not_accepted: "Only an accepted manuscript can be published.",
  article_not_found: "No article with that reference number was saved.",
  not_failed: "Only a message that failed can be sent again.",
  review_file_closed: "A file for review can be uploaded while the manuscript is received or under review.",
  file_not_anonymised: "This file cannot be read safely (encrypted or damaged): upload a file for review.",
  [CONTROL_CHARACTERS]: CONTROL_CHARACTERS_MESSAGE,
};
