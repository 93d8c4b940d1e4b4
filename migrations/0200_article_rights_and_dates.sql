-- Issue 46 item 3 (docs/decisions/0315): what a move from or to OJS must not lose about an article.
--   date_submitted, date_accepted: when the manuscript was received and accepted (YYYY-MM-DD), '' when unknown.
--     OJS's Native XML carries the submission date (article@date_submitted); an import no longer stamps the
--     import day in its place.
--   copyright_holder, copyright_year: OJS's copyrightHolder and copyrightYear ('' when the article states none).
--   license_url: the deed of a licence outside contract/scholarly.ts LICENSES that an imported article was
--     published under (CC BY 3.0, a publisher's own); '' for most articles, whose licence is the `license` key or
--     the journal's.
ALTER TABLE articles ADD COLUMN date_submitted TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN date_accepted TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN copyright_holder TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN copyright_year TEXT NOT NULL DEFAULT '';
ALTER TABLE articles ADD COLUMN license_url TEXT NOT NULL DEFAULT '';
