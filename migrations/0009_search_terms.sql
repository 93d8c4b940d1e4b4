-- Every word the search indexes hold, for prefix searches without FTS5's prefix merge (issue #11's speed goals,
-- docs/decisions/0133-search-term-list.md).
--
-- A search word of 4+ characters is a prefix ("protein" also finds "proteins"). FTS5 answers `"protein"*` by
-- reading and merging the whole doclist of every term it begins, of every journal, before the first row: 2–3 ms
-- for one common word at 100,000 articles, where the walk of the word itself stops after the page's rows
-- (0.2 ms). With this list a search turns the prefix into the terms it stands for (`"protein" OR "proteins"`),
-- which FTS5 walks lazily; a word that begins too many terms keeps the prefix query (worker/data/search-query.ts).
--
-- The list only grows: a term whose last article went away stays, and matches nothing. It is derived data, kept
-- by the triggers below on every insert and indexed update of an article (a backup leaves it out and a restore
-- refills it, worker/maintenance/backup.ts: a table named articles_search_… belongs to the index).

CREATE TABLE articles_search_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;

-- The words of the new row: it is tokenized as the search indexes tokenize (same tokenizer and options) by a
-- scratch index that holds one row at a time, whose vocabulary is read, then emptied.
CREATE VIRTUAL TABLE articles_search_scratch USING fts5 (
  text,
  content = '',
  detail = none,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE articles_search_scratch_terms USING fts5vocab (articles_search_scratch, 'row');

CREATE TRIGGER articles_search_terms_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search_scratch (rowid, text)
  VALUES (new.id, new.title_text || ' ' || new.authorname || ' ' || new.abstract_text || ' ' || new.keywords || ' ' || coalesce(new.refnumber, ''));
  INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_scratch_terms;
  INSERT INTO articles_search_scratch (articles_search_scratch) VALUES ('delete-all');
END;
CREATE TRIGGER articles_search_terms_update
AFTER UPDATE OF refnumber, title_text, authorname, abstract_text, keywords ON articles BEGIN
  INSERT INTO articles_search_scratch (rowid, text)
  VALUES (new.id, new.title_text || ' ' || new.authorname || ' ' || new.abstract_text || ' ' || new.keywords || ' ' || coalesce(new.refnumber, ''));
  INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_scratch_terms;
  INSERT INTO articles_search_scratch (articles_search_scratch) VALUES ('delete-all');
END;

-- The terms of the articles already indexed: the main index's vocabulary, without the scope column's tokens.
CREATE VIRTUAL TABLE articles_search_columns USING fts5vocab (articles_search, 'col');
INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_columns WHERE col <> 'search_scope';
DROP TABLE articles_search_columns;
