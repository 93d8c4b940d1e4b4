-- Edge cache (docs/decisions/0110): every cached public answer is keyed by its journal's content version.
-- Every admin write bumps it (worker/edge/content-version.ts), so a new version means a new set of cache keys and
-- nobody is served an answer older than the change. content_changed_at is the Last-Modified of generated answers.
ALTER TABLE journals ADD COLUMN content_version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE journals ADD COLUMN content_changed_at TEXT NOT NULL DEFAULT '2026-01-01T00:00:00.000Z';
