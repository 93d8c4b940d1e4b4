// Paged full-text search over one journal's articles (FTS5 index articles_search, migration 0006).
// The MATCH carries the journal's scope token, so only that journal's (public) rows are ever counted or
// ranked; `ORDER BY rank LIMIT` keeps one page. Counting stops at SEARCH_COUNT_CAP.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../env";
import type { AdminSearchHit, ExcerptPart, SearchHit, SearchPageOf } from "../schemas/api";
import { searchMatch } from "./search-query";
import { filePaths } from "../files/keys";

export const SEARCH_PAGE_SIZE = 20;
/** Matches are counted up to this many; beyond it the answer says "more than" (docs/decisions/0081). */
export const SEARCH_COUNT_CAP = 1000;
/** Words of abstract around the matches in an excerpt. */
const EXCERPT_TOKENS = 24;
// Highlight marks that cannot be confused with text markup: control characters the tokenizer treats as spaces.
const MARK_START = "\u0002";
const MARK_END = "\u0003";

interface HitRow {
  id: number;
  refnumber: string | null;
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  country: string;
  file: string;
  excerpt: string | null;
}

interface AdminHitRow extends HitRow {
  status: string;
  txnid: string | null;
  creation: string;
  modification: string;
}

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

function toHit(r: HitRow): SearchHit {
  return {
    id: r.id,
    refnumber: r.refnumber ?? "",
    title: r.title,
    authorname: r.authorname,
    year: r.year,
    volume: r.volume,
    issue: r.issue,
    pagenumber: r.pagenumber,
    country: r.country,
    file_url: r.file ? filePaths.article(r.year, r.volume, r.issue, r.file) : null,
    excerpt: excerptParts(r.excerpt),
  };
}

function toAdminHit(r: AdminHitRow): AdminSearchHit {
  return { ...toHit(r), status: r.status, txnid: r.txnid ?? "", creation: r.creation, modification: r.modification };
}

const HIT_COLUMNS = sql.raw("a.id, a.refnumber, a.title, a.authorname, a.year, a.volume, a.issue, a.pagenumber, a.country, a.file");
const ADMIN_COLUMNS = sql.raw(", a.status, a.txnid, a.creation, a.modification");

function emptyPage<H>(q: string, page: number): SearchPageOf<H> {
  return { q, page, per_page: SEARCH_PAGE_SIZE, count: 0, more: false, pages: 0, results: [] };
}

/** Matches of `match` (counting stops past the cap). */
const countOf = (match: string) =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM articles_search WHERE articles_search MATCH ${match} LIMIT ${SEARCH_COUNT_CAP + 1}))`;

/** A MATCH no row answers (no scope token is "none"): what a slice searches when its guard is false. */
const NOTHING = 'search_scope : "none"';

/**
 * One slice of matches with their excerpts, best first by bm25 ("rank") or newest first. When `guard` is false
 * the slice searches NOTHING: a false WHERE term would not stop FTS5 from ranking every match of `match` first.
 */
function slice(match: string, order: "rank" | "newest", tier: number, guard: SQL, limit: SQL, offset: SQL) {
  return sql`SELECT * FROM (
    SELECT rowid AS id, ${tier} AS tier, ${order === "rank" ? sql`rank` : sql`-rowid`} AS k,
      snippet(articles_search, 3, ${MARK_START}, ${MARK_END}, '…', ${EXCERPT_TOKENS}) AS excerpt
    FROM articles_search WHERE articles_search MATCH (CASE WHEN ${guard} THEN ${match} ELSE ${NOTHING} END)
    ORDER BY ${order === "rank" ? sql`rank` : sql`rowid DESC`} LIMIT ${limit} OFFSET ${offset})`;
}

type CountedRow<R> = { total: number; short: number } & ({ id: null } | R);

/**
 * One page of matches, and their count, in one statement (one round trip). Up to SEARCH_COUNT_CAP matches are
 * all ranked with bm25. A broader search would rank tens of thousands of rows for every page, so it lists the
 * articles whose title, authors, keywords or reference hold every word first, then the others, each newest
 * first (docs/decisions/0081-search-pages.md). The guards decide which slices search at all.
 */
async function searchPage<R extends HitRow, H>(
  db: Db,
  journalId: number,
  q: string,
  page: number,
  admin: boolean,
  map: (row: R) => H,
): Promise<SearchPageOf<H>> {
  const match = searchMatch(q, { journalId, publicOnly: !admin });
  if (!match) return emptyPage(q, page);
  const offset = Math.min((page - 1) * SEARCH_PAGE_SIZE, SEARCH_COUNT_CAP);
  // Rows of this page within the countable matches, and how many of them come from the short-field tier.
  const size = sql`min(${SEARCH_PAGE_SIZE}, ${SEARCH_COUNT_CAP - offset})`;
  const fromShort = sql`(SELECT max(0, min(${size}, short - ${offset})) FROM c)`;
  const narrow = sql`(SELECT total FROM c) <= ${SEARCH_COUNT_CAP}`;
  const broad = sql`(SELECT total FROM c) > ${SEARCH_COUNT_CAP}`;
  const rows = await db.all<CountedRow<R>>(sql`
    WITH c AS MATERIALIZED (SELECT ${countOf(match.all)} AS total, ${countOf(match.short)} AS short),
    hits AS (
      ${slice(match.all, "rank", 0, narrow, size, sql`${offset}`)}
      UNION ALL ${slice(match.short, "newest", 1, broad, fromShort, sql`${offset}`)}
      UNION ALL ${slice(match.rest, "newest", 2, broad, sql`(${size} - ${fromShort})`, sql`(SELECT max(0, ${offset} - short) FROM c)`)}
    )
    SELECT c.total, c.short, ${HIT_COLUMNS}${admin ? ADMIN_COLUMNS : sql``}, hits.excerpt
    FROM c LEFT JOIN hits LEFT JOIN articles AS a ON a.id = hits.id
    ORDER BY hits.tier, hits.k, hits.id`);
  const total = rows[0]?.total ?? 0;
  const more = total > SEARCH_COUNT_CAP;
  const count = Math.min(total, SEARCH_COUNT_CAP);
  const hits = rows.filter((r): r is CountedRow<R> & R => r.id !== null);
  return { q, page, per_page: SEARCH_PAGE_SIZE, count, more, pages: Math.ceil(count / SEARCH_PAGE_SIZE), results: hits.map(map) };
}

/** One page of the journal's public articles (enabled, with a reference number) matching `q`, best first. */
export function searchPublicArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<HitRow, SearchHit>(db, journalId, q, page, false, toHit);
}

/** One page of all the journal's articles (any status) matching `q`, best first, with the staff columns. */
export function searchAllArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<AdminHitRow, AdminSearchHit>(db, journalId, q, page, true, toAdminHit);
}
