-- Issue 49, the rest (docs/decisions/0331, 0332):
--   section_fees: a section's own publication fee (INR / USD, as typed like Settings fee_rupee / fee_dollar; an empty
--     value falls back to the journal's fee). One row per section; gone with the section.
--   manuscripts.section_id: the section staff file a manuscript under (NULL: none yet). The invoice takes that
--     section's fee where it has one.
--   mail_outbox.attachments: JSON list of documents the consumer renders and attaches when it sends the message
--     ([{"kind":"invoice"|"receipt","invoiceId":N}]); '' for none. Rendered at send time, so no PDF sits in D1.
CREATE TABLE section_fees (
  section_id INTEGER PRIMARY KEY REFERENCES sections (id) ON DELETE CASCADE,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  fee_rupee TEXT NOT NULL DEFAULT '',
  fee_dollar TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX section_fees_journal ON section_fees (journal_id);
ALTER TABLE manuscripts ADD COLUMN section_id INTEGER REFERENCES sections (id) ON DELETE SET NULL;
ALTER TABLE mail_outbox ADD COLUMN attachments TEXT NOT NULL DEFAULT '';
