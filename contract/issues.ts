// Issues as journals publish them (issue 37 item 5, docs/decisions/0203-issues-and-sections.md): a chosen year (the
// current one by default, SPEC §5), a title for special issues, a description and a publication date; the journal's
// sections (Research Articles, Review Articles, ...) in their order, and each article's section. The public issue
// page groups its table by section in that order, keeping SPEC's columns and the page-number order inside each.
import { z } from "zod";
import { INVALID, isoDate, requiredVisibleText, richText, text, visibleText } from "./field-rules";

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
};
