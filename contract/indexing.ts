// Indexing partners as staff edit them (issue 37 item 3; SPEC §3 "Indexing entry: status, sortnumber, link, image,
// title"): the one schema the admin page mirrors and the Worker enforces. POST /api/indexing (multipart: these fields
// plus imgFile, like editors) adds one; POST /api/indexing/{id} changes one (fields sent, an optional imgFile, or only
// a status); POST /api/admin/indexing/order puts them in a new order. Runtime-neutral: no Worker or DOM imports.
import { z } from "zod";
import { STATUS_DISABLED, STATUS_ENABLED } from "./constants";
import { INVALID, requiredVisibleText, text, wholeNumber } from "./field-rules";

/** A partner's link: an http(s) address, or none. */
const linkField = text(500).refine((v) => {
  if (v === "") return true;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}, "invalid_link");

export const INDEXING_SORT_MAX = 9999;

export const indexingSchema = z.object({
  title: requiredVisibleText(200),
  link: linkField.default(""),
  sortnumber: wholeNumber(0, INDEXING_SORT_MAX).default(0),
  status: z.enum([STATUS_ENABLED, STATUS_DISABLED], { error: INVALID }).default(STATUS_ENABLED),
});
export type IndexingInput = z.input<typeof indexingSchema>;
export type IndexingValues = z.output<typeof indexingSchema>;
export const INDEXING_FORM_FIELDS = indexingSchema.keyof().options;

/** POST /api/indexing/{id} with only a status: the list's toggle. */
export const indexingStatusSchema = indexingSchema.pick({ status: true }).required();

/** POST /api/admin/indexing/order: every partner's id, in the new order (their sort numbers become 10, 20, 30 ...). */
export const indexingOrderSchema = z.object({
  ids: z
    .array(z.number({ error: INVALID }).int(INVALID).positive(INVALID), { error: INVALID })
    .min(1, INVALID)
    .max(500, INVALID),
});

/** The staff page's words for the codes these calls answer. */
export const INDEXING_MESSAGES: Record<string, string> = {
  invalid_input: "Please check the fields: a title is required; the sort number is a whole number from 0 to 9999.",
  invalid_link: "The link must be a web address starting with https:// or http://",
  invalid_file_type: "The image must be a PNG, JPEG, GIF or WebP picture.",
  file_too_large: "The image is too large.",
  not_found: "That partner no longer exists: reload the page.",
  order_mismatch: "The list changed meanwhile: reload the page and order it again.",
};
