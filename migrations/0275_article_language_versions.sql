-- Metadata in several languages (issue 50 item 4, docs/decisions/0375-article-language-versions.md).
--
-- An article keeps its main title, abstract and keywords in its own columns (its own language: articles.language,
-- '' = the journal's) and carries its other language versions in `translations`: a JSON array of
-- { "lang", "title", "abstract", "keywords" } (contract/article-translations.ts; the Worker writes it, checked).
-- Search finds an article by either language: the plain text of every other version is kept beside the main
-- text (trans_title_text, trans_abstract_text, trans_keywords, written with `translations` by the repositories),
-- and the folded columns the indexes read (0050) now fold the main text and those copies together. Same tables,
-- tokenizer, rank and triggers as 0050; the update triggers also fire when the copies change.

ALTER TABLE articles ADD COLUMN translations TEXT NOT NULL DEFAULT '[]';
ALTER TABLE articles ADD COLUMN trans_title_text TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN trans_abstract_text TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN trans_keywords TEXT NOT NULL DEFAULT '';

DROP TRIGGER IF EXISTS articles_search_insert;
DROP TRIGGER IF EXISTS articles_search_delete;
DROP TRIGGER IF EXISTS articles_search_update;
DROP TRIGGER IF EXISTS articles_search_short_insert;
DROP TRIGGER IF EXISTS articles_search_short_delete;
DROP TRIGGER IF EXISTS articles_search_short_update;
DROP TRIGGER IF EXISTS articles_search_terms_insert;
DROP TRIGGER IF EXISTS articles_search_terms_update;
DROP TABLE IF EXISTS articles_search;
DROP TABLE IF EXISTS articles_search_short;
ALTER TABLE articles DROP COLUMN search_title;
ALTER TABLE articles DROP COLUMN search_abstract;
ALTER TABLE articles DROP COLUMN search_keywords;

ALTER TABLE articles ADD COLUMN search_title TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((title_text || ' ' || trans_title_text), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr((title_text || ' ' || trans_title_text), 'ə') > 0 OR instr((title_text || ' ' || trans_title_text), 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((title_text || ' ' || trans_title_text), 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;
ALTER TABLE articles ADD COLUMN search_abstract TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((abstract_text || ' ' || trans_abstract_text), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr((abstract_text || ' ' || trans_abstract_text), 'ə') > 0 OR instr((abstract_text || ' ' || trans_abstract_text), 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((abstract_text || ' ' || trans_abstract_text), 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;
ALTER TABLE articles ADD COLUMN search_keywords TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((keywords || ' ' || trans_keywords), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr((keywords || ' ' || trans_keywords), 'ə') > 0 OR instr((keywords || ' ' || trans_keywords), 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace((keywords || ' ' || trans_keywords), 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;
CREATE VIRTUAL TABLE articles_search USING fts5 (
  search_scope, search_title, search_authors, search_abstract, search_keywords, refnumber,
  content = 'articles', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '3'
);
INSERT INTO articles_search (articles_search, rank) VALUES ('rank', 'bm25(0.0, 10.0, 5.0, 1.0, 3.0, 8.0)');

CREATE TRIGGER articles_search_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search (rowid, search_scope, search_title, search_authors, search_abstract, search_keywords, refnumber)
  VALUES (new.id, new.search_scope, new.search_title, new.search_authors, new.search_abstract, new.search_keywords, new.refnumber);
END;
CREATE TRIGGER articles_search_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_search (articles_search, rowid, search_scope, search_title, search_authors, search_abstract, search_keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.search_title, old.search_authors, old.search_abstract, old.search_keywords, old.refnumber);
END;
CREATE TRIGGER articles_search_update
AFTER UPDATE OF journal_id, status, refnumber, title_text, authorname, abstract_text, keywords, trans_title_text, trans_abstract_text, trans_keywords ON articles BEGIN
  INSERT INTO articles_search (articles_search, rowid, search_scope, search_title, search_authors, search_abstract, search_keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.search_title, old.search_authors, old.search_abstract, old.search_keywords, old.refnumber);
  INSERT INTO articles_search (rowid, search_scope, search_title, search_authors, search_abstract, search_keywords, refnumber)
  VALUES (new.id, new.search_scope, new.search_title, new.search_authors, new.search_abstract, new.search_keywords, new.refnumber);
END;
INSERT INTO articles_search (articles_search) VALUES ('rebuild');

CREATE VIRTUAL TABLE articles_search_short USING fts5 (
  search_scope, search_title, search_authors, search_keywords, refnumber,
  content = 'articles', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '3'
);
CREATE TRIGGER articles_search_short_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search_short (rowid, search_scope, search_title, search_authors, search_keywords, refnumber)
  VALUES (new.id, new.search_scope, new.search_title, new.search_authors, new.search_keywords, new.refnumber);
END;
CREATE TRIGGER articles_search_short_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_search_short (articles_search_short, rowid, search_scope, search_title, search_authors, search_keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.search_title, old.search_authors, old.search_keywords, old.refnumber);
END;
CREATE TRIGGER articles_search_short_update
AFTER UPDATE OF journal_id, status, refnumber, title_text, authorname, keywords, trans_title_text, trans_keywords ON articles BEGIN
  INSERT INTO articles_search_short (articles_search_short, rowid, search_scope, search_title, search_authors, search_keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.search_title, old.search_authors, old.search_keywords, old.refnumber);
  INSERT INTO articles_search_short (rowid, search_scope, search_title, search_authors, search_keywords, refnumber)
  VALUES (new.id, new.search_scope, new.search_title, new.search_authors, new.search_keywords, new.refnumber);
END;
INSERT INTO articles_search_short (articles_search_short) VALUES ('rebuild');

-- The term list (0009) from the folded text, so a folded prefix word ("isik") expands to the folded terms. The
-- list is refilled from the new index: its unfolded terms ("isık") would match nothing and take places among a
-- prefix's MAX_PREFIX_TERMS.
CREATE TRIGGER articles_search_terms_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search_scratch (rowid, text)
  VALUES (new.id, new.search_title || ' ' || new.search_authors || ' ' || new.search_abstract || ' ' || new.search_keywords || ' ' || coalesce(new.refnumber, ''));
  INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_scratch_terms;
  INSERT INTO articles_search_scratch (articles_search_scratch) VALUES ('delete-all');
END;
CREATE TRIGGER articles_search_terms_update
AFTER UPDATE OF refnumber, title_text, authorname, abstract_text, keywords, trans_title_text, trans_abstract_text, trans_keywords ON articles BEGIN
  INSERT INTO articles_search_scratch (rowid, text)
  VALUES (new.id, new.search_title || ' ' || new.search_authors || ' ' || new.search_abstract || ' ' || new.search_keywords || ' ' || coalesce(new.refnumber, ''));
  INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_scratch_terms;
  INSERT INTO articles_search_scratch (articles_search_scratch) VALUES ('delete-all');
END;

DELETE FROM articles_search_terms;
CREATE VIRTUAL TABLE articles_search_columns USING fts5vocab (articles_search, 'col');
INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_columns WHERE col <> 'search_scope';
DROP TABLE articles_search_columns;
