// LIKE with what someone typed taken literally: `%`, `_` and `\` match themselves (with ESCAPE '\'). One place for
// the escaping every search by substring or prefix needs.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** `text` with LIKE's wildcards and its escape character escaped by `\`. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** `column` holds `text` anywhere (LIKE: ASCII letters in any case). */
export const containsText = (column: SQLWrapper, text: string): SQL => sql`${column} LIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`;
