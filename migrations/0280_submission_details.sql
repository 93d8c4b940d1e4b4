-- Issue 48 item 2 (docs/decisions/0380): what Submit Online takes beside SPEC's fields, all optional.
--   abstract, cover_letter: plain text as typed (line breaks kept).
--   keywords: tidied to "one, two, three".
--   co_authors: JSON array of { name, email, affiliation, orcid } in the manuscript's order ('[]' for none).
--   section_id: the journal's section the author chose (NULL: none); the manuscript is filed under it.
--   source_file, source_file_size: the Word (.docx) file sent beside the PDF, stored next to it in R2 (NULL: none).
--   consent_policies_at, consent_copyright_at: when the author ticked consent to the journal's policies and to its
--     copyright and licence terms (NULL: not given).
ALTER TABLE submissions ADD COLUMN abstract TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN keywords TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN co_authors TEXT NOT NULL DEFAULT '[]';
ALTER TABLE submissions ADD COLUMN section_id INTEGER REFERENCES sections (id) ON DELETE SET NULL;
ALTER TABLE submissions ADD COLUMN cover_letter TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN source_file TEXT;
ALTER TABLE submissions ADD COLUMN source_file_size INTEGER NOT NULL DEFAULT 0;
ALTER TABLE submissions ADD COLUMN consent_policies_at TEXT;
ALTER TABLE submissions ADD COLUMN consent_copyright_at TEXT;
