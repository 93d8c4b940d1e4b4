-- Issue 52 item 2 (docs/decisions/0395): the DNS records Cloudflare Email Service needs on each journal's sending
-- domain, as last checked through DNS over HTTPS. A platform table, keyed by domain (journals may share one). status:
-- 'unchecked' (never checked), 'verified' (every record present: the journal sends from its own address), or
-- 'incomplete' (some missing or wrong: it sends from the platform's address with its own name and a Reply-To). A failed
-- check keeps the last status and records; check_error says what failed and checked_at when.
CREATE TABLE mail_domains (
  domain TEXT PRIMARY KEY,
  status TEXT NOT NULL DEFAULT 'unchecked' CHECK (status IN ('unchecked', 'verified', 'incomplete')),
  records TEXT NOT NULL DEFAULT '[]',
  checked_at TEXT,
  check_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX mail_domains_to_check ON mail_domains (status, checked_at);
