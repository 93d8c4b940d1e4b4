-- The short fields' own index (issue #11's speed goals, docs/decisions/0080-search-index.md, 0081-search-pages.md).
--
-- A search lists the articles whose title, authors, keywords or reference hold every word first. Found through
-- articles_search with a column filter, that tier walked the doclists of the whole abstract text and checked
-- every candidate's positions; when few articles have the words in a short field (the common case) the walk
-- could not stop early and read every match of the journal. This index holds only the short fields (about an
-- eighth of articles_search's size), so each of its entries is a short-field match and the walk stops after the
-- page's rows. Same scope column and tokenizer as articles_search; no rank config (it is never ranked).

CREATE VIRTUAL TABLE articles_search_short USING fts5 (
  search_scope, title_text, authorname, keywords, refnumber,
  content = 'articles', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '3'
);

CREATE TRIGGER articles_search_short_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_search_short (rowid, search_scope, title_text, authorname, keywords, refnumber)
  VALUES (new.id, new.search_scope, new.title_text, new.authorname, new.keywords, new.refnumber);
END;
CREATE TRIGGER articles_search_short_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_search_short (articles_search_short, rowid, search_scope, title_text, authorname, keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.title_text, old.authorname, old.keywords, old.refnumber);
END;
-- Only the indexed fields (or what the scope is computed from) re-index a row.
CREATE TRIGGER articles_search_short_update
AFTER UPDATE OF journal_id, status, refnumber, title_text, authorname, keywords ON articles BEGIN
  INSERT INTO articles_search_short (articles_search_short, rowid, search_scope, title_text, authorname, keywords, refnumber)
  VALUES ('delete', old.id, old.search_scope, old.title_text, old.authorname, old.keywords, old.refnumber);
  INSERT INTO articles_search_short (rowid, search_scope, title_text, authorname, keywords, refnumber)
  VALUES (new.id, new.search_scope, new.title_text, new.authorname, new.keywords, new.refnumber);
END;

INSERT INTO articles_search_short (articles_search_short) VALUES ('rebuild');
