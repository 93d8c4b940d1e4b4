-- Submit Online is idempotent (issue 25 item 8; docs/decisions/0140): the form makes a key when it renders and
-- sends it with the submission (Idempotency-Key header). One stored row per key and journal, whatever the number of
-- clicks or retries; older rows and API callers without a key have none (NULL, outside the index).
ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX submissions_idempotency_key ON submissions (journal_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
