-- Editors imports as jobs too (issue 39 leftover, docs/decisions/0290): what a job imports, articles (an OJS export
-- or a spreadsheet with its PDFs) or editors (a CSV with a zip of pictures). Jobs made before are article imports.
ALTER TABLE transfer_jobs ADD COLUMN kind TEXT NOT NULL DEFAULT 'articles';
