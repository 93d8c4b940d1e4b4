// Host -> journal, remembered per isolate for at most STALE_BOUND_MS, so a warm isolate resolves a host without a
// database round trip. The journal row carries the content version that keys the edge cache.
import type { Db } from "../env";
import type { JournalRow } from "../data/schema";
import { findJournalByHost, type HostMatch } from "../../journals/journals.repo";
import { STALE_BOUND_MS } from "./freshness";

interface Entry {
  match: HostMatch | undefined;
  readAt: number;
}

const MAX_HOSTS = 500;
const byHost = new Map<string, Entry>();

/**
 * The journal answering on `host` (and the host's header flag), from this isolate's memory when read less than
 * STALE_BOUND_MS ago and at least as new as `atLeastVersion(journalId)` (a version the client has seen, e.g. the
 * admin who just saved); else read from D1 (one query) and remembered.
 */
export async function hostMatchFor(
  db: Db | (() => Db),
  host: string,
  atLeastVersion: (journalId: number) => number = () => 0,
  now = Date.now(),
): Promise<HostMatch | undefined> {
  const hit = byHost.get(host);
  if (
    hit &&
    now - hit.readAt < STALE_BOUND_MS &&
    (!hit.match || hit.match.journal.contentVersion >= atLeastVersion(hit.match.journal.id))
  ) {
    return hit.match;
  }
  const match = await findJournalByHost(typeof db === "function" ? db() : db, host);
  byHost.delete(host);
  if (byHost.size >= MAX_HOSTS) byHost.delete(byHost.keys().next().value!);
  byHost.set(host, { match, readAt: now });
  return match;
}

/** The journal answering on `host` (hostMatchFor without the header flag). */
export async function journalForHost(
  db: Db | (() => Db),
  host: string,
  atLeastVersion: (journalId: number) => number = () => 0,
  now = Date.now(),
): Promise<JournalRow | undefined> {
  return (await hostMatchFor(db, host, atLeastVersion, now))?.journal;
}

/** After an admin write: forget every host of this isolate (a settings save can move a domain), so the next read
 * sees the new journal row and content version. */
export function forgetJournals(): void {
  byHost.clear();
}
