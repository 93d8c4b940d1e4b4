-- Issue 48 item 6 (docs/decisions/0396): each person a manuscript's mail goes to gets their own reply address, so a
-- reply is matched to whom it was sent to, not only to the manuscript. The author's token is on the manuscript, each
-- reviewer's on their assignment; the manuscript's own token (reply_token) still files replies to older mail and to
-- the editorial office's notices. Tokens are 24 hex digits like reply_token, unique across the platform's databases
-- in practice (96 random bits) and here by index.
ALTER TABLE manuscripts ADD COLUMN author_reply_token TEXT;
ALTER TABLE review_assignments ADD COLUMN reply_token TEXT;
UPDATE manuscripts SET author_reply_token = lower(hex(randomblob(12))) WHERE author_reply_token IS NULL;
UPDATE review_assignments SET reply_token = lower(hex(randomblob(12))) WHERE reply_token IS NULL;
CREATE UNIQUE INDEX manuscripts_author_reply_token ON manuscripts (author_reply_token);
CREATE UNIQUE INDEX review_assignments_reply_token ON review_assignments (reply_token);
-- Whose address a reply came to: 'author', 'reviewer' (with the assignment), or '' (the manuscript's shared address).
ALTER TABLE mail_inbound ADD COLUMN reply_person TEXT NOT NULL DEFAULT '';
ALTER TABLE mail_inbound ADD COLUMN assignment_id INTEGER;
