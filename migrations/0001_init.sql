-- Journals: one row per journal served by this deployment, with every Settings field of SPEC §3.
CREATE TABLE journals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slug TEXT NOT NULL UNIQUE,
  is_default INTEGER NOT NULL DEFAULT 0,
  websitename TEXT NOT NULL DEFAULT '',
  websiteemail TEXT NOT NULL DEFAULT '',
  whatsup_number TEXT NOT NULL DEFAULT '',
  domain TEXT NOT NULL DEFAULT '',
  issn TEXT NOT NULL DEFAULT '',
  home_content TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  formatted_journal_name TEXT NOT NULL DEFAULT '',
  fee_rupee TEXT NOT NULL DEFAULT '',
  fee_dollar TEXT NOT NULL DEFAULT '',
  impactfactor TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- At most one default journal (the fallback for unknown hosts).
CREATE UNIQUE INDEX journals_one_default ON journals (is_default) WHERE is_default = 1;

-- Every host name a journal answers on: its primary domain and its aliases. Lower-case, no port.
CREATE TABLE journal_domains (
  domain TEXT PRIMARY KEY,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  is_primary INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX journal_domains_journal ON journal_domains (journal_id);

CREATE TABLE indexing (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  title TEXT NOT NULL DEFAULT '',
  link TEXT NOT NULL DEFAULT '',
  image TEXT NOT NULL DEFAULT '',
  sortnumber INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'enabled'
);
CREATE INDEX indexing_journal ON indexing (journal_id, status, sortnumber);

CREATE TABLE editors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  degree TEXT NOT NULL DEFAULT '',
  post TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',
  picture TEXT NOT NULL DEFAULT '',
  category TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'enabled',
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  creation TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX editors_journal ON editors (journal_id, status);

-- An issue of the journal. (year, volume, issue) is unique per journal, enforced by the database.
CREATE TABLE issues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  year INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  issue INTEGER NOT NULL,
  creation TEXT NOT NULL,
  UNIQUE (journal_id, year, volume, issue)
);

-- Articles. Rich-text fields (title, abstract) hold sanitized HTML; title_text and abstract_text hold
-- their plain text, written by the data layer, so search and documents never see markup.
CREATE TABLE articles (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  refnumber TEXT,
  title TEXT NOT NULL,
  title_text TEXT NOT NULL DEFAULT '',
  authorname TEXT NOT NULL DEFAULT '',
  abstract TEXT NOT NULL DEFAULT '',
  abstract_text TEXT NOT NULL DEFAULT '',
  year INTEGER NOT NULL,
  volume INTEGER NOT NULL,
  issue INTEGER NOT NULL,
  pagenumber TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  file TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'enabled',
  txnid TEXT,
  ptype TEXT NOT NULL DEFAULT 'paid',
  publishdate TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  mobile TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  keywords TEXT NOT NULL DEFAULT '',
  createdby TEXT NOT NULL DEFAULT '',
  creation TEXT NOT NULL,
  modifiedby TEXT NOT NULL DEFAULT '',
  modification TEXT NOT NULL,
  UNIQUE (journal_id, refnumber),
  UNIQUE (journal_id, title),
  UNIQUE (journal_id, txnid)
);
CREATE INDEX articles_issue ON articles (journal_id, year, volume, issue, status);

-- Full-text search over the plain text of each article, ranked with bm25, kept in sync by triggers.
CREATE VIRTUAL TABLE articles_fts USING fts5 (
  title_text, authorname, abstract_text, keywords, refnumber,
  content = 'articles', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER articles_fts_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_fts (rowid, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES (new.id, new.title_text, new.authorname, new.abstract_text, new.keywords, coalesce(new.refnumber, ''));
END;
CREATE TRIGGER articles_fts_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES ('delete', old.id, old.title_text, old.authorname, old.abstract_text, old.keywords, coalesce(old.refnumber, ''));
END;
CREATE TRIGGER articles_fts_update AFTER UPDATE ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES ('delete', old.id, old.title_text, old.authorname, old.abstract_text, old.keywords, coalesce(old.refnumber, ''));
  INSERT INTO articles_fts (rowid, title_text, authorname, abstract_text, keywords, refnumber)
  VALUES (new.id, new.title_text, new.authorname, new.abstract_text, new.keywords, coalesce(new.refnumber, ''));
END;

-- Journal staff. password_hash carries its algorithm and parameters (see docs/decisions).
CREATE TABLE admin_users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'enabled',
  allowed_ips TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (journal_id, username)
);

-- Every login attempt, kept for the audit log and for slowing down brute force.
CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  ip TEXT NOT NULL,
  outcome TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX login_attempts_user ON login_attempts (journal_id, username, created_at);
CREATE INDEX login_attempts_ip ON login_attempts (journal_id, ip, created_at);

-- Manuscripts sent through the public Submit Online form.
CREATE TABLE submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  reference TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL,
  file TEXT NOT NULL,
  file_size INTEGER NOT NULL DEFAULT 0,
  ip TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  UNIQUE (journal_id, reference)
);
CREATE INDEX submissions_journal ON submissions (journal_id, created_at);
CREATE INDEX submissions_ip ON submissions (journal_id, ip, created_at);
