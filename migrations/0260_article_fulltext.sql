-- Issue 51 (docs/decisions/0360): an article's full text, converted from the author's Word file and checked by staff.
--   draft_html: what staff work on (the converter's result, then their corrections); sanitized HTML
--     (contract/fulltext-html.ts).
--   published_html: what readers and the JATS get ('' = the article has no full text: its page stays as before).
--   dropped: JSON array of what the converter could not carry over, in words for staff.
--   source_name: the Word file's name as uploaded; images: JSON array of the pictures' R2 names
--     (journals/{id}/fulltext/{article}/{name}, served as /assets/fulltext/{article}/{name}).
-- Rows carry journal_id, so a journal's move copies them (worker/platform/journal-move.repo.ts).
CREATE TABLE article_fulltext (
  article_id INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  journal_id INTEGER NOT NULL,
  draft_html TEXT NOT NULL DEFAULT '',
  published_html TEXT NOT NULL DEFAULT '',
  dropped TEXT NOT NULL DEFAULT '[]',
  source_name TEXT NOT NULL DEFAULT '',
  images TEXT NOT NULL DEFAULT '[]',
  converted_at TEXT NOT NULL DEFAULT '',
  published_at TEXT NOT NULL DEFAULT '',
  modified TEXT NOT NULL,
  modifiedby TEXT NOT NULL DEFAULT ''
);
CREATE INDEX article_fulltext_journal ON article_fulltext (journal_id);

-- Issue 51 item 4 (docs/decisions/0361): staff's corrections of the references' parsed parts, and DOIs found by
-- Crossref's matching: JSON array of contract/reference-parse.ts StructuredReference, each keyed by the
-- reference's text (a reference whose text changed is parsed again).
CREATE TABLE article_reference_data (
  article_id INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  journal_id INTEGER NOT NULL,
  data TEXT NOT NULL DEFAULT '[]',
  modified TEXT NOT NULL
);
CREATE INDEX article_reference_data_journal ON article_reference_data (journal_id);
