-- Issue 46 item 1 (docs/decisions/0310): each SUSHI key answers with its own customer_id. The column was filled with
-- "key-" and the key's first 12 characters, never shown to anyone (every key answered 0000000000000000) and a piece
-- of the secret in a field that is not one: every key gets 16 random hexadecimal digits instead, independent of it.
UPDATE sushi_keys SET customer_id = upper(hex(randomblob(8)));
