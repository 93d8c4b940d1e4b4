-- Names that match (issue 41 item 6, docs/decisions/0270-data-layer-names.md). Migration 0016 moved the article's
-- transaction id (SPEC §3 `txnid`) to a column named transaction_id and left the add-time claim in the old `txnid`
-- column, so `txnid` in SQL was not the txnid. The claim column becomes txnid_claim, then the id takes the name
-- txnid. SQLite's RENAME COLUMN carries the UNIQUE (journal_id, txnid) of 0001 along to txnid_claim; the plain
-- index of 0016 is made again under the new name. Backups written before this migration are read with the old
-- names mapped (worker/platform/backup-restore.ts, RENAMED_COLUMNS).
ALTER TABLE articles RENAME COLUMN txnid TO txnid_claim;
ALTER TABLE articles RENAME COLUMN transaction_id TO txnid;
DROP INDEX articles_transaction_id;
CREATE INDEX articles_txnid ON articles (journal_id, txnid);
