-- The outbox lists a journal's messages newest first by when they were written (created_at), not by row id: rows
-- written out of order (imported or seeded history) read in the order they happened. This index serves that list.
CREATE INDEX mail_outbox_journal_created ON mail_outbox (journal_id, created_at, id);
