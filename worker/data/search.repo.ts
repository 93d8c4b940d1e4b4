// Full-text search over articles (FTS5, bm25 ranking). User text never reaches FTS5 syntax unquoted.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../env";
import { articles, type ArticleRow } from "./schema";
import { STATUS_ENABLED } from "../schemas/constants";

const MAX_TERMS = 12;
const MAX_RESULTS = 200;

/**
 * Turns free text into a safe FTS5 MATCH expression: words (letters and digits of any script) are each
 * quoted and prefix-matched, all required. Quotes, hyphens, `*`, brackets and operators become separators.
 * Returns null when the text holds no word at all.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, 64)))].slice(0, MAX_TERMS);
  return unique.length ? unique.map((w) => `"${w}"*`).join(" ") : null;
}

/** Enabled, public articles of one journal matching the text, best first (bm25, title weighted most). */
export async function searchArticles(db: Db, journalId: number, text: string, opts: { publicOnly: boolean }): Promise<ArticleRow[]> {
  const match = toFtsQuery(text);
  if (!match) return [];
  const scope = opts.publicOnly
    ? and(eq(articles.journalId, journalId), eq(articles.status, STATUS_ENABLED), sql`coalesce(${articles.refnumber}, '') <> ''`)
    : eq(articles.journalId, journalId);
  return db
    .select()
    .from(articles)
    .innerJoin(sql`articles_fts`, sql`articles_fts.rowid = ${articles.id}`)
    .where(and(scope, sql`articles_fts MATCH ${match}`))
    .orderBy(sql`bm25(articles_fts, 10.0, 5.0, 1.0, 3.0, 8.0)`, articles.id)
    .limit(MAX_RESULTS)
    .then((rows) => rows.map((r) => r.articles));
}
