// Small helpers shared by the repos.

export const nowIso = (): string => new Date().toISOString();

/** True when a D1 error is a UNIQUE constraint violation (optionally on a given column). */
export function isUniqueViolation(err: unknown, column?: string): boolean {
  const text =
    String((err as { message?: string; cause?: { message?: string } })?.cause?.message ?? "") + " " + String((err as Error)?.message ?? "");
  if (!/UNIQUE constraint failed/i.test(text)) return false;
  return column ? new RegExp(`\\.${column}\\b`).test(text) : true;
}

/** A modification stamp later than `previous` (ISO time, bumped by 1 ms when the clock has not moved on). */
export function nextStamp(previous: string): string {
  const now = nowIso();
  if (now > previous) return now;
  const t = Date.parse(previous);
  return Number.isNaN(t) ? now : new Date(t + 1).toISOString();
}
