-- Usage statistics (issue #30, docs/statistics.md, docs/decisions/0165-usage-counting.md): one row per journal,
-- article, UTC day and reader country, written only by the UsageCounter Durable Object's flush (an alarm, never a
-- reader's request). Rows carry absolute figures for the day, so a flush repeated after a failure writes the same
-- numbers again instead of adding them twice.
--
-- views / downloads: COUNTER's Investigations that are not Requests (article page views) and Requests (article
-- PDF downloads), after robots and double clicks are taken out. unique_investigations / unique_requests: user
-- sessions (IP + user agent + hour, hashed) that investigated / requested the article; sessions never span days,
-- so these add up across days and months. certificates / cover_pages: the author documents, kept apart (not COUNTER
-- metrics). No article foreign key: a deleted article's figures stay for the reports of the months it was read.
CREATE TABLE usage_daily (
  journal_id INTEGER NOT NULL,
  article_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT '',
  views INTEGER NOT NULL DEFAULT 0,
  downloads INTEGER NOT NULL DEFAULT 0,
  unique_investigations INTEGER NOT NULL DEFAULT 0,
  unique_requests INTEGER NOT NULL DEFAULT 0,
  certificates INTEGER NOT NULL DEFAULT 0,
  cover_pages INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (journal_id, article_id, day, country)
) WITHOUT ROWID;

CREATE INDEX usage_daily_by_day ON usage_daily (journal_id, day);
