// The one statement behind `npm run admin:create`: creates an admin or resets its password (runtime-neutral, so
// the API tests run it against the real D1 too).
import { journalWhere, sqlString } from "./d1-sql";

/**
 * One statement that creates or resets the admin in the chosen journal. The same SQL runs locally and
 * remotely; it changes no row when the journal does not exist.
 */
export function upsertAdminSql(o: {
  username: string;
  name?: string;
  journal?: string;
  /** The journal's id, when known: the statement then runs in the journal's own database (docs/decisions/0240),
   * which holds a copy of its row but not its hosts. */
  journalId?: number;
  passwordHash: string;
  now: string;
}): string {
  const where = o.journalId !== undefined ? `j.id = ${Number(o.journalId)}` : journalWhere(o.journal);
  const name = o.name ?? o.username;
  return [
    "INSERT INTO admin_users (journal_id, username, name, password_hash, status, allowed_ips, created_at, updated_at)",
    `SELECT j.id, ${sqlString(o.username)}, ${sqlString(name)}, ${sqlString(o.passwordHash)}, 'enabled', '', ${sqlString(o.now)}, ${sqlString(o.now)}`,
    `FROM journals j WHERE ${where} ORDER BY j.id LIMIT 1`,
    // A reset also ends every session signed before it (docs/decisions/0062-session-revocation.md).
    "ON CONFLICT (journal_id, username) DO UPDATE SET password_hash = excluded.password_hash, status = 'enabled',",
    "session_version = admin_users.session_version + 1,",
    `${o.name !== undefined ? "name = excluded.name, " : ""}updated_at = excluded.updated_at`,
  ].join(" ");
}
