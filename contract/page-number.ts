// The `page=` query parameter of result lists (public and admin search, long issues), read the same way by the
// Worker and the browser: plain decimal digits only. Number() and z.coerce also take "1e4", "0x10", " 2" or "+3",
// which named pages no link ever makes (issue 25 item 9). No Zod here: the public pages' entry reads it too.

export const MAX_PAGE = 10_000;

/** The page number `raw` names, or null when it is not digits naming 1..MAX_PAGE. */
export function pageNumberOf(raw: string): number | null {
  if (!/^[0-9]{1,5}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : null;
}
