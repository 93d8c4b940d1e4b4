// How stale a public answer may be, in one place (docs/decisions/0110-edge-cache.md).

/**
 * The longest a reader served by another isolate or edge location can see an answer older than an admin's write:
 * each isolate re-reads a host's journal (and with it the content version, part of every cache key) at least this
 * often. The admin who saved, and every later read in the isolate that saved, see the change at once.
 */
export const STALE_BOUND_MS = 30_000;

/** How long the edge keeps an entry. Entries are keyed by content version, so this only bounds garbage and
 * changes made behind the app's back (a direct SQL edit that does not bump the version). */
export const EDGE_TTL_SECONDS = 86_400;

/** What browsers are told about an edge-cached answer: keep it, but ask the edge before each use (a 304 costs no
 * database call), so the admin who saved never sees an old copy from their own browser cache. */
export const BROWSER_CACHE_CONTROL = "public, no-cache";
