-- Issue 26 item 6: where the admin departed from SPEC.md (docs/decisions/0146-staff-rules-as-specified.md).
-- 1. duplicate_txnid is an add-only rule (SPEC §8): an edit may give an article a transaction id another article
--    has. The id moves to a column without a unique constraint; the old column (UNIQUE (journal_id, txnid) of
--    0001, which SQLite cannot drop without rebuilding the table) keeps the id each article was added with, so
--    two simultaneous adds still cannot share one.
ALTER TABLE articles ADD COLUMN transaction_id TEXT;
UPDATE articles SET transaction_id = txnid;
CREATE INDEX articles_transaction_id ON articles (journal_id, transaction_id);
-- 2. Editors may share a name (boards have namesakes; SPEC has no such rule).
DROP INDEX IF EXISTS editors_name_unique;
