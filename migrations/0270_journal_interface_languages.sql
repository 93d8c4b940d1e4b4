-- The journal's interface languages (issue 50 item 2): the language its pages speak at their plain addresses
-- (`interface_language`) and every language it offers (`interface_languages`, comma-separated BCP 47 tags of the
-- shipped catalogs, the primary one included), each at its own /<tag>/ address (docs/decisions/0351).
-- Distinct from `language`, the language of the journal's articles in the scholarly metadata.
ALTER TABLE journals ADD COLUMN interface_language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE journals ADD COLUMN interface_languages TEXT NOT NULL DEFAULT 'en';
