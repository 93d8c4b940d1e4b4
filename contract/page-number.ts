// The `page=` query parameter of result lists (public and admin search, long issues), read the same way by the
// Worker and the browser: plain decimal digits only. Number() and z.coerce also take "1e4", "0x10", " 2" or "+3",
// which named pages no link ever makes (issue 25 item 9).
import { z } from "zod";

export const MAX_PAGE = 10_000;

export const pageNumberSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_PAGE));

/** The page number `raw` names, or null when it is not digits naming 1..MAX_PAGE. */
export function pageNumberOf(raw: string): number | null {
  const page = pageNumberSchema.safeParse(raw);
  return page.success ? page.data : null;
}
