// Issues as journals publish them (issue 37 item 5, docs/decisions/0203-issues-and-sections.md): a chosen year (the
// current one by default, SPEC §5), a title for special issues, a description and a publication date; the journal's
// sections (Research Articles, Review Articles, ...) in their order, and each article's section. The public issue
// page groups its table by section in that order, keeping SPEC's columns and the page-number order inside each.
import { z } from "zod";
import { INVALID, isoDate, requiredVisibleText, richText, text, visibleText } from "./field-rules";
import { issueLabel } from "./citation";

/** What POST /api/admin/create-issue takes besides volume, issue and year: all optional. */
export const issueDetailsSchema = z.object({
  title: visibleText(300).default(""),
  description: richText(5000).default(""),
  publishedAt: z.union([z.literal(""), isoDate()]).default(""),
});

export const sectionSchema = z.object({
  title: requiredVisibleText(200),
  abbrev: text(20).default(""),
});
export type SectionInput = z.input<typeof sectionSchema>;

/** POST /api/admin/sections/order: every section's id, in the new order. */
export const sectionOrderSchema = z.object({
  ids: z
    .array(z.number({ error: INVALID }).int(INVALID).positive(INVALID))
    .min(1, INVALID)
    .max(200, INVALID),
});

/** POST /api/admin/articles/{id}/section: the article's section, or null for none. */
export const articleSectionSchema = z.object({
  sectionId: z.number({ error: INVALID }).int(INVALID).positive(INVALID).nullable(),
});

/**
 * DELETE /api/admin/sections/{id} (optional body): a section in use is refused (409 section_in_use, with the count)
 * unless `moveTo` says where its articles go: another section's id, or null for none (docs/decisions/0262).
 */
export const sectionDeleteSchema = z.object({
  moveTo: z.number({ error: INVALID }).int(INVALID).positive(INVALID).nullable().optional(),
});

export interface Section {
  id: number;
  title: string;
  abbrev: string;
  seq: number;
}

/** The common sections a new journal is offered (the add form's suggestions). */
export const SUGGESTED_SECTIONS = ["Research Articles", "Review Articles", "Short Communications", "Case Reports", "Editorial"] as const;

export const SECTION_MESSAGES: Record<string, string> = {
  invalid_input: "Enter the section's name (at most 200 characters).",
  duplicate_section: "This journal already has a section of that name.",
  order_mismatch: "The list changed meanwhile: reload the page and order it again.",
  not_found: "That section no longer exists: reload the page.",
  section_in_use: "Articles are in this section: choose where they go, then delete it.",
};

// ---- Editing an issue after it was made, and its cover (docs/decisions/0261-issue-covers-and-edits.md) -------------

/** POST /api/admin/issues/{id}: the fields sent change, the others stay. Volume, number and year never change. */
export const issueEditSchema = z.object({
  title: visibleText(300).optional(),
  description: richText(5000).optional(),
  publishedAt: z.union([z.literal(""), isoDate()]).optional(),
  coverAlt: visibleText(300).optional(),
});
export type IssueEditInput = z.input<typeof issueEditSchema>;

// ---- Before an issue is public (issue 48 item 8, docs/decisions/0383) ---------------------------------------------

/** An issue's publication state: staff build a draft, may schedule it for a day, and publish it. */
export const ISSUE_STATUS = { draft: "draft", scheduled: "scheduled", published: "published" } as const;
export type IssueStatus = (typeof ISSUE_STATUS)[keyof typeof ISSUE_STATUS];

/**
 * POST /api/admin/issues/{id}/publication: publish now ("published"), take back to staff only ("draft"), or publish on
 * a later day ("scheduled" with publishOn, YYYY-MM-DD in UTC; the Cron Trigger publishes it that day).
 */
export const issuePublicationSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal(ISSUE_STATUS.published) }),
  z.object({ status: z.literal(ISSUE_STATUS.draft) }),
  z.object({ status: z.literal(ISSUE_STATUS.scheduled), publishOn: isoDate() }),
]);
export type IssuePublicationInput = z.input<typeof issuePublicationSchema>;

/** An issue as staff edit it (GET /api/admin/issues/{year}/{vol}/{issue} and every edit's answer). */
export interface IssueDetails {
  id: number;
  year: number;
  volume: number;
  issue: number;
  title: string;
  description: string;
  publishedAt: string | null;
  /** The cover's public address, "" for none. */
  coverUrl: string;
  /** What staff wrote for it ("" : coverAltOf describes it by the issue). */
  coverAlt: string;
  /** Whether readers see it (docs/decisions/0383). */
  status: IssueStatus;
  /** A scheduled issue's day (YYYY-MM-DD), null otherwise. */
  publishOn: string | null;
}

/** The cover's text alternative as pages show it: staff's words, or the issue's label and title. */
export const coverAltOf = (i: { year: number; volume: number; issue: number; title: string; coverAlt: string }): string =>
  i.coverAlt.trim() || `Cover of ${issueLabel(i)}${i.title ? `: ${i.title}` : ""}`;

/** An issue's cover on the public pages: where it is and what it shows. */
export interface IssueCover {
  year: number;
  volume: number;
  issue: number;
  url: string;
  alt: string;
}

export const ISSUE_MESSAGES: Record<string, string> = {
  invalid_input: "Check the fields: a title of at most 300 characters, a date as YYYY-MM-DD.",
  invalid_file_type: "The cover must be a JPEG, PNG, WebP or GIF image.",
  file_too_large: "The cover image is larger than 2 MB.",
  cover_required: "Choose an image for the cover.",
  not_found: "That issue no longer exists: reload the page.",
  publish_on_not_future: "Choose a day after today to publish on, or publish the issue now.",
};
