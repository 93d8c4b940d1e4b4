-- A journal move's heartbeat (issue 46, docs/decisions/0306): when it last made progress (every phase change, copy
-- chunk and catch-up round writes it), so a move whose runner died (a server killed after the switch) is seen as
-- stalled and can be resumed from the console, `npm run move-journal -- --resume` or the daily Cron Trigger; and how
-- many times it was resumed (each resume runs under its own Workflow instance id).
ALTER TABLE journal_moves ADD COLUMN progress_at TEXT NOT NULL DEFAULT '';
ALTER TABLE journal_moves ADD COLUMN resumes INTEGER NOT NULL DEFAULT 0;
