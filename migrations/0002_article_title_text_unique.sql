-- "Duplicate title" means the same words, whatever the markup or letter case: "<i>E. coli</i> growth" and
-- "E. coli growth" are one title. The plain-text copy is unique per journal (ASCII case folded by lower()), so
-- even two simultaneous requests cannot both store it (docs/decisions/0023-article-rules.md).
CREATE UNIQUE INDEX articles_title_text_unique ON articles (journal_id, lower(title_text));
