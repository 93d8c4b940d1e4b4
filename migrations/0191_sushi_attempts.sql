-- Issue 46 (docs/decisions/0311): the log of COUNTER_SUSHI key checks, the memory of their throttle. The same columns
-- as login_attempts, so the login throttle's one statement serves it: `username` is the customer_id asked for and
-- `throttle_key` the caller's IP (IPv6 by its /64). Pruned with the login log by the daily Cron Trigger.
CREATE TABLE sushi_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  ip TEXT NOT NULL,
  throttle_key TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX sushi_attempts_user ON sushi_attempts (journal_id, username, created_at);
CREATE INDEX sushi_attempts_key ON sushi_attempts (journal_id, throttle_key, created_at);
CREATE INDEX sushi_attempts_created ON sushi_attempts (created_at);
