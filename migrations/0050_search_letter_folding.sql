-- Search finds names as people type them (issue #27 item 12, docs/decisions/0177-search-letter-folding.md).
--
-- The unicode61 tokenizer (remove_diacritics 2) folds letters that decompose into a base letter and a mark
-- (ş -> s, ü -> u, ğ -> g) but not letters of their own: ı, ə, ø, ł, ß, æ, œ, đ, ð, þ, ħ. "Işık" was indexed as
-- "isık", so "Isik" found nothing. The indexes now read folded copies of the text columns: generated columns
-- (computed, never stored) that spell those letters as an ordinary keyboard does (ı -> i, ə -> e, ø -> o,
-- ł -> l, ß -> ss, æ -> ae, œ -> oe, đ/ð -> d, þ -> th, ħ -> h, upper case alike). The query is folded the same
-- way (worker/data/search-folding.ts, whose test checks every pair against this index), so "Işık", "Isik" and
-- "ISIK" are one term. Azerbaijani ə is written "a" as often as "e" (Mammadov, Cafarov; Memmedov): a text
-- holding it is indexed twice, folded each way, and the query folds ə to e (the first copy), so "Məmmədov",
-- "Memmedov" and "Mammadov" all find it. Same tables, tokenizer, rank and triggers as 0006, 0008 and 0009, over the folded
-- columns; the term list gets the folded terms.


ALTER TABLE articles ADD COLUMN search_title TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title_text, 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr(title_text, 'ə') > 0 OR instr(title_text, 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title_text, 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;
ALTER TABLE articles ADD COLUMN search_authors TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(authorname, 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr(authorname, 'ə') > 0 OR instr(authorname, 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(authorname, 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;
ALTER TABLE articles ADD COLUMN search_abstract TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(abstract_text, 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr(abstract_text, 'ə') > 0 OR instr(abstract_text, 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(abstract_text, 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;
ALTER TABLE articles ADD COLUMN search_keywords TEXT GENERATED ALWAYS AS (
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(keywords, 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h')
  || CASE WHEN instr(keywords, 'ə') > 0 OR instr(keywords, 'Ə') > 0
     THEN ' ' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(keywords, 'ə', 'a'), 'Ə', 'a'), 'ı', 'i'), 'İ', 'i'), 'ə', 'e'), 'Ə', 'e'), 'ǝ', 'e'), 'ø', 'o'), 'Ø', 'o'), 'ł', 'l'), 'Ł', 'l'), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'đ', 'd'), 'Đ', 'd'), 'ð', 'd'), 'Ð', 'd'), 'þ', 'th'), 'Þ', 'th'), 'ħ', 'h'), 'Ħ', 'h') ELSE '' END
) VIRTUAL;

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
AFTER UPDATE OF journal_id, status, refnumber, title_text, authorname, abstract_text, keywords ON articles BEGIN
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
AFTER UPDATE OF journal_id, status, refnumber, title_text, authorname, keywords ON articles BEGIN
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
AFTER UPDATE OF refnumber, title_text, authorname, abstract_text, keywords ON articles BEGIN
  INSERT INTO articles_search_scratch (rowid, text)
  VALUES (new.id, new.search_title || ' ' || new.search_authors || ' ' || new.search_abstract || ' ' || new.search_keywords || ' ' || coalesce(new.refnumber, ''));
  INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_scratch_terms;
  INSERT INTO articles_search_scratch (articles_search_scratch) VALUES ('delete-all');
END;

DELETE FROM articles_search_terms;
CREATE VIRTUAL TABLE articles_search_columns USING fts5vocab (articles_search, 'col');
INSERT OR IGNORE INTO articles_search_terms (term) SELECT term FROM articles_search_columns WHERE col <> 'search_scope';
DROP TABLE articles_search_columns;
