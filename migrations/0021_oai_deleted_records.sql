-- OAI-PMH deleted records (issue 27 item 3, docs/decisions/0150): deletedRecord "persistent". When a public
-- article (enabled, with a reference number) stops being public — disabled, its reference number changed or
-- cleared, or the row deleted — its identifier (the reference number) is kept here with the moment it left and
-- the set it was in, and harvesters are told it is deleted. Publishing an article under that reference number
-- again removes the tombstone. Triggers keep this table right whatever code path writes articles.
CREATE TABLE oai_deleted_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  refnumber TEXT NOT NULL,
  year INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  issue INTEGER NOT NULL,
  deleted_at TEXT NOT NULL
);
CREATE UNIQUE INDEX oai_deleted_records_ref ON oai_deleted_records (journal_id, refnumber);
CREATE INDEX oai_deleted_records_datestamp ON oai_deleted_records (journal_id, deleted_at, id);

CREATE TRIGGER articles_oai_withdrawn
AFTER UPDATE ON articles
WHEN old.status = 'enabled' AND coalesce(old.refnumber, '') <> ''
  AND NOT (new.status = 'enabled' AND new.refnumber IS old.refnumber AND new.journal_id = old.journal_id)
BEGIN
  INSERT OR REPLACE INTO oai_deleted_records (journal_id, refnumber, year, volume, issue, deleted_at)
  VALUES (old.journal_id, old.refnumber, old.year, old.volume, old.issue, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

CREATE TRIGGER articles_oai_deleted
AFTER DELETE ON articles
WHEN old.status = 'enabled' AND coalesce(old.refnumber, '') <> ''
BEGIN
  INSERT OR REPLACE INTO oai_deleted_records (journal_id, refnumber, year, volume, issue, deleted_at)
  VALUES (old.journal_id, old.refnumber, old.year, old.volume, old.issue, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

CREATE TRIGGER articles_oai_published_insert
AFTER INSERT ON articles
WHEN new.status = 'enabled' AND coalesce(new.refnumber, '') <> ''
BEGIN
  DELETE FROM oai_deleted_records WHERE journal_id = new.journal_id AND refnumber = new.refnumber;
END;

CREATE TRIGGER articles_oai_published_update
AFTER UPDATE ON articles
WHEN new.status = 'enabled' AND coalesce(new.refnumber, '') <> ''
BEGIN
  DELETE FROM oai_deleted_records WHERE journal_id = new.journal_id AND refnumber = new.refnumber;
END;
