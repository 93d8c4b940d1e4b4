-- Journals spread over several D1 databases (issue 42, docs/decisions/0240). The same migrations run on every
-- database: the platform database (binding DB) and each journal database (bindings JOURNALS_1, JOURNALS_2, ...).
-- In the platform database `journals` is the journal's authoritative row and `shard` names the binding of the
-- database holding its rows ('DB', the platform database itself, for journals made before shards existed); in a
-- journal database `journals` holds a copy of the rows of its own journals, which their rows' foreign keys need.

ALTER TABLE journals ADD COLUMN shard TEXT NOT NULL DEFAULT 'DB';
CREATE INDEX journals_shard ON journals (shard);

-- Journal databases an operator closed to new journals (a full one, or one being emptied); every JOURNALS_n binding
-- not listed here takes new journals.
CREATE TABLE shard_states (
  name TEXT PRIMARY KEY,
  accepts_new INTEGER NOT NULL DEFAULT 1,
  note TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
