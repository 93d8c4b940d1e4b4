-- Reference numbers are looked up in any letter case (issue #27 item 11: /pdf?refno=ijans-2026-0103 finds
-- IJANS-2026-0103; docs/decisions/0176-visitor-addresses.md). The lookup compares with COLLATE NOCASE; this index
-- serves it, as the UNIQUE (journal_id, refnumber) index serves exact matches.
CREATE INDEX articles_refnumber_nocase ON articles (journal_id, refnumber COLLATE NOCASE);
