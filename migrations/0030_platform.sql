-- Issue 29: the platform's own side (docs/decisions/0160-operators.md, 0161-hosts.md, 0162-alt-header-retired.md).

-- Operators run the platform from its console. They are not journal staff: own table, own token audience, never
-- valid on a journal's admin API (and journal tokens never on the platform's).
CREATE TABLE operators (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'enabled',
  session_version INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The operators' login log, the memory of the same throttle journal admins have (docs/decisions/0061). The same
-- columns as login_attempts, so one throttle statement serves both; journal_id is always 0 here.
CREATE TABLE operator_login_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL DEFAULT 0,
  username TEXT NOT NULL,
  ip TEXT NOT NULL,
  throttle_key TEXT NOT NULL DEFAULT '',
  outcome TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX operator_login_attempts_user ON operator_login_attempts (username, created_at);
CREATE INDEX operator_login_attempts_key ON operator_login_attempts (throttle_key, created_at);
CREATE INDEX operator_login_attempts_created ON operator_login_attempts (created_at);

-- Every operator action: who, what, when, before and after (JSON). No foreign key to journals: the record of a
-- deleted journal outlives it. The column is not called journal_id, so a journal's backup does not carry it.
CREATE TABLE operator_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  operator_id INTEGER,
  operator_username TEXT NOT NULL,
  action TEXT NOT NULL,
  target_journal_id INTEGER,
  summary TEXT NOT NULL DEFAULT '',
  before_json TEXT NOT NULL DEFAULT 'null',
  after_json TEXT NOT NULL DEFAULT 'null',
  created_at TEXT NOT NULL
);
CREATE INDEX operator_events_created ON operator_events (created_at);
CREATE INDEX operator_events_journal ON operator_events (target_journal_id, created_at);

-- Platform settings, one row per key. unknown_host: 'default' (the default journal answers) or 'not_found'.
CREATE TABLE platform_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO platform_settings (key, value) VALUES ('unknown_host', 'default');

-- A suspended journal answers only its notice; nothing is deleted. last_backup_at gates deletion.
ALTER TABLE journals ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
ALTER TABLE journals ADD COLUMN last_backup_at TEXT NOT NULL DEFAULT '';
-- The journal's own images (R2 keys under journals/{id}/branding/); '' = the default drawn from its name and ISSN.
ALTER TABLE journals ADD COLUMN logo_file TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN cover_image_file TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN certificate_image_file TEXT NOT NULL DEFAULT '';

-- Per host: does it take the alternate header branch (SPEC §1)? Replaces the ALT_HEADER_DOMAINS variable, which
-- the Worker reads once into these flags (worker/platform/alt-header-import.ts, docs/decisions/0162).
ALTER TABLE journal_domains ADD COLUMN alt_header INTEGER NOT NULL DEFAULT 0;
