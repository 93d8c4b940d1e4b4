-- From manuscript to published article (issue 36; docs/decisions/0190-0192): manuscripts with their stage and
-- timeline, every file version, reviewers without accounts and their invitations per round, signed links (one row
-- per link: purpose, subject, expiry, revocation), the mail outbox sent by a Queue consumer, the replies that come
-- back, editable decision letters and the journal's mail settings.

CREATE TABLE manuscripts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  -- The Submit Online row it came from; NULL for a manuscript staff added by hand.
  submission_id INTEGER,
  reference TEXT NOT NULL,
  title TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  -- received | under_review | revisions_requested | accepted | published | declined | withdrawn
  stage TEXT NOT NULL DEFAULT 'received',
  round INTEGER NOT NULL DEFAULT 1,
  -- online | staff
  source TEXT NOT NULL DEFAULT 'online',
  -- The local part of the Reply-To of every message about it (replies+<token>@domain): random, never a secret link.
  reply_token TEXT NOT NULL,
  article_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  first_decision_at TEXT,
  decided_at TEXT,
  published_at TEXT
);
CREATE UNIQUE INDEX manuscripts_reference ON manuscripts (journal_id, reference);
CREATE UNIQUE INDEX manuscripts_submission ON manuscripts (submission_id) WHERE submission_id IS NOT NULL;
CREATE UNIQUE INDEX manuscripts_reply_token ON manuscripts (reply_token);
CREATE INDEX manuscripts_stage ON manuscripts (journal_id, stage, created_at);

-- Every file version: the first manuscript, each revision, the reviewers' PDFs (R2 under submissions/).
CREATE TABLE manuscript_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  manuscript_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  -- manuscript | revision | review
  kind TEXT NOT NULL,
  file TEXT NOT NULL,
  size INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX manuscript_files_manuscript ON manuscript_files (manuscript_id, id);

-- The timeline: who did what and when, the stage before and after, the letter sent.
CREATE TABLE manuscript_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  manuscript_id INTEGER NOT NULL,
  at TEXT NOT NULL,
  -- "staff:<username>", "author", "reviewer:<assignment id>", "system"
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  from_stage TEXT,
  to_stage TEXT,
  summary TEXT NOT NULL DEFAULT '',
  letter_subject TEXT,
  letter_text TEXT,
  outbox_id INTEGER
);
CREATE INDEX manuscript_events_manuscript ON manuscript_events (manuscript_id, id);

CREATE TABLE reviewers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  affiliation TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX reviewers_email ON reviewers (journal_id, email);

CREATE TABLE review_assignments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  manuscript_id INTEGER NOT NULL,
  reviewer_id INTEGER NOT NULL,
  round INTEGER NOT NULL,
  -- invited | accepted | declined | submitted | revoked
  status TEXT NOT NULL DEFAULT 'invited',
  due_date TEXT NOT NULL,
  invited_at TEXT NOT NULL,
  responded_at TEXT,
  submitted_at TEXT,
  -- accept | minor_revisions | major_revisions | decline
  recommendation TEXT,
  comments_author TEXT NOT NULL DEFAULT '',
  comments_editor TEXT NOT NULL DEFAULT '',
  file TEXT,
  reminded_before INTEGER NOT NULL DEFAULT 0,
  reminded_after INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX review_assignments_once ON review_assignments (manuscript_id, round, reviewer_id);
CREATE INDEX review_assignments_due ON review_assignments (status, due_date);

-- Signed links (docs/decisions/0190): one row per link; the URL carries "<id>.<HMAC>", never stored.
CREATE TABLE access_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  -- review (subject: review_assignments.id) | track (subject: manuscripts.id)
  purpose TEXT NOT NULL,
  subject_id INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX access_links_subject ON access_links (purpose, subject_id);

-- Every message is written here first and sent by the Queue consumer (docs/decisions/0191).
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL,
  manuscript_id INTEGER,
  kind TEXT NOT NULL,
  to_address TEXT NOT NULL,
  to_name TEXT NOT NULL DEFAULT '',
  from_address TEXT NOT NULL,
  from_name TEXT NOT NULL DEFAULT '',
  reply_to TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  -- queued | sending | sent | failed
  status TEXT NOT NULL DEFAULT 'queued',
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  claimed_at TEXT,
  sent_at TEXT,
  message_id TEXT
);
CREATE INDEX mail_outbox_journal ON mail_outbox (journal_id, id);
CREATE INDEX mail_outbox_status ON mail_outbox (status, created_at);

-- Replies (Email Routing -> the email() handler); manuscript_id NULL: matched nothing (the "unmatched" list).
CREATE TABLE mail_inbound (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER,
  manuscript_id INTEGER,
  from_address TEXT NOT NULL,
  from_name TEXT NOT NULL DEFAULT '',
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL DEFAULT '',
  text TEXT NOT NULL DEFAULT '',
  received_at TEXT NOT NULL
);
CREATE INDEX mail_inbound_manuscript ON mail_inbound (manuscript_id, id);
CREATE INDEX mail_inbound_journal ON mail_inbound (journal_id, id);

-- Decision letters as the journal edited them; a decision without a row uses the built-in text.
CREATE TABLE letter_templates (
  journal_id INTEGER NOT NULL,
  decision TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (journal_id, decision)
);

-- Mail sender and the public figures switch (Settings -> Workflow); no row: the journal's Settings e-mail.
CREATE TABLE workflow_settings (
  journal_id INTEGER PRIMARY KEY,
  sender_name TEXT NOT NULL DEFAULT '',
  sender_address TEXT NOT NULL DEFAULT '',
  public_figures INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

-- Every Submit Online submission already stored becomes a manuscript (stage received) with its file.
INSERT INTO manuscripts (journal_id, submission_id, reference, title, author_name, author_email, country, phone, address,
  stage, round, source, reply_token, created_at, updated_at)
SELECT journal_id, id, reference, title, name, email, country, phone, address, 'received', 1, 'online',
  lower(hex(randomblob(12))), created_at, created_at
FROM submissions;
INSERT INTO manuscript_files (journal_id, manuscript_id, round, kind, file, size, created_at)
SELECT m.journal_id, m.id, 1, 'manuscript', s.file, s.file_size, s.created_at
FROM manuscripts m JOIN submissions s ON s.id = m.submission_id;
INSERT INTO manuscript_events (journal_id, manuscript_id, at, actor, action, from_stage, to_stage, summary)
SELECT journal_id, id, created_at, 'author', 'submitted', NULL, 'received', 'Submitted through Submit Online'
FROM manuscripts;
