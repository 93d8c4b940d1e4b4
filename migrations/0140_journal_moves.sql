-- Moving a journal from one journal database to another while it serves (issue 42 item 3, docs/decisions/0280).
-- The same migrations run on every database; journal_moves is used in the platform database, journal_move_log in
-- the journal database a journal moves out of.

-- One row per move: its phase, progress and outcome (the console's progress panel reads it).
CREATE TABLE journal_moves (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  from_shard TEXT NOT NULL,
  to_shard TEXT NOT NULL,
  -- copying | catching_up | frozen | verifying | switched | cleaning | done | failed
  state TEXT NOT NULL DEFAULT 'copying',
  rows_copied INTEGER NOT NULL DEFAULT 0,
  rows_total INTEGER NOT NULL DEFAULT 0,
  started_at TEXT NOT NULL,
  switched_at TEXT NOT NULL DEFAULT '',
  finished_at TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  operator TEXT NOT NULL DEFAULT '',
  -- When writes to the journal began to be refused, and for how long (freeze to switch, in milliseconds).
  frozen_at TEXT NOT NULL DEFAULT '',
  paused_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX journal_moves_journal ON journal_moves (journal_id, id);
-- At most one move of a journal runs at a time.
CREATE UNIQUE INDEX journal_moves_one_running ON journal_moves (journal_id) WHERE state NOT IN ('done', 'failed');

-- Changes made to a moving journal's rows while it is copied, written by triggers the move creates on the source
-- database (one row per changed row: its table and its primary key as a JSON array), then re-synced to the target.
-- Named moving_journal, not journal_id: this is no journal's data (backups and copies skip it).
CREATE TABLE journal_move_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  moving_journal INTEGER NOT NULL,
  tbl TEXT NOT NULL,
  key TEXT NOT NULL
);
CREATE INDEX journal_move_log_journal ON journal_move_log (moving_journal, id);
