// Paged full-text search over one journal's articles (FTS5 indexes articles_search and articles_search_short,
// migrations 0006 and 0008). Every MATCH carries the journal's scope token, so only that journal's (public) rows
// are ever counted or read. One statement a page: each index is walked once, in rowid order, and stops early
// (counting stops at SEARCH_COUNT_CAP); a word that begins other words is searched as the terms it begins, read
// from the term list (migration 0009); excerpts are cut from the page's abstracts (search-excerpt.ts).
import { escapeLike } from "../core/data/like";
import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../core/env";
import type { ExcerptPart, SearchPageOf } from "#contract/api";
import { type HighlightPhrase, MAX_PREFIX_TERMS, type MatchPart, type PrefixTerms, searchMatch } from "./search-query";
import { excerptOf } from "./search-excerpt";
import { listColumns, type ArticleListRow } from "./articles.repo";
import { articles, type ArticleRow } from "../core/data/schema";
import { unpublishedArticleIds } from "./issue-visibility";

export const SEARCH_PAGE_SIZE = 20;
/** Matches are counted up to this many; beyond it the answer says "more than" (docs/decisions/0081). */
export const SEARCH_COUNT_CAP = 1000;

/** A row of a search statement: the list columns (listColumns) and the abstract the excerpt is cut from. */
type HitRow = ArticleListRow & { abstract_text: string | null };
/** The columns the staff search table adds. */
const adminColumns = { status: articles.status, txnid: articles.txnid, creation: articles.creation, modification: articles.modification };
type AdminHitRow = HitRow & Pick<ArticleRow, keyof typeof adminColumns>;
/** A search result as read: its columns and the excerpt as parts (its API shape is made beside the routes). */
export type SearchHitRow<R extends HitRow = HitRow> = Omit<R, "abstract_text"> & { excerpt: ExcerptPart[] };

const withExcerpt =
  (phrases: HighlightPhrase[]) =>
  <R extends HitRow>({ abstract_text, ...row }: R): SearchHitRow<R> =>
    ({ ...row, excerpt: excerptOf(abstract_text, phrases) }) as SearchHitRow<R>;

/** `"articles"."title" AS "title", …`: drizzle columns as a raw statement's select list, named as the row's keys. */
const selectList = (columns: Record<string, SQLiteColumn>) =>
  sql.join(
    Object.entries(columns).map(([name, column]) => sql`${column} AS ${sql.identifier(name)}`),
    sql`, `,
  );
const HIT_COLUMNS = selectList({ ...listColumns, abstract_text: articles.abstractText });
const ADMIN_COLUMNS = sql`, ${selectList(adminColumns)}`;

function emptyPage<H>(q: string, page: number): SearchPageOf<H> {
  return { q, page, per_page: SEARCH_PAGE_SIZE, count: 0, more: false, pages: 0, results: [] };
}

type CountedRow<R> = { total: number } & ({ id: null } | R);

/**
 * The terms of the term list (migration 0009) a prefix phrase stands for, as `("<head>term1" OR …)`; its prefix
 * query when it begins none or more than MAX_PREFIX_TERMS (docs/decisions/0133).
 */
