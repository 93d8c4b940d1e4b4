-- A journal's own site pages (issue 37 item 4, docs/decisions/0202-site-content.md): instructions to authors,
-- policies (peer review, open access and licence, ethics, fees and waivers) and the contact page, each sanitised rich
-- text its journal managers edit. '' means "not written yet": the page shows the default text every journal had
-- (contract/site-content.ts), so existing and new journals start complete. copyright_form_file: the journal's own
-- copyright form (an R2 file name under its namespace), '' for the site's shared one.
ALTER TABLE journals ADD COLUMN instructions_content TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN policies_content TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN contact_content TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN copyright_form_file TEXT NOT NULL DEFAULT '';
