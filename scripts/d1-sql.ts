// SQL text for the operator commands (no bound parameters: `wrangler d1 execute --command` takes none).
// Runtime-neutral, so the API tests run the very statements the commands run.

/** A SQL string literal. */
export const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The WHERE condition (on `journals j`) choosing a journal by slug or by one of its hosts; the default journal
 * when none is named.
 */
export function journalWhere(journal: string | undefined): string {
  const j = journal?.toLowerCase();
  return j
    ? `(j.slug = ${sqlString(j)} OR j.id IN (SELECT journal_id FROM journal_domains WHERE domain = ${sqlString(j)}))`
    : "j.is_default = 1";
}
