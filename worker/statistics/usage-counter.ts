// One journal's usage counter: a SQLite-backed Durable Object that applies COUNTER R5.1's rules to the requests
// each isolate reports (worker/statistics/usage-feed.ts) and keeps the day's figures in its own storage, then writes them
// to D1 (usage_daily) on an alarm. Readers' requests never write to D1 (docs/decisions/0165-usage-counting.md).
//
// Rules, in the order they are applied to each event (docs/statistics.md "What is counted"):
//   1. robots were already left out by the isolate (worker/statistics/robots.ts);
//   2. double clicks: the same user (hashed IP + user agent) and article and kind within 30 s counts once — each
//      click restarts the 30 s, so a chain of quick clicks counts once (R5.1 §7.3: only one of two clicks is kept);
//   3. Range series: a 206 piece counts only when the user's session has no counted download of the article yet;
//   4. one address: whatever user agents it sends, one address (an IPv4 address, or an IPv6 /64) adds at most
//      ADDRESS_DAILY_LIMIT of each kind to an article per UTC day (issue 38 item 2);
//   5. uniques: a user session is IP + user agent + hour; the first investigation (view or download) of the article
//      in a session is a Unique_Item_Investigation, the first download a Unique_Item_Request.
import { DurableObject } from "cloudflare:workers";
import { forgetShard, journalDatabase } from "../core/data/shards";
import { isJournalMoving } from "../core/data/journal-moving";
import { articleIdsByFile, articleIdsByRef, type UsageDay, writeUsageDays } from "./usage.repo";
import { DailySalts } from "./daily-salt";
import type { UsageEvent, UsageItem, UsageKind } from "./usage-event";
import { throttleKeyOfIp } from "../auth/client-ip";

export const DOUBLE_CLICK_MS = 30_000;
/** The most views (and, apart, downloads, certificates, cover pages) one address adds to one article in a UTC day. */
export const ADDRESS_DAILY_LIMIT = 10;
/** How often the day's figures go to D1 while readers come: the most the D1 figures lag behind. */
export const FLUSH_INTERVAL_MS = 30_000;
const HOUR_MS = 3_600_000;
/** Events are stamped by the isolate; older or later than this is a broken clock, not a reader. */
const ACCEPT_PAST_MS = 36 * HOUR_MS;
const ACCEPT_FUTURE_MS = 5 * 60_000;
const MAX_REMEMBERED_ITEMS = 5_000;
/** A pending timer makes the object non-hibernatable (the runtime hibernates an idle object after 10 s only when
 * no timer is pending, dropping its memory); the flush alarm, an event every FLUSH_INTERVAL_MS, keeps it from being
 * evicted as idle (after 70-140 s). Together they keep the in-memory salt alive while any session is open. */
const KEEP_IN_MEMORY_MS = 20_000;

const COLUMN_OF: Record<UsageKind, string> = {
  view: "views",
  download: "downloads",
  certificate: "certificates",
  coverpage: "cover_pages",
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- The last time each user (salted hash) opened each article as each kind: the double-click filter.
CREATE TABLE IF NOT EXISTS clicks (user TEXT NOT NULL, article INTEGER NOT NULL, kind TEXT NOT NULL, at INTEGER NOT NULL,
  PRIMARY KEY (user, article, kind)) WITHOUT ROWID;
-- Which sessions (user hash + hour) already investigated ('inv') or requested ('req') each article: the uniques.
CREATE TABLE IF NOT EXISTS seen (session TEXT NOT NULL, article INTEGER NOT NULL, metric TEXT NOT NULL, hour INTEGER NOT NULL,
  PRIMARY KEY (session, article, metric)) WITHOUT ROWID;
-- How many events of each kind one address (salted hash of the IPv4 address or IPv6 /64) counted for each article
-- on each day: the per-address bound. Pruned with the day.
CREATE TABLE IF NOT EXISTS per_address (address TEXT NOT NULL, article INTEGER NOT NULL, kind TEXT NOT NULL, day TEXT NOT NULL,
  n INTEGER NOT NULL, PRIMARY KEY (address, article, kind, day)) WITHOUT ROWID;
-- The absolute figures per day, article and country; version > flushed_version means D1 has not seen the latest.
CREATE TABLE IF NOT EXISTS counts (day TEXT NOT NULL, article INTEGER NOT NULL, country TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0, downloads INTEGER NOT NULL DEFAULT 0,
  unique_investigations INTEGER NOT NULL DEFAULT 0, unique_requests INTEGER NOT NULL DEFAULT 0,
  certificates INTEGER NOT NULL DEFAULT 0, cover_pages INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 0, flushed_version INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, article, country)) WITHOUT ROWID;
