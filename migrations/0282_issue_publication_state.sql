-- Issue 48 item 8 (docs/decisions/0383): an issue is built by staff before readers see it. status is 'draft'
-- (staff only), 'scheduled' (staff only until publish_on, a YYYY-MM-DD date in UTC, when the Cron Trigger publishes
-- it) or 'published'. Every issue that exists now stays published (the default); only the staff create-issue call
-- makes drafts. Readers, indexers and every public list see an article only while no unpublished issue holds it
-- (worker/archive/issue-visibility.ts).
ALTER TABLE issues ADD COLUMN status TEXT NOT NULL DEFAULT 'published';
ALTER TABLE issues ADD COLUMN publish_on TEXT;
CREATE INDEX issues_status ON issues (journal_id, status);

-- OAI-PMH (migration 0021): an article of an unpublished issue was never public, so disabling or deleting it leaves
-- no tombstone (harvesters never saw it; a tombstone would name it).
DROP TRIGGER articles_oai_withdrawn;
CREATE TRIGGER articles_oai_withdrawn
AFTER UPDATE ON articles
WHEN old.status = 'enabled' AND coalesce(old.refnumber, '') <> ''
  AND NOT (new.status = 'enabled' AND new.refnumber IS old.refnumber AND new.journal_id = old.journal_id)
  AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.journal_id = old.journal_id AND i.year = old.year
    AND i.volume = old.volume AND i.issue = old.issue AND i.status <> 'published')
BEGIN
  INSERT OR REPLACE INTO oai_deleted_records (journal_id, refnumber, year, volume, issue, deleted_at)
  VALUES (old.journal_id, old.refnumber, old.year, old.volume, old.issue, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

DROP TRIGGER articles_oai_deleted;
CREATE TRIGGER articles_oai_deleted
AFTER DELETE ON articles
WHEN old.status = 'enabled' AND coalesce(old.refnumber, '') <> ''
  AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.journal_id = old.journal_id AND i.year = old.year
    AND i.volume = old.volume AND i.issue = old.issue AND i.status <> 'published')
BEGIN
  INSERT OR REPLACE INTO oai_deleted_records (journal_id, refnumber, year, volume, issue, deleted_at)
  VALUES (old.journal_id, old.refnumber, old.year, old.volume, old.issue, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

-- An issue staff unpublish (a mistake): its public articles leave the harvest as deleted records.
CREATE TRIGGER issues_oai_unpublished
AFTER UPDATE OF status ON issues
WHEN old.status = 'published' AND new.status <> 'published'
BEGIN
  INSERT OR REPLACE INTO oai_deleted_records (journal_id, refnumber, year, volume, issue, deleted_at)
  SELECT a.journal_id, a.refnumber, a.year, a.volume, a.issue, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM articles a
  WHERE a.journal_id = new.journal_id AND a.year = new.year AND a.volume = new.volume AND a.issue = new.issue
    AND a.status = 'enabled' AND coalesce(a.refnumber, '') <> '';
END;

-- An issue published: its articles' records change now (their datestamp moves, so harvesters asking "from" the last
-- harvest get them; the article update's own trigger lifts any tombstone of theirs).
CREATE TRIGGER issues_oai_published
AFTER UPDATE OF status ON issues
WHEN old.status <> 'published' AND new.status = 'published'
BEGIN
  UPDATE articles SET modification = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE journal_id = new.journal_id AND year = new.year AND volume = new.volume AND issue = new.issue
    AND status = 'enabled' AND coalesce(refnumber, '') <> '';
END;
