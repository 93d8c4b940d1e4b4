-- Double-blind files (issue 48 item 1, docs/decisions/0340). A reviewer receives a copy of a manuscript PDF without
-- its document information dictionary and XMP metadata; an author receives reviewers' PDFs the same way. The
-- original stays in R2 for staff. What a file's original carried is noted once, for the editor:
--   metadata_removed: NULL until the file was read; '[]' when it carried nothing; a JSON list of what a copy leaves
--   out ("Author: Jane Doe", "XMP metadata"); '"unreadable"' when no safe copy can be made (encrypted or damaged:
--   reviewers get nothing until the editor uploads a file for review).
-- kind gains 'review_copy': the anonymised "file for review" an editor uploads for a round, which reviewers of that
-- round receive instead of the author's file.
ALTER TABLE manuscript_files ADD COLUMN metadata_removed TEXT;
