// What a public request counts as (issue #30 item 1), read from its URL and the answer's status alone, so that an
// edge-cache hit, a 304 and a freshly rendered answer are counted alike. Nothing here reads a database.
//
//   view        the article's page (/archives/{y}/{v}/{i}/{ref}) or its data for client-side navigation (/_data)
//   download    the article's PDF (/archives/{y}/{v}/{i}/{ref}.pdf, /assets/archives/{y}/vol{v}issue{i}/{file})
//   certificate an author's certificate (/api/pdf/certificate/{ref}/{author})
//   coverpage   the cover page (/api/pdf/coverpage/{ref})
import { refToLookUp } from "#contract/refnumber";

export type UsageKind = "view" | "download" | "certificate" | "coverpage";

/** The article a request names, as its URL names it; the counter resolves it to the article's id. */
export type UsageItem = { ref: string } | { file: { year: number; volume: number; issue: number; name: string } };

export interface UsageHit {
  kind: UsageKind;
  item: UsageItem;
  /** A 206 answer: one piece of a Range series (a PDF viewer fetching the file in parts). */
  ranged: boolean;
}

/** One counted request as the isolate sends it to the journal's counter. The IP and user agent travel only to be
 * hashed there with a salt held in memory; they are never stored (docs/statistics.md "Privacy"). */
export interface UsageEvent extends UsageHit {
  at: number;
  ip: string;
  userAgent: string;
  /** ISO 3166 alpha-2 from request.cf.country, or "" when unknown. */
  country: string;
}

/** COUNTER counts successful answers: 200 and 304 (the reader had it already), and 206 for Range pieces. */
const SUCCESS = new Set([200, 206, 304]);

const ARTICLE_PAGE = /^\/archives\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+?)\/?$/;
const ASSET_FILE = /^\/assets\/archives\/(\d{4})\/vol(\d{1,6})issue(\d{1,6})\/([^/]+\.pdf)$/i;
const CERTIFICATE = /^\/api\/pdf\/certificate\/([^/]+)\/[^/]+$/;
const COVER_PAGE = /^\/api\/pdf\/coverpage\/([^/]+)$/;
/** Article pages have no extension; .ris/.bib/.pdf next to them are files (only the PDF is counted). */
const HAS_EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

const byRef = (raw: string | null): UsageItem | null => {
  const ref = refToLookUp(raw);
  return ref ? { ref } : null;
};

function pathItem(path: string): { kind: UsageKind; item: UsageItem | null } | null {
  const page = ARTICLE_PAGE.exec(path);
  if (page) {
    const last = decoded(page[4]) ?? "";
    if (/\.pdf$/i.test(last)) return { kind: "download", item: byRef(last.slice(0, -4)) };
    if (HAS_EXTENSION.test(last)) return null;
    return { kind: "view", item: byRef(last) };
  }
  const asset = ASSET_FILE.exec(path);
  if (asset) {
    const name = decoded(asset[4]);
    const file = { year: Number(asset[1]), volume: Number(asset[2]), issue: Number(asset[3]), name: name ?? "" };
    return { kind: "download", item: name ? { file } : null };
  }
  const certificate = CERTIFICATE.exec(path);
  if (certificate) return { kind: "certificate", item: byRef(decoded(certificate[1])) };
  const cover = COVER_PAGE.exec(path);
  if (cover) return { kind: "coverpage", item: byRef(decoded(cover[1])) };
  return null;
}

/**
 * A 206 counts only as the first piece of a file (its Content-Range starts at byte 0) of at least this many bytes (PDF
 * viewers ask for far more: pdf.js 64 KiB), or
 * the whole of a smaller file: a 100-byte piece from the middle is nobody reading the article (issue 38 item 2,
 * docs/statistics.md "Range requests").
 */
export const MIN_COUNTED_RANGE_BYTES = 512;

/** Whether a 206's Content-Range ("bytes 0-65535/123456") is the start of the file, big enough to be reading it. */
export function rangeCounts(contentRange: string | null): boolean {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange?.trim() ?? "");
  if (!m || Number(m[1]) !== 0) return false;
  const length = Number(m[2]) + 1;
  return length >= MIN_COUNTED_RANGE_BYTES || (m[3] !== "*" && length >= Number(m[3]));
}

/**
 * What this request counts as, or null when it counts as nothing. Cheap: a few regular expressions. `contentRange`:
 * the answer's Content-Range header (for a 206).
 */
export function usageHitOf(req: Request, status: number, contentRange: string | null = null): UsageHit | null {
  if (req.method !== "GET" || !SUCCESS.has(status)) return null;
  if (status === 206 && !rangeCounts(contentRange)) return null;
  const url = new URL(req.url);
  let path = url.pathname;
  if (path === "/_data") {
    if (url.searchParams.get("route") !== "article") return null;
    // The page /_data served is the one its loader read: the path parsed as a URL (backslashes are slashes, the
    // query and fragment cut off, dot segments resolved), never the raw text, so a view is credited only to the
    // article served (issue 38 item 3).
    try {
      path = new URL(url.searchParams.get("path") ?? "", url.origin).pathname;
    } catch {
      return null;
    }
  }
  const found = pathItem(path);
  if (!found?.item || (url.pathname === "/_data" && found.kind !== "view")) return null;
  return { kind: found.kind, item: found.item, ranged: status === 206 };
}
