-- Issue 40 item 6 (docs/decisions/0220): what an article says about who paid for it and under which licence.
--   funding: one funder a line, "Funder name | award number" (the award optional); '' when the article names none.
--   license: a key of contract/scholarly.ts LICENSES, or '' for the journal's licence (most articles).
-- Issue 40 item 5: when Crossref confirmed the article's DOI ('' until then). A DOI is printed as a doi.org link
-- only after that: before it, the link would lead readers to Crossref's "DOI not found".
ALTER TABLE articles ADD COLUMN funding TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN license TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN doi_registered_at TEXT NOT NULL DEFAULT '';
