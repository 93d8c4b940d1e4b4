// Paged full-text search over one journal's articles (FTS5 index articles_search, migration 0006).
// The MATCH carries the journal's scope token, so only that journal's (public) rows are ever counted or
// ranked; `ORDER BY rank LIMIT` keeps one page. Counting stops at SEARCH_COUNT_CAP.
import { sql } from "drizzle-orm";
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

/** One slice of matches with their excerpts, best first by bm25 ("rank") or newest first. */
function hitsQuery(match: string, order: "rank" | "newest", limit: number, offset: number, admin: boolean) {
  return sql`
    SELECT ${HIT_COLUMNS}${admin ? ADMIN_COLUMNS : sql``}, h.excerpt
    FROM (
      SELECT rowid AS id, ${order === "rank" ? sql`rank` : sql`-rowid`} AS k,
        snippet(articles_search, 3, ${MARK_START}, ${MARK_END}, '…', ${EXCERPT_TOKENS}) AS excerpt
      FROM articles_search WHERE articles_search MATCH ${match}
      ORDER BY ${order === "rank" ? sql`rank` : sql`rowid DESC`} LIMIT ${limit} OFFSET ${offset}
    ) AS h
    JOIN articles AS a ON a.id = h.id
    ORDER BY h.k, h.id`;
}

/**
 * One page of matches. Up to SEARCH_COUNT_CAP matches are all ranked with bm25. A broader search (more
 * matches than that) would rank tens of thousands of rows for every page, so it lists the articles whose
 * title, authors, keywords or reference hold every word first, then the others, each newest first
 * (docs/decisions/0081-search-pages.md).
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
  const [counts] = await db.all<{ total: number; short: number }>(sql`SELECT ${countOf(match.all)} AS total, ${countOf(match.short)} AS short`);
  const more = counts.total > SEARCH_COUNT_CAP;
  const count = Math.min(counts.total, SEARCH_COUNT_CAP);
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const size = Math.max(0, Math.min(SEARCH_PAGE_SIZE, count - offset));
  let rows: R[] = [];
  if (size > 0 && !more) rows = await db.all<R>(hitsQuery(match.all, "rank", size, offset, admin));
  else if (size > 0) {
    const fromShort = Math.max(0, Math.min(size, counts.short - offset));
    const [first, then] = await Promise.all([
      fromShort ? db.all<R>(hitsQuery(match.short, "newest", fromShort, offset, admin)) : [],
      size - fromShort ? db.all<R>(hitsQuery(match.rest, "newest", size - fromShort, Math.max(0, offset - counts.short), admin)) : [],
    ]);
    rows = [...first, ...then];
  }
  return { q, page, per_page: SEARCH_PAGE_SIZE, count, more, pages: Math.ceil(count / SEARCH_PAGE_SIZE), results: rows.map(map) };
}

/** One page of the journal's public articles (enabled, with a reference number) matching `q`, best first. */
export function searchPublicArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<HitRow, SearchHit>(db, journalId, q, page, false, toHit);
}

/** One page of all the journal's articles (any status) matching `q`, best first, with the staff columns. */
export function searchAllArticles(db: Db, journalId: number, q: string, page = 1) {
  return searchPage<AdminHitRow, AdminSearchHit>(db, journalId, q, page, true, toAdminHit);
}
