// Numbers and dates as the console shows them.
export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

export const when = (iso: string): string => (iso ? new Date(iso).toLocaleString() : "never");

/** A journal's own origin (its primary host, with the console's scheme and port: local or not), or null without hosts. */
export function journalOrigin(hosts: { host: string; primary: boolean }[]): string | null {
  const primary = hosts.find((h) => h.primary) ?? hosts[0];
  if (!primary) return null;
  return `${window.location.protocol}//${primary.host}${window.location.port ? `:${window.location.port}` : ""}`;
}
