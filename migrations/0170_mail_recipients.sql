-- Mail security (issue 46, docs/decisions/0300 and 0301).
-- The acknowledgements a journal wrote to one address lately, counted when Submit Online asks for another: the cap per
-- recipient (contract/submission.ts ACKNOWLEDGEMENTS_PER_ADDRESS) is read through this index.
CREATE INDEX mail_outbox_recipient ON mail_outbox (journal_id, kind, to_address COLLATE NOCASE, created_at);

-- A reply keeps the address that actually sent it (the envelope's MAIL FROM) besides its From: header, so a message
-- whose header names someone else is shown with both and marked.
ALTER TABLE mail_inbound ADD COLUMN envelope_from TEXT NOT NULL DEFAULT '';

-- The journal's unmatched list, newest first a page at a time (docs/decisions/0303).
CREATE INDEX mail_inbound_unmatched ON mail_inbound (journal_id, id) WHERE manuscript_id IS NULL;
