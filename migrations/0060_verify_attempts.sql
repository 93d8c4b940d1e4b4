-- Failed certificate-code guesses at /verify (issue 38 item 6, docs/decisions/0183-verify-throttle.md): one row per
-- code that did not verify (tampered, unknown or malformed), keyed by the caller's address (an IPv4 address or an
-- IPv6 /64, as the login throttle keys it). An address with too many failed guesses in the window gets a 429 until
-- they age out. A platform table (no journal_id): guesses are counted across journals, and never in a journal's
-- backup. Rows older than a day are pruned by the daily Cron Trigger.
CREATE TABLE verify_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  throttle_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX verify_attempts_key ON verify_attempts (throttle_key, created_at);
CREATE INDEX verify_attempts_created ON verify_attempts (created_at);
