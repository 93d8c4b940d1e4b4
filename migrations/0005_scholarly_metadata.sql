-- Scholarly metadata (issue 10, docs/decisions/0100-scholarly-metadata.md): what indexers, reference managers and
-- Crossref need beyond SPEC §3. Every column has a default, so existing journals and articles stay valid.

-- Journal: publisher, DOI prefix, Creative Commons licence (a key of worker/schemas/licenses.ts), the print and
-- online ISSN as separate fields (SPEC's comma-separated `issn` stays what the home page shows), language.
ALTER TABLE journals ADD COLUMN publisher TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN doi_prefix TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN license TEXT NOT NULL DEFAULT 'CC-BY-4.0';
ALTER TABLE journals ADD COLUMN issn_print TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN issn_online TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

-- Article: DOI (unique per journal, case-insensitive as DOIs are), language ('' = the journal's), references one
-- per line, and per author (authorname order) an optional affiliation and ORCID iD as a JSON array.
ALTER TABLE articles ADD COLUMN doi TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN reference_list TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN author_details TEXT NOT NULL DEFAULT '[]';
CREATE UNIQUE INDEX articles_doi_unique ON articles (journal_id, lower(doi)) WHERE doi <> '';

-- OAI-PMH harvests by modification date, newest changes last; ListRecords pages on (modification, id).
CREATE INDEX articles_modification ON articles (journal_id, modification, id);

-- Rendered "How to cite this article" strings (APA, Vancouver, Harvard, IEEE). citeproc needs tens of
-- milliseconds per style (seconds for a fresh isolate's first APA), so each article's strings are kept here and
-- rendered again only when `inputs` (a digest of what they are made from) no longer matches.
CREATE TABLE article_citations (
  article_id INTEGER PRIMARY KEY REFERENCES articles (id) ON DELETE CASCADE,
  inputs TEXT NOT NULL,
  citations TEXT NOT NULL
);
