-- Issue 52 (docs/decisions/0356): a journal host may be a Cloudflare for SaaS custom hostname. NULL hostname_id: a
-- host without one (made before, or no SaaS zone configured), which answers readers as before. The rest is the last
-- state Cloudflare reported (kept when a later call fails: hostname_error says what failed, hostname_checked_at when).
ALTER TABLE journal_domains ADD COLUMN hostname_id TEXT;
ALTER TABLE journal_domains ADD COLUMN hostname_status TEXT;
ALTER TABLE journal_domains ADD COLUMN certificate_status TEXT;
ALTER TABLE journal_domains ADD COLUMN dns_records TEXT NOT NULL DEFAULT '[]';
ALTER TABLE journal_domains ADD COLUMN hostname_problem TEXT;
ALTER TABLE journal_domains ADD COLUMN hostname_error TEXT;
ALTER TABLE journal_domains ADD COLUMN hostname_checked_at TEXT;
