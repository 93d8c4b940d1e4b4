-- OAI-PMH datestamps and sitemap lastmod move when journal-level metadata inside every record changes
-- (issue 27 item 2, docs/decisions/0150): a record's datestamp is max(article.modification, records_modified).
-- A trigger stamps the journal whenever a field that the records carry really changes (name, abbreviation,
-- publisher, licence, ISSNs, language, domain), whatever code path writes it; other settings (home page text,
-- fees, phone) leave harvesters alone. Existing journals start at the epoch: nothing is re-harvested by this
-- migration itself.
ALTER TABLE journals ADD COLUMN records_modified TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';

CREATE TRIGGER journals_records_modified
AFTER UPDATE OF websitename, formatted_journal_name, publisher, license, issn, issn_print, issn_online, language, domain
ON journals
WHEN old.websitename IS NOT new.websitename
  OR old.formatted_journal_name IS NOT new.formatted_journal_name
  OR old.publisher IS NOT new.publisher
  OR old.license IS NOT new.license
  OR old.issn IS NOT new.issn
  OR old.issn_print IS NOT new.issn_print
  OR old.issn_online IS NOT new.issn_online
  OR old.language IS NOT new.language
  OR old.domain IS NOT new.domain
BEGIN
  UPDATE journals SET records_modified = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = new.id;
END;