`;

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

const itemKey = (item: UsageItem) =>
  "ref" in item ? `r:${item.ref}` : `f:${item.file.year}/${item.file.volume}/${item.file.issue}/${item.file.name}`;

interface KeyedEvent {
  event: UsageEvent;
  article: number;
  day: string;
  user: string;
  address: string;
}

export class UsageCounter extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** In memory only: lost (and replaced) when the object restarts. */
  private readonly salts = new DailySalts();
  private readonly articleIds = new Map<string, number>();
  private keepInMemory: ReturnType<typeof setTimeout> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
  }

  /** Applies the rules to a batch from one isolate; answers how many events counted. Durable when it returns. */
  async record(journalId: number, events: UsageEvent[]): Promise<number> {
    if (!this.claim(journalId)) return 0;
    const now = Date.now();
    const timely = events.filter((e) => e.at >= now - ACCEPT_PAST_MS && e.at <= now + ACCEPT_FUTURE_MS).sort((a, b) => a.at - b.at);
    if (timely.length === 0) return 0;
    const ids = await this.articleIdsOf(
      journalId,
      timely.map((e) => e.item),
    );
    const keyed: KeyedEvent[] = [];
    for (const event of timely) {
      const article = ids.get(itemKey(event.item));
      if (article === undefined) continue;
      const day = dayOf(event.at);
      keyed.push({
        event,
        article,
        day,
        user: await this.salts.userKey(day, event.ip, event.userAgent),
        address: await this.salts.userKey(day, `address:${throttleKeyOfIp(event.ip)}`, ""),
      });
    }
    let counted = 0;
    this.ctx.storage.transactionSync(() => {
      for (const k of keyed) if (this.count(k)) counted++;
    });
    if (keyed.length > 0) {
      await this.scheduleFlush();
      this.stayInMemory();
    }
    return counted;
  }

  async alarm(): Promise<void> {
    await this.flush();
  }

  /** Writes every day whose figures changed to D1; answers how many rows were written. */
  async flush(): Promise<number> {
    const journalId = this.journalId();
    if (journalId === null) return 0;
    const rows = this.sql
      .exec<Record<string, string | number>>("SELECT * FROM counts WHERE version > flushed_version")
      .toArray()
      .map((r) => ({ ...toUsageDay(r), version: Number(r.version) }));
    if (rows.length > 0) {
      try {
        await writeUsageDays(await journalDatabase(this.env, journalId), journalId, rows);
      } catch (err) {
        // The figures stay here, marked unflushed; the next alarm tries again (on the journal's database as it is
        // then, when the journal was moving: docs/decisions/0280).
        if (isJournalMoving(err)) forgetShard(journalId);
        else console.error("usage flush failed", err);
        await this.ctx.storage.setAlarm(Date.now() + FLUSH_INTERVAL_MS);
        return 0;
      }
      for (const r of rows) {
        this.sql.exec(
          "UPDATE counts SET flushed_version = ? WHERE day = ? AND article = ? AND country = ?",
          r.version,
          r.day,
          r.articleId,
          r.country,
        );
      }
    }
    this.prune(Date.now());
    if (this.hasWork()) {
      await this.ctx.storage.setAlarm(Date.now() + FLUSH_INTERVAL_MS);
      this.stayInMemory();
    }
    return rows.length;
  }

  /** The rules for one event (inside the batch's transaction); true when it counted. */
  private count({ event, article, day, user, address }: KeyedEvent): boolean {
    const hour = Math.floor(event.at / HOUR_MS);
    const session = `${user}:${hour}`;
    const last = this.sql
      .exec<{ at: number }>("SELECT at FROM clicks WHERE user = ? AND article = ? AND kind = ?", user, article, event.kind)
      .toArray()[0];
    this.sql.exec(
      "INSERT INTO clicks (user, article, kind, at) VALUES (?, ?, ?, ?) ON CONFLICT (user, article, kind) DO UPDATE SET at = max(at, excluded.at)",
      user,
      article,
      event.kind,
      event.at,
    );
    if (last && Math.abs(event.at - last.at) < DOUBLE_CLICK_MS) return false;
    if (event.kind === "download" && event.ranged && this.wasSeen(session, article, "req")) return false;
    const counted = this.sql
      .exec<{ n: number }>(
        "INSERT INTO per_address (address, article, kind, day, n) VALUES (?, ?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1 WHERE n < ? RETURNING n",
        address,
        article,
        event.kind,
        day,
        ADDRESS_DAILY_LIMIT,
      )
      .toArray();
    if (counted.length === 0) return false;

    const isInvestigation = event.kind === "view" || event.kind === "download";
    const uniqueInvestigation = isInvestigation && this.markSeen(session, article, "inv", hour) ? 1 : 0;
    const uniqueRequest = event.kind === "download" && this.markSeen(session, article, "req", hour) ? 1 : 0;
    const column = COLUMN_OF[event.kind];
    this.sql.exec(
      `INSERT INTO counts (day, article, country, ${column}, unique_investigations, unique_requests, version)
       VALUES (?, ?, ?, 1, ?, ?, 1)
       ON CONFLICT (day, article, country) DO UPDATE SET ${column} = ${column} + 1,
         unique_investigations = unique_investigations + excluded.unique_investigations,
         unique_requests = unique_requests + excluded.unique_requests, version = version + 1`,
      day,
      article,
      event.country,
      uniqueInvestigation,
      uniqueRequest,
    );
    return true;
  }

  private wasSeen(session: string, article: number, metric: string): boolean {
    return (
      this.sql.exec("SELECT 1 FROM seen WHERE session = ? AND article = ? AND metric = ?", session, article, metric).toArray().length > 0
    );
  }

  /** Notes the session's first investigation/request of the article; true when it is the first. */
  private markSeen(session: string, article: number, metric: string, hour: number): boolean {
    return (
      this.sql
        .exec(
          "INSERT INTO seen (session, article, metric, hour) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1",
          session,
          article,
          metric,
          hour,
        )
        .toArray().length > 0
    );
  }

  /** Forgets what no rule can use any more: clicks older than the filter, sessions of past hours, days flushed
   * and too old to receive events. */
  private prune(now: number): void {
    this.sql.exec("DELETE FROM clicks WHERE at < ?", now - 2 * DOUBLE_CLICK_MS);
    this.sql.exec("DELETE FROM seen WHERE hour < ?", Math.floor(now / HOUR_MS) - 1);
    this.sql.exec("DELETE FROM counts WHERE day < ? AND version = flushed_version", dayOf(now - ACCEPT_PAST_MS));
    this.sql.exec("DELETE FROM per_address WHERE day < ?", dayOf(now - ACCEPT_PAST_MS));
  }

  private hasWork(): boolean {
    const one = (table: string, where = "") => this.sql.exec(`SELECT 1 FROM ${table} ${where} LIMIT 1`).toArray().length > 0;
    return one("counts", "WHERE version > flushed_version") || one("clicks") || one("seen");
  }

  /** While sessions or double-click windows are open, the salt that keys them must not be lost to hibernation. */
  private stayInMemory(): void {
    if (this.keepInMemory) return;
    this.keepInMemory = setTimeout(() => {
      this.keepInMemory = null;
      if (this.hasWork()) this.stayInMemory();
    }, KEEP_IN_MEMORY_MS);
  }

  private async scheduleFlush(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + FLUSH_INTERVAL_MS);
  }

  private journalId(): number | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'journal'").toArray()[0];
    return row ? Number(row.value) : null;
  }

  /** An object counts for one journal only (its name is the journal's id); a mix-up is refused (and logged),
   * never merged. */
  private claim(journalId: number): boolean {
    const current = this.journalId();
    if (current === null) this.sql.exec("INSERT INTO meta (key, value) VALUES ('journal', ?)", String(journalId));
    else if (current !== journalId) {
      console.error(`usage counter of journal ${current} refused events of journal ${journalId}`);
      return false;
    }
    return true;
  }

  /** Article ids for the items named, from memory or D1 (reads only). Items that name no article are left out. */
  private async articleIdsOf(journalId: number, items: UsageItem[]): Promise<Map<string, number>> {
    const unknownRefs = new Set<string>();
    const unknownFiles = new Set<string>();
    for (const item of items) {
      if (this.articleIds.has(itemKey(item))) continue;
      if ("ref" in item) unknownRefs.add(item.ref);
      else unknownFiles.add(item.file.name);
    }
    if (unknownRefs.size + unknownFiles.size > 0) {
      const db = await journalDatabase(this.env, journalId);
      if (this.articleIds.size > MAX_REMEMBERED_ITEMS) this.articleIds.clear();
      for (const [ref, id] of await articleIdsByRef(db, journalId, [...unknownRefs])) this.articleIds.set(`r:${ref}`, id);
      for (const [key, id] of await articleIdsByFile(db, journalId, [...unknownFiles])) this.articleIds.set(`f:${key}`, id);
    }
    return this.articleIds;
  }
}

function toUsageDay(r: Record<string, string | number>): UsageDay {
  return {
    articleId: Number(r.article),
    day: String(r.day),
    country: String(r.country),
    views: Number(r.views),
    downloads: Number(r.downloads),
    uniqueInvestigations: Number(r.unique_investigations),
    uniqueRequests: Number(r.unique_requests),
    certificates: Number(r.certificates),
    coverPages: Number(r.cover_pages),
  };
}
