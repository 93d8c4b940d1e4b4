-- Staff roles, one-time passwords that are one-time, usernames unique without regard to case (issue 37 items 1-2,
-- docs/decisions/0200-staff-roles.md, 0201-one-time-passwords.md).
--   role: 'manager' | 'editor' | 'production'. Every account that exists today could do everything: it becomes a
--   manager, so no journal loses a power it had.
--   email: where the account's notifications go (the workflow's mail), '' until given.
--   one_time_expires_at: set while the password is a one-time one (created by a manager or an operator); the first
--   sign-in must choose a new password before anything else, and after this time the password no longer opens.
ALTER TABLE admin_users ADD COLUMN role TEXT NOT NULL DEFAULT 'manager';
ALTER TABLE admin_users ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE admin_users ADD COLUMN one_time_expires_at TEXT;

-- Usernames are unique per journal without regard to case. Accounts that already clash ("admin" and "ADMIN") keep
-- working as they are: the oldest of each group holds the name, the others are exempt from the rule and reported in
-- username_clashes (shown on the staff page) until a manager or an operator disables or renames them.
ALTER TABLE admin_users ADD COLUMN fold_exempt INTEGER NOT NULL DEFAULT 0;

CREATE TABLE username_clashes (
  account_id INTEGER PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
  journal_id INTEGER NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  username TEXT NOT NULL,
  -- The older account whose name this one repeats in another case.
  holder_id INTEGER NOT NULL,
  found_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

INSERT INTO username_clashes (account_id, journal_id, username, holder_id)
SELECT a.id, a.journal_id, a.username,
  (SELECT MIN(b.id) FROM admin_users b WHERE b.journal_id = a.journal_id AND b.username = a.username COLLATE NOCASE)
FROM admin_users a
WHERE EXISTS (SELECT 1 FROM admin_users b WHERE b.journal_id = a.journal_id AND b.username = a.username COLLATE NOCASE AND b.id < a.id);

UPDATE admin_users SET fold_exempt = 1 WHERE id IN (SELECT account_id FROM username_clashes);

CREATE UNIQUE INDEX admin_users_username_nocase ON admin_users (journal_id, username COLLATE NOCASE) WHERE fold_exempt = 0;
