-- Issue 40 item 5 (docs/decisions/0224): deposits to Crossref over its HTTPS deposit API.
--   crossref_accounts: one per journal; the password encrypted with AES-GCM under a key from the Worker secret
--   CROSSREF_KEY (never stored or answered in the clear). The endpoint is Crossref's (test.crossref.org for trials).
--   crossref_deposits: each submission of an issue, its state as Crossref's submission-status answer gives it, and
--   the DOIs it carried (JSON array) so a success can mark exactly those registered.
CREATE TABLE crossref_accounts (
  journal_id INTEGER PRIMARY KEY REFERENCES journals (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  password_enc TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE crossref_deposits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  year INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  issue INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  -- submitted (Crossref took the file, not processed yet), registered, failed
  status TEXT NOT NULL,
  dois TEXT NOT NULL DEFAULT '[]',
  -- Crossref's own words: the refusal of a submission, or the failed records of a processed one.
  message TEXT NOT NULL DEFAULT '',
  submitted_at TEXT NOT NULL,
  checked_at TEXT NOT NULL DEFAULT '',
  submitted_by TEXT NOT NULL DEFAULT ''
);
CREATE INDEX crossref_deposits_issue ON crossref_deposits (journal_id, year, volume, issue, id);
