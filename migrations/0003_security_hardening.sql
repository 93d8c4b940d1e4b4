-- Issue 13: host assignment, session revocation, the normalised duplicate-title key, and the login log's pruning.

-- Every journal answers on its configured Domain (docs/decisions/0060-host-assignment.md): register the Domain
-- of journals that lack it (unless another journal already owns that host) and make it the primary host.
INSERT OR IGNORE INTO journal_domains (domain, journal_id, is_primary)
  SELECT domain, id, 0 FROM journals WHERE domain <> '';
UPDATE journal_domains SET is_primary = (domain = (SELECT j.domain FROM journals j WHERE j.id = journal_domains.journal_id));

-- Admin session revocation (docs/decisions/0062-session-revocation.md). A token carries the user's session version
-- it was signed with: a password change or disabling bumps it, which ends every token signed before. Logout ends
-- one session: the token's id is kept here until the token would have expired anyway.
ALTER TABLE admin_users ADD COLUMN session_version INTEGER NOT NULL DEFAULT 0;
CREATE TABLE revoked_tokens (
  jti TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);

-- Duplicate titles compare a normalised key (NFKC, Unicode case fold, zero-width characters removed), written by
-- the data layer. SQLite cannot compute it, so rows stored before this migration fall back to lower(title_text)
-- until the scheduled job re-keys them (docs/decisions/0063-title-key.md).
ALTER TABLE articles ADD COLUMN title_key TEXT;
DROP INDEX articles_title_text_unique;
CREATE UNIQUE INDEX articles_title_key_unique ON articles (journal_id, coalesce(title_key, lower(title_text)));

-- The login throttle counts callers by a key (docs/decisions/0061-login-throttle-real-admin.md): the IP, IPv6 grouped
-- by /64, or the device a known browser proves; `ip` stays the address as sent, for the audit log.
ALTER TABLE login_attempts ADD COLUMN throttle_key TEXT NOT NULL DEFAULT '';
UPDATE login_attempts SET throttle_key = ip;
DROP INDEX login_attempts_ip;
CREATE INDEX login_attempts_key ON login_attempts (journal_id, throttle_key, created_at);
-- The scheduled prune deletes old login attempts of every journal by time.
CREATE INDEX login_attempts_created ON login_attempts (created_at);
