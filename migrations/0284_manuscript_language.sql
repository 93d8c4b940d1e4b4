-- Issue 50 item 1 (docs/decisions/0384): the language an author submitted in, so that what the journal writes to
-- them (invoice, receipt and waiver letters, the invoice PDFs) speaks it.
--   submissions.language, manuscripts.language: the Submit Online page's language (a shipped BCP 47 tag the
--     journal offered then), '' for older rows and for manuscripts staff added (the journal's primary language).
ALTER TABLE submissions ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE manuscripts ADD COLUMN language TEXT NOT NULL DEFAULT '';
