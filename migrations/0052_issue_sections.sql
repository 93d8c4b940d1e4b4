-- Issues as journals publish them (issue 37 item 5), laid down before the features that use them so that site
-- content (issue 37) and imports (issue 39, OJS sections and issue titles) build on one shape:
--   issues: a title (special issues), a description (sanitised HTML, like home_content), a cover image (an R2 file
--   name under the journal's namespace, '' for none) and a publication date (YYYY-MM-DD, NULL until set).
--   sections: the journal's sections (Research Articles, Review Articles, ...) in their order (seq); an article
--   belongs to at most one (articles.section_id, NULL: no section). A section is the journal's, as in OJS, so the
--   same section groups articles across issues.
ALTER TABLE issues ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE issues ADD COLUMN description TEXT NOT NULL DEFAULT '';
ALTER TABLE issues ADD COLUMN cover TEXT NOT NULL DEFAULT '';
ALTER TABLE issues ADD COLUMN published_at TEXT;

CREATE TABLE sections (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  -- Short form as OJS keeps it ("ART"), '' when none.
  abbrev TEXT NOT NULL DEFAULT '',
  seq INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX sections_journal_title ON sections (journal_id, title COLLATE NOCASE);
CREATE INDEX sections_journal_seq ON sections (journal_id, seq);

ALTER TABLE articles ADD COLUMN section_id INTEGER REFERENCES sections (id) ON DELETE SET NULL;
CREATE INDEX articles_section ON articles (section_id);
