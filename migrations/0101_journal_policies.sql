-- Issue 40 item 3 (docs/decisions/0222): the journal-level facts DOAJ's application asks for beyond the licence,
-- kept as the journal states them and shown to authors on /instructions. Plain text, '' until staff fill them in.
--   apc_policy         article processing charges: whether there are any, how much, when they are due
--   waiver_policy      who gets a waiver or discount, and how to ask for it
--   review_process     the kind of peer review (e.g. double anonymous) and how it runs
--   plagiarism_policy  how submissions are screened for plagiarism, with which tool
ALTER TABLE journals ADD COLUMN apc_policy TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN waiver_policy TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN review_process TEXT NOT NULL DEFAULT '';
ALTER TABLE journals ADD COLUMN plagiarism_policy TEXT NOT NULL DEFAULT '';
