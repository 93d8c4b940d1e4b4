// The reference number rule, once: what a new one may be (it also names the stored PDF), and what is looked up
// when one arrives in a URL, a query or a list (stored numbers from before the strict rule still resolve).
// Runtime-neutral (Worker and SPA).
import { z } from "zod";

export const REFNUMBER_MAX_LENGTH = 100;

/**
 * A new reference number: 1 to 100 ASCII letters, digits, ".", "-" and "_", starting with a letter or digit, never
 * ".." (it becomes the file name {refnumber}.pdf).
 */
export const REFNUMBER_PATTERN = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** A reference number to look up: trimmed, 1 to 100 characters; null when it cannot be one. */
export function refToLookUp(raw: string | null | undefined): string | null {
  const ref = String(raw ?? "").trim();
  return ref.length > 0 && ref.length <= REFNUMBER_MAX_LENGTH ? ref : null;
}

/** refToLookUp as a zod field (the document calls' lists). */
export const refLookupField = z.string().trim().min(1).max(REFNUMBER_MAX_LENGTH);
