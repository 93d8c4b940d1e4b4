-- Issue 48 item 4 (docs/decisions/0382): a reviewer who declines can say why and suggest someone else; the editor
-- reads both on the manuscript page (never the author). '' when not given.
ALTER TABLE review_assignments ADD COLUMN decline_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE review_assignments ADD COLUMN decline_suggestion TEXT NOT NULL DEFAULT '';
