-- Search that scopes to the journal before ranking (issue #11, docs/decisions/0080-search-index.md).
--
-- The first index (articles_fts, 0001) held every journal's rows in one ranking: a search ranked all matching
-- articles of all journals with bm25 and filtered by journal afterwards. This index carries a scope column
-- whose tokens name the journal ("j<id>": every article of the journal) and its public set ("p<id>": enabled,
-- with a reference number). A search ANDs its words with one scope token, so FTS5 intersects doclists and
-- only the journal's (public) matches are ever ranked. User words are column-filtered away from the scope.

DROP TRIGGER IF EXISTS articles_fts_insert;
DROP TRIGGER IF EXISTS articles_fts_delete;
DROP TRIGGER IF EXISTS articles_fts_update;
DROP TABLE IF EXISTS articles_fts;

-- Computed, never stored: the scope tokens of the row, read by the index through its content table.
ALTER TABLE articles ADD COLUMN search_scope TEXT GENERATED ALWAYS AS (
  'j' || journal_id || CASE WHEN status = 'enabled' AND coalesce(refnumber, '') <> '' THEN ' p' || journal_id ELSE '' END
) VIRTUAL;

CREATE VIRTUAL TABLE articles_search USING fts5 (
  search_scope, title_text, authorname, abstract_text, keywords, refnumber,
  content = 'articles', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '3'
);
-- `ORDER BY rank` is bm25 with the scope weighted 0 and the title weighted most.
INSERT INTO articles_search (articles_search, rank) VALUES ('rank', 'bm25(0.0, 10.0, 5.0, 1.0, 3.0, 8.0)');

CREATE TRIGGER articles_search_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search (rowid, search_scope, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES (new.id, new.search_scope, new.title_text, new.authorname, new.abstract_text, new.keywords, new.refnumber);
END;
CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_search (articles_search, rowid, search_scope, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.title_text, old.authorname, old.abstract_text, old.keywords, old.refnumber);
END;
-- Only the indexed fields (or what the scope is computed from) re-index a row: a payment-field edit does not.
CREATE TRIGGER articles_search_update
AFTER UPDATE OF journal_id, status, refnumber, title_text, authorname, abstract_text, keywords ON articles BEGIN
  INSERT INTO articles_search (articles_search, rowid, search_scope, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.title_text, old.authorname, old.abstract_text, old.keywords, old.refnumber);
  INSERT INTO articles_search (rowid, search_scope, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES (new.id, new.search_scope, new.title_text, new.authorname, new.abstract_text, new.keywords, new.refnumber);
END;

INSERT INTO articles_search (articles_search) VALUES ('rebuild');

