-- Imports run as jobs (issue 39 item 4, docs/decisions/0211-imports-as-jobs.md): a file uploaded to R2 in parts is
-- read by a Cloudflare Workflow instance (TransferWorkflow) that survives a closed browser; this row is what the
-- admin and the console show of it. The report itself (one line per article) is an R2 object (report_key).
CREATE TABLE transfer_jobs (
  id TEXT PRIMARY KEY,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  -- 'queued' | 'running' | 'done' | 'failed'
  status TEXT NOT NULL DEFAULT 'queued',
  dry_run INTEGER NOT NULL DEFAULT 1,
  -- The uploaded file (and for a spreadsheet the zip of PDFs): R2 keys under the journal's transfer/uploads/.
  source_key TEXT NOT NULL,
  source_name TEXT NOT NULL DEFAULT '',
  pdfs_key TEXT NOT NULL DEFAULT '',
  -- JSON: { format, ref, requirePdf }
  options TEXT NOT NULL DEFAULT '{}',
  -- Progress: articles read so far and, per outcome, how many (JSON { articles, create, update, skip, pdfs }).
  counts TEXT NOT NULL DEFAULT '{}',
  report_key TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Who started it: an admin of the journal or an operator of the console.
  created_by TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX transfer_jobs_journal ON transfer_jobs (journal_id, created_at);
