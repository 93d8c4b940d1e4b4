// Display formatting for the admin tables.

/** Zero-pads a number: pad(3, 2) = "03" (SPEC §2 admin issue list). */
export function pad(value: number | string, width: number): string {
  return String(value ?? "").padStart(width, "0");
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  // Stored stamps are ISO 8601 with a zone (nowIso). A "2026-03-01 10:20:30" value (SQLite's own datetime text, no
  // zone) is read as UTC too, so such a value from an imported backup still shows its right time.
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(" ", "T")}Z` : value;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the browser's locale, e.g. "3/1/2026" or "01/03/2026". */
export function formatDate(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return value ? String(value) : "—";
  // Date-only values ("2026-03-01") are calendar days: show them without shifting across time zones.
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(String(value));
  return date.toLocaleDateString(undefined, dateOnly ? { timeZone: "UTC" } : undefined);
}

/** A date and time in the browser's locale. */
export function formatDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  if (!date) return value ? String(value) : "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(String(value))) return formatDate(value);
  return date.toLocaleString();
}

/** Today as YYYY-MM-DD in the browser's time zone (the default article date, SPEC §5). */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1, 2)}-${pad(now.getDate(), 2)}`;
}

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The time of day in the browser's locale, e.g. "2:26 PM". */
export function formatTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" }) : "";
}
