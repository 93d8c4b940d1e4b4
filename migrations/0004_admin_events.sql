-- Audit trail: one row per admin write (who, what, when), written in the same D1 batch as the change itself,
-- so an event exists exactly when its change does (docs/decisions/0093-audit-trail.md).
CREATE TABLE admin_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  admin_id INTEGER,
  admin_username TEXT NOT NULL,
  action TEXT NOT NULL,
  entity TEXT NOT NULL,
  entity_id INTEGER,
  summary TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX admin_events_journal ON admin_events (journal_id, created_at);

-- One person sits on a journal's board once: two identical "add editor" requests racing each other end with one
-- row and a 409 duplicate_editor, decided by the database (docs/decisions/0092-concurrent-writes.md).
CREATE UNIQUE INDEX editors_name_unique ON editors (journal_id, lower(trim(name)));