const expandedPrefix = (p: PrefixTerms) => sql`(SELECT CASE WHEN count(*) BETWEEN 1 AND ${sql.raw(String(MAX_PREFIX_TERMS))}
    THEN '(' || group_concat(${`"${p.head}`} || term || '"', ' OR ') || ')' ELSE ${p.fallback} END
  FROM (SELECT term FROM articles_search_terms WHERE term >= ${p.from} AND term < ${p.to} LIMIT ${sql.raw(String(MAX_PREFIX_TERMS + 1))}))`;
/** The search's words as one MATCH expression (an SQL string expression). */
const matchWords = (parts: MatchPart[]) =>
  sql.join(
    parts.map((part) => (typeof part === "string" ? sql`${part}` : expandedPrefix(part))),
    sql` || `,
  );

/**
 * One page of matches and their count, in one statement (one D1 round trip). The order: articles whose title,
 * authors, keywords or reference hold every word first (found in articles_search_short), then the others;
 * newest first within each. bm25 was measured and left: docs/decisions/0081-search-pages.md.
 *
 * - `q`: the words as one MATCH expression, prefix words expanded from the term list (0133).
 * - `s`: the short-field matches, newest first, up to the page's end (offset + 20): when the page lies in this
 *   tier nothing more is needed; when it does not, `s` holds every short-field match.
 * - `m`: every match, newest first, up to the count cap + 1: the count, and the second tier (`m` minus `s`). When
 *   there are more matches than the cap, `m` is the newest 1,001 and `s` ⊆ all matches, so `s` and `m` minus `s`
 *   together still hold at least 1,001 rows: the 50 pages are always full and no article comes twice.
 */
async function searchPage<R extends HitRow>(
  db: Db,
  journalId: number,
  q: string,
  page: number,
  admin: boolean,
): Promise<SearchPageOf<SearchHitRow<R>>> {
  const match = searchMatch(q, { journalId, publicOnly: !admin });
  if (!match) return emptyPage(q, page);
  const offset = Math.min((page - 1) * SEARCH_PAGE_SIZE, SEARCH_COUNT_CAP);
  // Rows of this page within the countable matches, and how many of them come from the short-field tier.
  const size = sql`max(0, min(${SEARCH_PAGE_SIZE}, min(c.total, ${SEARCH_COUNT_CAP}) - ${offset}))`;
  const fromShort = sql`max(0, min(${size}, c.short - ${offset}))`;
  // The scope token holds enabled articles with a reference number; readers miss unpublished issues' too (0383).
  const hidden = admin ? sql`` : sql` AND rowid NOT IN (${unpublishedArticleIds(journalId)})`;
  const rows = await db.all<CountedRow<R>>(sql`
    WITH q AS MATERIALIZED (SELECT ${matchWords(match.words)} AS words),
    s AS MATERIALIZED (
      SELECT rowid AS id FROM articles_search_short WHERE articles_search_short MATCH (SELECT ${match.short} || words FROM q)${hidden}
      ORDER BY rowid DESC LIMIT ${offset + SEARCH_PAGE_SIZE}),
    m AS MATERIALIZED (
      SELECT rowid AS id FROM articles_search WHERE articles_search MATCH (SELECT ${match.all} || words FROM q)${hidden}
      ORDER BY rowid DESC LIMIT ${SEARCH_COUNT_CAP + 1}),
    c AS MATERIALIZED (SELECT (SELECT count(*) FROM m) AS total, (SELECT count(*) FROM s) AS short),
    hits AS (
      SELECT * FROM (SELECT id, 1 AS tier FROM s ORDER BY id DESC LIMIT (SELECT ${fromShort} FROM c) OFFSET ${offset})
      UNION ALL
      SELECT * FROM (SELECT id, 2 AS tier FROM m WHERE id NOT IN (SELECT id FROM s) ORDER BY id DESC
        LIMIT (SELECT ${size} - ${fromShort} FROM c) OFFSET (SELECT max(0, ${offset} - c.short) FROM c))
    )
    SELECT c.total, ${HIT_COLUMNS}${admin ? ADMIN_COLUMNS : sql``}
    FROM c LEFT JOIN hits LEFT JOIN ${articles} ON ${articles.id} = hits.id
    ORDER BY hits.tier, hits.id DESC`);
  const total = rows[0]?.total ?? 0;
  const more = total > SEARCH_COUNT_CAP;
  const count = Math.min(total, SEARCH_COUNT_CAP);
  const hits = rows.filter((r): r is CountedRow<R> & R => r.id !== null).map(({ total: _total, ...hit }) => hit as unknown as R);
  return {
    q,
    page,
    per_page: SEARCH_PAGE_SIZE,
    count,
    more,
    pages: Math.ceil(count / SEARCH_PAGE_SIZE),
    results: hits.map(withExcerpt(match.phrases)),
  };
}

/** One page of the journal's public articles (enabled, with a reference number) matching `q`, best first. */
export function searchPublicArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<HitRow>(db, journalId, q, page, false);
}

/** Identifiers staff paste into the search box: at most this many identifier matches lead the first page. */
const IDENTIFIER_HITS = 10;

/**
 * The journal's articles (any status) whose reference number, transaction id or e-mail IS the query (any letter
 * case), then those whose transaction id or e-mail begins with it (4 characters or more): what the full-text
 * index does not hold (transaction ids, e-mails) or splits into words (reference numbers).
 */
async function identifierHits(db: Db, journalId: number, q: string): Promise<AdminHitRow[]> {
  const value = q.trim().toLowerCase();
  if (value.length < 2 || value.length > 254) return [];
  const prefix = value.length >= 4 ? `${escapeLike(value)}%` : null;
  const exact = sql`(lower(${articles.refnumber}) = ${value} OR lower(${articles.txnid}) = ${value} OR lower(${articles.email}) = ${value})`;
  const begins = prefix
    ? sql` OR lower(${articles.txnid}) LIKE ${prefix} ESCAPE '\\' OR lower(${articles.email}) LIKE ${prefix} ESCAPE '\\'`
    : sql``;
  return db.all<AdminHitRow>(sql`
    SELECT ${HIT_COLUMNS}${ADMIN_COLUMNS} FROM ${articles}
    WHERE ${articles.journalId} = ${journalId} AND (${exact}${begins})
    ORDER BY ${exact} DESC, ${articles.id} DESC LIMIT ${IDENTIFIER_HITS}`);
}

/**
 * One page of all the journal's articles (any status) matching `q`, with the staff columns: exact identifiers
 * first (reference number, transaction id, e-mail; issue 26 item 3), then the full-text matches (titles, authors,
 * keywords, abstracts), best first. Identifier matches lead page 1 and are left out of every full-text page.
 */
export async function searchAllArticles(db: Db, journalId: number, q: string, page = 1) {
  const [identified, found] = await Promise.all([identifierHits(db, journalId, q), searchPage<AdminHitRow>(db, journalId, q, page, true)]);
  if (identified.length === 0) return found;
  const ids = new Set(identified.map((r) => r.id));
  const rest = found.results.filter((r) => !ids.has(r.id));
  const onlyHere = identified.length - (found.results.length - rest.length);
  const count = found.count + Math.max(0, onlyHere);
  return {
    ...found,
    count,
    pages: Math.max(found.pages, 1),
    results: page === 1 ? [...identified.map(withExcerpt([])), ...rest] : rest,
  };
}
