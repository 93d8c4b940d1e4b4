// The document calls' request bodies (SPEC §7: "JSON list of selected refnumbers", "JSON (selected editor ids)").
// Accepted as a bare JSON array or wrapped: { "refnumbers": [...] } / { "ids": [...] }. Shared with the admin SPA.
import { z } from "zod";
import { refLookupField } from "./refnumber";

/** Most items one index page, certificate zip or editors zip request may name. */
export const DOCUMENT_LIST_MAX = 200;

const refnumber = refLookupField;
const editorId = z
  .union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const refnumberListSchema = z.union([
  z.array(refnumber),
  z.object({ refnumbers: z.array(refnumber) }).transform((b) => b.refnumbers),
]);
export const editorIdListSchema = z.union([z.array(editorId), z.object({ ids: z.array(editorId) }).transform((b) => b.ids)]);

export type DocumentListError = { error: "empty_list" } | { error: "too_many_items"; max: number };
