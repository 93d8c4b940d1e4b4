// Paged full-text search over one journal's articles (FTS5 index articles_search, migration 0006).
// The MATCH carries the journal's scope token, so only that journal's (public) rows are ever counted or
// read; each page reads only its own rows (ordered doclist walks with LIMIT). Counting stops at SEARCH_COUNT_CAP.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";
import type { ExcerptPart, SearchPageOf } from "../schemas/api";
import { searchMatch } from "./search-query";
import { listColumns, type ArticleListRow } from "./articles.repo";
import { articles, type ArticleRow } from "./schema";

export const SEARCH_PAGE_SIZE = 20;
/** Matches are counted up to this many; beyond it the answer says "more than" (docs/decisions/0081). */
export const SEARCH_COUNT_CAP = 1000;
/** Words of abstract around the matches in an excerpt. */
const EXCERPT_TOKENS = 24;
// Highlight marks that cannot be confused with text markup: control characters the tokenizer treats as spaces.
const MARK_START = "\u0002";
const MARK_END = "\u0003";

/** A row of a search statement: the list columns (listColumns) and the marked excerpt. */
type HitRow = ArticleListRow & { excerpt: string | null };
/** The columns the staff search table adds. */
const adminColumns = { status: articles.status, txnid: articles.txnid, creation: articles.creation, modification: articles.modification };
type AdminHitRow = HitRow & Pick<ArticleRow, keyof typeof adminColumns>;
/** A search result as read: its columns and the excerpt as parts (its API shape is made beside the routes). */
export type SearchHitRow<R extends HitRow = HitRow> = Omit<R, "excerpt"> & { excerpt: ExcerptPart[] };

/** snippet() text with our marks -> plain-text parts, the matched words flagged. Other control characters go. */
export function excerptParts(marked: string | null): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let hit = false;
  for (const piece of (marked ?? "").split(/([\u0002\u0003])/)) {
    if (piece === MARK_START) hit = true;
    else if (piece === MARK_END) hit = false;
    else {
      const text = piece.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
      if (!text) continue;
      const last = parts[parts.length - 1];
      if (last && last.hit === hit) last.text += text;
      else parts.push({ text, hit });
    }
  }
  return parts;
}

const withParts = <R extends HitRow>({ excerpt, ...row }: R): SearchHitRow<R> => ({ ...row, excerpt: excerptParts(excerpt) });

/** `"articles"."title" AS "title", …`: drizzle columns as a raw statement's select list, named as the row's keys. */
const selectList = (columns: Record<string, SQLiteColumn>) =>
  sql.join(Object.entries(columns).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`), sql`, `);
const HIT_COLUMNS = selectList(listColumns);
const ADMIN_COLUMNS = sql`, ${selectList(adminColumns)}`;

function emptyPage<H>(q: string, page: number): SearchPageOf<H> {
  return { q, page, per_page: SEARCH_PAGE_SIZE, count: 0, more: false, pages: 0, results: [] };
}

/** Matches of `match` (counting stops past the cap). */
const countOf = (match: string) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM articles_search WHERE articles_search MATCH ${match} LIMIT ${SEARCH_COUNT_CAP + 1}))`;

/** One slice of matches, newest first, with their excerpts. */
function slice(match: string, tier: number, limit: SQL, offset: SQL) {
  return sql`SELECT * FROM (
    SELECT rowid AS id, ${tier} AS tier, snippet(articles_search, 3, ${MARK_START}, ${MARK_END}, '…', ${EXCERPT_TOKENS}) AS excerpt
    FROM articles_search WHERE articles_search MATCH ${match}
    ORDER BY rowid DESC LIMIT ${limit} OFFSET ${offset})`;
}

type CountedRow<R> = { total: number; short: number } & ({ id: null } | R);

/**
 * One page of matches and their count, in one statement (one D1 round trip). The order: articles whose title,
 * authors, keywords or reference hold every word first, then the others; newest first within each. Both
 * slices walk the index in rowid order and stop at the page's end, so no search ranks more rows than a page
 * needs, whatever the number of matches (bm25 was measured and left: docs/decisions/0081-search-pages.md).
 */
async function searchPage<R extends HitRow>(db: Db, journalId: number, q: string, page: number, admin: boolean): Promise<SearchPageOf<SearchHitRow<R>>> {
  const match = searchMatch(q, { journalId, publicOnly: !admin });
  if (!match) return emptyPage(q, page);
  const offset = Math.min((page - 1) * SEARCH_PAGE_SIZE, SEARCH_COUNT_CAP);
  // Rows of this page within the countable matches, and how many of them come from the short-field tier.
  const size = sql`max(0, min(${SEARCH_PAGE_SIZE}, (SELECT min(total, ${SEARCH_COUNT_CAP}) FROM c) - ${offset}))`;
  const fromShort = sql`(SELECT max(0, min(${size}, short - ${offset})) FROM c)`;
  const rows = await db.all<CountedRow<R>>(sql`
    WITH c AS MATERIALIZED (SELECT ${countOf(match.all)} AS total, ${countOf(match.short)} AS short),
    hits AS (
      ${slice(match.short, 1, fromShort, sql`${offset}`)}
      UNION ALL ${slice(match.rest, 2, sql`(${size} - ${fromShort})`, sql`(SELECT max(0, ${offset} - short) FROM c)`)}
    )
    SELECT c.total, c.short, ${HIT_COLUMNS}${admin ? ADMIN_COLUMNS : sql``}, hits.excerpt
    FROM c LEFT JOIN hits LEFT JOIN ${articles} ON ${articles.id} = hits.id
    ORDER BY hits.tier, hits.id DESC`);
  const total = rows[0]?.total ?? 0;
  const more = total > SEARCH_COUNT_CAP;
  const count = Math.min(total, SEARCH_COUNT_CAP);
  const hits = rows.filter((r): r is CountedRow<R> & R => r.id !== null).map(({ total: _total, short: _short, ...hit }) => hit as unknown as R);
  return { q, page, per_page: SEARCH_PAGE_SIZE, count, more, pages: Math.ceil(count / SEARCH_PAGE_SIZE), results: hits.map(withParts) };
}

/** One page of the journal's public articles (enabled, with a reference number) matching `q`, best first. */
export function searchPublicArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<HitRow>(db, journalId, q, page, false);
}

/** One page of all the journal's articles (any status) matching `q`, best first, with the staff columns. */
export function searchAllArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<AdminHitRow>(db, journalId, q, page, true);
}
