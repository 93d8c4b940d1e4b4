// The rules the admin forms' fields are built from (contract/admin.ts, contract/article-form.ts): trimmed text of a
// bounded length, visible text, whole numbers, dates, rich text. Every issue's message is the API error code the
// server answers with, so a form can map it to SPEC §8's text. Runtime-neutral: no Worker or DOM imports.
import { z } from "zod";
import { stripInvisible } from "./invisible-text";
import { richTextToPlain, sanitizePageHtml, sanitizeRichText } from "./rich-text";
import { LANGUAGE_PATTERN } from "./scholarly";

export const INVALID = "invalid_input";

/** Trimmed text of at most `max` characters; empty allowed. */
export const text = (max: number) => z.string({ error: INVALID }).trim().max(max, INVALID);
/** Trimmed, non-empty text of at most `max` characters. */
export const requiredText = (max: number) => text(max).min(1, INVALID);
/**
 * Text printed on documents and matched by name (authors, titles, editors): invisible characters removed before
 * the checks (invisible-text.ts), so "Maria\u200e Rossi" is stored as "Maria Rossi".
 */
export const visibleText = (max: number) => z.string({ error: INVALID }).transform(stripInvisible).pipe(text(max));
export const requiredVisibleText = (max: number) => visibleText(max).pipe(z.string().min(1, INVALID));

/** A whole number sent as a JSON number or as digits in a form field. */
export const wholeNumber = (min: number, max: number, code: string = INVALID) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: code }).int(code).min(min, code).max(max, code),
  );

export const YEAR_MIN = 1900;
/** Issues and articles may be dated at most one year ahead. */
export const maxYear = (): number => new Date().getUTCFullYear() + 1;
export const year = () => wholeNumber(YEAR_MIN, 9999).refine((y) => y <= maxYear(), INVALID);
export const VOLUME_MAX = 9999;
export const ISSUE_MAX = 999;

/** A date as the date input sends it (YYYY-MM-DD), a real day of YEAR_MIN or later. */
export const isoDate = () =>
  z
    .string({ error: INVALID })
    .trim()
    .refine((v) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (!m) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && Number(m[1]) >= YEAR_MIN;
    }, INVALID);

/** Rich text (title, abstract, post, home content, address): stored sanitized to the allowlist of rich-text.ts. */
export const richText = (max: number) => text(max).transform((v) => sanitizeRichText(v));
/** A site page's rich text (instructions, policies, contact): headings, lists and checked links too (0202). */
export const pageRichText = (max: number) => text(max).transform((v) => sanitizePageHtml(v));
/** Rich text that must still say something once sanitized (a title of only `<script>` is empty). */
export const requiredRichText = (max: number) => richText(max).refine((v) => richTextToPlain(v) !== "", INVALID);
/**
 * A rich-text title: sanitized, then invisible characters removed from the result, whose character references
 * are decoded by then (so "&#847;" or "&#xFE0F;" cannot slip past as text), then trimmed again; must say something.
 */
export const requiredVisibleRichText = (max: number) =>
  text(max)
    .transform((v) => sanitizeRichText(stripInvisible(sanitizeRichText(v))))
    .refine((v) => richTextToPlain(v) !== "", INVALID);

/** A language tag ("en", "pt-BR"); empty allowed where a default applies. */
export const languageField = () => text(35).refine((v) => v === "" || LANGUAGE_PATTERN.test(v), INVALID);

/** Trimmed text that `normalize` turns into its stored form; empty allowed; anything else fails with `code`. */
export const normalizedText = (max: number, normalize: (v: string) => string | null, code: string) =>
  text(max).transform((v, ctx) => {
    if (v === "") return "";
    const out = normalize(v);
    if (out === null) {
      ctx.addIssue({ code: "custom", message: code });
      return z.NEVER;
    }
    return out;
  });

/** A choice among `values`, sent in any case and with spaces around it. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(values, { error: INVALID }));

/** A JSON list field as forms send it: the array itself, or its text (multipart); "" is an empty list, bad JSON null. */
export function jsonListText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v || "[]");
  } catch {
    return null;
  }
}
