-- Issue 40 item 4 (docs/decisions/0223): API keys for the COUNTER_SUSHI API (/api/sushi/), made by journal staff for a
-- library (the customer). Only a SHA-256 of the key is kept: it is shown once when made. A revoked key answers
-- COUNTER exception 2020 (API key invalid); rows are kept for the audit trail.
CREATE TABLE sushi_keys (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  -- The library the key is for, as COUNTER's Institution_Name and Customer_ID.
  customer_name TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  -- The key's last four characters, so staff can tell keys apart.
  key_hint TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL DEFAULT '',
  revoked_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sushi_keys_journal ON sushi_keys (journal_id);
CREATE UNIQUE INDEX sushi_keys_customer ON sushi_keys (journal_id, customer_id) WHERE revoked_at = '';
